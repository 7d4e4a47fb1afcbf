// Lint for src/ and test/: typescript-eslint's recommended rules (syntax only, no type information, so it stays fast)
// and the two rules of hooks for the React client. Run from the repository root: `npm run lint`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What only the time module may write: each a selector and the reason the code gives instead. */
function oneClockRules() {
  const text = (pattern) => [`Literal[value=${pattern}]`, `TemplateElement[value.raw=${pattern}]`];
  const rule = (selectors, message) => selectors.map((selector) => ({ selector, message }));
  return [
    ...rule(['BinaryExpression[operator="*"][left.value=8][right.value=/^(60|3600|3600000)$/]', 'Literal[value=28800000]', 'Literal[value=28800]'],
      'China time by hand: ask the tenant\'s calendar (ctx.calendar, src/shared/time).'),
    ...rule(text('/\\+08:?00/'), 'A fixed +08:00: instants carry the tenant\'s offset, from the time module.'),
    ...rule(text('/localtimestamp|current_date|current_time\\b|now\\(\\)::date/i'),
      'The database session\'s zone: use now() for an instant, and the time module for days (src/server/time/sql.ts).'),
    ...rule(text('/at time zone|::timestamp(?!tz)\\b|timestamp \'|\\btimestamp without/i'),
      'Zone-less times in SQL: instants are timestamptz; read them on a zone\'s clock through src/server/time/sql.ts.'),
    ...rule(text('/Asia\\/Shanghai/'), 'The default zone is DEFAULT_TIME_ZONE; a tenant\'s is ctx.calendar.zone.'),
    ...rule(['MemberExpression[property.name=/^(getTimezoneOffset|getFullYear|getMonth|getDate|getDay|getHours|getMinutes|getSeconds|setFullYear|setMonth|setDate|setHours|setMinutes|setSeconds|toLocaleDateString|toLocaleTimeString)$/]'],
      'The zone of Node or the browser: read instants on the tenant\'s clock with the time module.'),
    ...rule(['NewExpression[callee.name="Date"][arguments.length>1]'], 'A date on the local clock: build instants with the time module.'),
    ...rule(['CallExpression[callee.object.name="Date"][callee.property.name="parse"]', 'NewExpression[callee.name="Date"] > Literal', 'NewExpression[callee.name="Date"] > TemplateLiteral'],
      'Lenient date parsing: parse with parseCalendarDate / parseInstant (src/shared/time).'),
  ];
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'public/', 'test-results/'] },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: { parserOptions: { tsconfigRootDir: rootDir } },
    rules: {
      // A leading underscore marks what is left unused on purpose: a parameter a signature requires, a property taken
      // out of an object by destructuring so that the rest goes on without it.
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_',
        ignoreRestSiblings: true,
      }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // One clock: days, months and offsets come from the time module (src/shared/time, and src/server/time for SQL),
    // never from arithmetic by hand, the database session's zone, or the zone of Node or the browser.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/time/**', 'src/server/time/**', 'src/shared/locales/**', 'src/**/*.test.{ts,tsx}', 'src/**/test-support*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...oneClockRules()],
    },
  },
  {
    // The tests read the server's JSON answers, whose shape is what they check.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
