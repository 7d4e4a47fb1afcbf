import { Classes } from '@blueprintjs/core';
import type { FormSectionContext } from '../../crud';
import { RegionCascade, REGION_FIELDS, type RegionField, type RegionValue } from '../../regions';

/** The enterprise fields behind each level of the cascade. */
export const REGION_CODE_FIELDS: Record<RegionField, string> = {
  province: 'provinceCode',
  city: 'cityCode',
  county: 'countyCode',
  town: 'townCode',
  village: 'villageCode',
};

export const REGION_VALUE_KEYS: readonly string[] = REGION_FIELDS.map((f) => REGION_CODE_FIELDS[f]);

const codeOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function regionValueOf(values: Record<string, unknown>): RegionValue {
  return Object.fromEntries(REGION_FIELDS.map((f) => [f, codeOf(values[REGION_CODE_FIELDS[f]])])) as RegionValue;
}

export function regionPatchOf(next: RegionValue): Record<string, string | null> {
  return Object.fromEntries(REGION_FIELDS.map((f) => [REGION_CODE_FIELDS[f], next[f]]));
}

/** Province to village of an enterprise, with the server's messages about the codes under it. */
export function RegionSection({ values, setValues, errors, disabled }: FormSectionContext) {
  const messages = REGION_VALUE_KEYS.map((key) => errors[key]).filter((m): m is string => Boolean(m));
  return (
    <div data-testid="form-field-region" style={{ marginBottom: 10 }}>
      <RegionCascade value={regionValueOf(values)} disabled={disabled} onChange={(next) => setValues(regionPatchOf(next))} />
      {messages.length > 0 && (
        <div className={Classes.FORM_HELPER_TEXT} style={{ color: '#cd4246', marginTop: 4 }}>
          {messages.join(' ')}
        </div>
      )}
    </div>
  );
}
