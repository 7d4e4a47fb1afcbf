import { pick, type FieldDef, type Label, type Language } from '../../shared/resource-kit';
import { CHECKS } from '../../shared/validators';
import { parseCalendarDate, parseInstant } from '../../shared/time';
import { enumValuesOf, toNumber } from './format';
import { isEmpty, type FormValues } from './form-values';
import type { ResourceView, Translate } from './types';
import { formFieldNames } from './view';

/** A message with the declared hint after it, punctuated for the language (the server's messages read alike). */
function withHint(message: string, hint: Label | undefined, language: Language): string {
  if (!hint) return message;
  const text = pick(hint, language);
  return language === 'zh-CN' ? `${message}（${text}）` : `${message} (${text})`;
}

/**
 * The declaration's rules, checked before a call so that a clerk sees mistakes at once. The server checks the same
 * rules again (it is the authority); its messages arrive as `validationErrors` and are shown beside these.
 */
export function validateField(def: FieldDef, raw: unknown, label: string, t: Translate, language: Language): string | null {
  if (isEmpty(raw)) return def.required ? t('validation.required', { field: label }) : null;
  switch (def.kind) {
    case 'string':
    case 'text': {
      const text = String(raw);
      if (def.required && text.trim() === '') return t('validation.required', { field: label });
      if (def.maxLength !== undefined && text.length > def.maxLength) return t('validation.maxLength', { field: label, max: def.maxLength });
      // Anchored as the server anchors it: the whole value must match.
      if (def.kind === 'string' && def.pattern && !new RegExp(`^(?:${def.pattern})$`).test(text)) {
        return withHint(t('validation.pattern', { field: label }), def.patternHint, language);
      }
      if (def.kind === 'string' && def.check && !CHECKS[def.check].test(text)) {
        return withHint(t('validation.check', { field: label }), CHECKS[def.check].hint, language);
      }
      return null;
    }
    case 'integer':
    case 'decimal': {
      const n = toNumber(raw);
      if (n === null) return t('validation.number', { field: label });
      if (def.kind === 'integer' && !Number.isInteger(n)) return t('validation.integer', { field: label });
      if (def.min !== undefined && n < def.min) return t('validation.min', { field: label, min: def.min });
      if (def.kind === 'decimal' && def.greaterThan !== undefined && n <= def.greaterThan) {
        return t('validation.greaterThan', { field: label, min: def.greaterThan });
      }
      if (def.max !== undefined && n > def.max) return t('validation.max', { field: label, max: def.max });
      return null;
    }
    // Strict, as the server reads them: 2026-02-30 is refused, not rolled to March. Which zone a wall time is read in
    // does not change whether it names a time.
    case 'date':
      return parseCalendarDate(raw) === null ? t('validation.date', { field: label }) : null;
    case 'datetime':
      return parseInstant(raw, 'UTC') === null ? t('validation.date', { field: label }) : null;
    case 'enum': {
      const allowed = new Set(def.enum.options.map((o) => String(o.value)));
      const values = def.multiple ? enumValuesOf(raw) : [raw];
      return values.every((v) => allowed.has(String(v))) ? null : t('validation.enum', { field: label });
    }
    default:
      return null;
  }
}

/** Messages by field name for every form field that breaks a declared rule. */
export function validateForm(view: ResourceView, values: FormValues, t: Translate, language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of formFieldNames(view)) {
    const message = validateField(view.fields[name], values[name], t(view.i18n.field(name)), t, language);
    if (message) errors[name] = message;
  }
  return errors;
}
