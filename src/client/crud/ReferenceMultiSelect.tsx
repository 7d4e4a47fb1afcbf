import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useMemo, type InputHTMLAttributes } from 'react';
import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useLookup } from './hooks';
import { optionLabel } from './ReferenceSelect';
import type { LookupItem, Translate } from './types';
import { findView } from './view';

interface ReferenceMultiSelectProps {
  /** The referenced resource; its declaration names the lookup method and the label field. */
  resource: string;
  value: number[];
  onChange: (ids: number[]) => void;
  t: Translate;
  disabled?: boolean;
  invalid?: boolean;
  /** On the text box of the tag input; options and tags carry `<testId>-option-<id>` and `<testId>-tag-<id>`. */
  testId?: string;
  ariaLabel?: string;
  /** Names of the current ids, in their order, until the list has them (reads carry `<base>Names`). */
  currentLabels?: readonly string[];
  /** Query parameters of the lookup: a declared `where`. */
  params?: Record<string, string | number | boolean>;
}

interface Option {
  id: number;
  label: string;
}

const matches: ItemPredicate<Option> = (query, option) => option.label.toLowerCase().includes(query.trim().toLowerCase());

/** A searchable tag picker fed by the referenced resource's lookup list; the value is the picked ids in order. */
export function ReferenceMultiSelect(props: ReferenceMultiSelectProps) {
  const { resource, value, onChange, t, disabled, invalid, testId, ariaLabel, currentLabels, params } = props;
  const view = findView(resource);
  const lookup = useLookup(view?.name, view?.lookup?.method, params);
  const labelField = view?.lookup?.labelField ?? view?.displayField ?? 'name';

  const options = useMemo<Option[]>(
    () => lookup.items.map((item: LookupItem) => ({ id: item.id, label: optionLabel(item, labelField) })),
    [lookup.items, labelField],
  );
  const selected = useMemo<Option[]>(() => {
    const byId = new Map(options.map((o) => [o.id, o]));
    // Until the list arrives (or for a row the list no longer offers), the names the record came with stand in.
    return value.map((id, index) => byId.get(id) ?? { id, label: currentLabels?.[index] ?? `#${id}` });
  }, [options, value, currentLabels]);
  const selectedIds = new Set(value);

  const renderOption: ItemRenderer<Option> = (option, { handleClick, handleFocus, modifiers }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem key={option.id} roleStructure="listoption" text={option.label} active={modifiers.active}
        selected={selectedIds.has(option.id)} disabled={modifiers.disabled} onClick={handleClick} onFocus={handleFocus}
        data-testid={testId ? `${testId}-option-${option.id}` : undefined} />
    );
  };

  const toggle = (option: Option) =>
    onChange(selectedIds.has(option.id) ? value.filter((id) => id !== option.id) : [...value, option.id]);

  return (
    <MultiSelect<Option>
      fill
      disabled={disabled}
      items={options}
      selectedItems={selected}
      itemPredicate={matches}
      itemRenderer={renderOption}
      itemsEqual="id"
      onItemSelect={toggle}
      onRemove={(option) => onChange(value.filter((id) => id !== option.id))}
      onClear={disabled || value.length === 0 ? undefined : () => onChange([])}
      resetOnSelect
      placeholder={t('crud.multiSelectPlaceholder')}
      noResults={<MenuItem disabled roleStructure="listoption" text={lookup.loading ? t('common.loading') : t('crud.noOptions')} />}
      tagRenderer={(option) => <span data-testid={testId ? `${testId}-tag-${option.id}` : undefined}>{option.label}</span>}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ 'aria-label': ariaLabel }}
      tagInputProps={{
        intent: invalid ? 'danger' : 'none',
        tagProps: { minimal: true },
        inputProps: { id: testId, 'aria-label': ariaLabel, 'aria-busy': lookup.loading, ...(testId ? { 'data-testid': testId } : {}) } as InputHTMLAttributes<HTMLInputElement>,
      }}
    />
  );
}
