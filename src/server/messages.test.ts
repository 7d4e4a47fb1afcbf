// Every message the server sends is a sentence with its arguments filled in: the declared texts agree on their
// placeholders in both languages, and every call that words a message from a declared text names all of them.
import fs from 'node:fs';
import path from 'node:path';
import { buildAllTranslations, flattenTranslations, placeholdersOf, translate, type TextKey } from '../shared/locales';
import { abpProjectTexts, abpSourceTexts } from '../shared/locales/abp-sources';

const zh = flattenTranslations(buildAllTranslations('zh-CN'));
const en = flattenTranslations(buildAllTranslations('en-US'));

describe('declared texts', () => {
  it('name the same placeholders in both languages, in our one form only', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const disagree = Object.keys(zh).filter((key) => placeholdersOf(zh[key]).sort().join() !== placeholdersOf(en[key]).sort().join());
    expect(disagree).toEqual([]);
    // Braces left after our placeholders are a placeholder of another form (ABP's `{0}`) that nothing would fill.
    const stray = Object.entries({ ...zh, ...en }).filter(([, text]) => /[{}]/.test(text.replace(/\{\{\w+\}\}/g, '')));
    expect(stray).toEqual([]);
  });

  it('ABP\'s sources carry positional placeholders only, the same ones in both languages', () => {
    const sources = (language: 'zh-CN' | 'en-US') => ({ ...abpSourceTexts(language), AbpProjectName: abpProjectTexts(language) });
    const [zhSources, enSources] = [sources('zh-CN'), sources('en-US')];
    const positions = (text: string) => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort().join();
    const problems: string[] = [];
    for (const [source, texts] of Object.entries(zhSources)) {
      for (const [key, text] of Object.entries(texts)) {
        const other = enSources[source as keyof typeof enSources][key];
        if (positions(text) !== positions(other)) problems.push(`${source}.${key}: the languages differ`);
        if ([text, other].some((t) => /[{}]/.test(t.replace(/\{\d+\}/g, '')))) problems.push(`${source}.${key}: a placeholder ABP would not fill`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Every `translate(language, <key>, <params>)` in the server's sources: the literal keys and the params written. */
function translateCalls(): { file: string; keys: string[]; params: string | null }[] {
  const root = path.join(__dirname);
  const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
  const calls: { file: string; keys: string[]; params: string | null }[] = [];
  for (const file of files(root)) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\btranslate\(\s*[\w.]+\s*,\s*/g)) {
      // The key: up to the comma or parenthesis that closes it at depth 0.
      let i = match.index + match[0].length;
      let depth = 0;
      const keyStart = i;
      for (; i < source.length; i++) {
        const c = source[i];
        if ('([{'.includes(c)) depth++;
        else if (')]}'.includes(c)) { if (depth === 0) break; depth--; } else if (c === ',' && depth === 0) break;
      }
      const keyExpression = source.slice(keyStart, i);
      const keys = [...keyExpression.matchAll(/'([\w]+\.[\w]+)'/g)].map((m) => m[1]);
      if (keys.length === 0) continue; // a helper's key variable: its callers are typed (TextKey) and tested
      let params: string | null = null;
      if (source[i] === ',') {
        const rest = source.slice(i + 1).trimStart();
        if (rest.startsWith('{')) {
          let d = 0;
          let j = 0;
          for (; j < rest.length; j++) {
            if (rest[j] === '{') d++;
            else if (rest[j] === '}' && --d === 0) break;
          }
          params = rest.slice(0, j + 1);
        } else {
          params = '...'; // a variable: not readable here
        }
      }
      calls.push({ file: path.relative(root, file), keys, params });
    }
  }
  return calls;
}

describe('the server\'s calls', () => {
  const calls = translateCalls();

  it('are found (the sweep reads the sources it means to)', () => {
    expect(calls.length).toBeGreaterThan(50);
  });

  it('give every placeholder of the text they word an argument', () => {
    const unfilled: string[] = [];
    for (const { file, keys, params } of calls) {
      if (params?.includes('...')) continue;
      // An argument given as '' fills its placeholder with nothing: the sentence has a hole where it names something.
      const named = new Set([...(params ?? '').matchAll(/(?:[{,]\s*)(\w+)\s*(?=[:,}])(?!:\s*''\s*[,}])/g)].map((m) => m[1]));
      for (const key of keys) {
        const missing = placeholdersOf(zh[key] ?? '').filter((name) => !named.has(name));
        if (!(key in zh)) unfilled.push(`${file}: ${key} is not a declared text`);
        else if (missing.length > 0) unfilled.push(`${file}: ${key} leaves ${missing.join(', ')} unfilled`);
      }
    }
    expect(unfilled).toEqual([]);
  });
});

describe('translate', () => {
  it('words the unknown tenant and the inactive one as sentences naming them, in both languages', () => {
    const sentences = (['zh-CN', 'en-US'] as const).flatMap((language) => [
      translate(language, 'errors.tenantNotFound', { id: 42 }),
      translate(language, 'login.tenantInactive', { name: 'Default' }),
    ]);
    expect(sentences).toEqual(['不存在 Id 为 42 的租户', '租户“Default”未激活', 'There is no tenant with id 42', 'Tenant “Default” is not active']);
  });

  it('takes only declared keys', () => {
    // @ts-expect-error a key nobody declared is a compile error, never a key sent as a message
    const undeclared: TextKey = 'errors.ThereIsNoTenantDefinedWithName{0}';
    expect(undeclared in zh).toBe(false);
  });
});
