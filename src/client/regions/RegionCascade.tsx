import { Button, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { Dispatch } from '@reduxjs/toolkit';
import { EMPTY_CHILDREN, regionsActions, selectRegionChildren, type RegionsRootState } from './slice';

export type RegionField = 'province' | 'city' | 'county' | 'town' | 'village';

/** Top down: the select of field i lists the children of the code chosen in field i - 1. */
export const REGION_FIELDS: readonly RegionField[] = ['province', 'city', 'county', 'town', 'village'];

/** The chosen code of each level, null when none is chosen. */
export type RegionValue = Record<RegionField, string | null>;

export const EMPTY_REGION_VALUE: RegionValue = { province: null, city: null, county: null, town: null, village: null };

export interface RegionCascadeProps {
  value: Partial<RegionValue>;
  /** Receives every level: the one changed, the ones above as they were and the ones below cleared. */
  onChange: (next: RegionValue) => void;
  /** How many levels to offer, from the province down (default all five). */
  levels?: 1 | 2 | 3 | 4 | 5;
  disabled?: boolean;
}

// Typed locally so that the component depends only on the regions slice, not on the application's store.
const useRegionsSelector = useSelector.withTypes<RegionsRootState>();
const useRegionsDispatch = useDispatch.withTypes<Dispatch>();

interface LevelSelectProps {
  field: RegionField;
  /** Whose children to list: `null` for the provinces. */
  parentCode: string | null;
  /** False while the level above has no choice. */
  active: boolean;
  value: string | null;
  disabled: boolean;
  onPick: (code: string | null) => void;
}

function LevelSelect({ field, parentCode, active, value, disabled, onPick }: LevelSelectProps) {
  const { t } = useTranslation();
  const dispatch = useRegionsDispatch();
  const children = useRegionsSelector((state) => (active ? selectRegionChildren(state, parentCode) : EMPTY_CHILDREN));
  const { items, loading, loaded, error } = children;
  const needed = active && !loaded && !loading && !error;
  useEffect(() => {
    // Values set from outside (a record opened for editing) need their lists too; the saga answers repeats from the cache.
    if (needed) dispatch(regionsActions.childrenRequested({ parentCode }));
  }, [dispatch, needed, parentCode]);

  const label = t(`regions.${field}`);
  let placeholder = t('regions.choose', { level: label });
  if (active && loading) placeholder = t('regions.loading', { level: label });
  else if (active && error) placeholder = t('regions.loadFailed', { level: label });
  // The chosen code may be missing from the list while it loads: keep it so that nothing is lost.
  const missing = active && value !== null && !items.some((region) => region.code === value);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <HTMLSelect
        data-testid={`region-${field}`}
        aria-label={label}
        aria-busy={loading}
        disabled={disabled || !active || (loaded && items.length === 0)}
        value={active && value !== null ? value : ''}
        onChange={(e) => onPick(e.currentTarget.value === '' ? null : e.currentTarget.value)}
      >
        <option value="">{placeholder}</option>
        {missing && <option value={value}>{value}</option>}
        {active && items.map((region) => <option key={region.code} value={region.code}>{region.name}</option>)}
      </HTMLSelect>
      {active && loading && <span data-testid={`region-${field}-loading`}><Spinner size={16} /></span>}
      {active && error && !loading && (
        <Button
          variant="minimal" size="small" icon="refresh" data-testid={`region-${field}-retry`}
          aria-label={t('common.retry')} title={error.message}
          onClick={() => dispatch(regionsActions.childrenRequested({ parentCode }))}
        />
      )}
    </span>
  );
}

/** Province → city → county → town → village selects; each lists the children of the choice above it. */
export function RegionCascade({ value, onChange, levels = 5, disabled = false }: RegionCascadeProps) {
  const fields = REGION_FIELDS.slice(0, levels);
  // Forms may hold undefined or '' for an empty level.
  const full = Object.fromEntries(REGION_FIELDS.map((field) => [field, value[field] || null])) as RegionValue;

  const pick = (index: number, code: string | null) => {
    const next: RegionValue = { ...full };
    REGION_FIELDS.forEach((field, i) => {
      if (i === index) next[field] = code;
      else if (i > index) next[field] = null;
    });
    // The next level asks for its list once the new value comes back (see LevelSelect).
    onChange(next);
  };

  return (
    <div data-testid="region-cascade" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      {fields.map((field, i) => {
        const parentCode = i === 0 ? null : full[REGION_FIELDS[i - 1]];
        // A level whose parent is empty, or a level below such a gap, has nothing to list.
        const active = fields.slice(0, i).every((above) => full[above] !== null);
        return (
          <LevelSelect
            key={field}
            field={field}
            parentCode={parentCode}
            active={active}
            value={full[field]}
            disabled={disabled}
            onPick={(code) => pick(i, code)}
          />
        );
      })}
    </div>
  );
}
