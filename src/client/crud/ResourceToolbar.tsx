import { referenceParams } from './form-values';
import { useState, type ReactNode } from 'react';
import { Button, Classes, Divider, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FieldDef } from '../../shared/resource-kit';
import { parseCalendarDate } from '../../shared/time';
import { DateField } from '../time/DateField';
import { enumLabel } from './format';
import { rangeFilterNames } from './query';
import { ReferenceSelect } from './ReferenceSelect';
import type { FilterValue, ResourceView, Translate } from './types';

interface ResourceToolbarProps {
  view: ResourceView;
  keyword: string;
  filters: Record<string, FilterValue>;
  loading: boolean;
  exporting: boolean;
  canCreate: boolean;
  t: Translate;
  onSearch: (keyword: string) => void;
  onFilter: (name: string, value: FilterValue | null) => void;
  onReset: () => void;
  onRefresh: () => void;
  onCreate: () => void;
  onExport: () => void;
  /** Extra buttons, placed before Refresh/Export/New. */
  extra?: ReactNode;
}

function FilterControl({ name, def, value, filters, label, t, onFilter }: {
  name: string; def: FieldDef; value: FilterValue | undefined; filters: Record<string, FilterValue>; label: string; t: Translate;
  onFilter: (name: string, value: FilterValue | null) => void;
}) {
  const anyText = t('crud.filterAny', { field: label });
  const testId = `filter-${name}`;
  if (def.kind === 'reference') {
    return (
      <ReferenceSelect resource={def.resource} value={value === undefined ? null : Number(value)} emptyText={anyText}
        testId={testId} ariaLabel={label} params={referenceParams(def, filters)} onChange={(id) => onFilter(name, id)} />
    );
  }
  if (def.kind === 'enum') {
    // A declared `filterAll` is what the server reads as "all"; the choice sends it.
    const all = def.filterAll === undefined ? '' : String(def.filterAll);
    return (
      <HTMLSelect aria-label={label} data-testid={testId} value={value === undefined ? all : String(value)}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          if (raw === '') onFilter(name, null);
          else if (def.filterAll !== undefined && raw === all) onFilter(name, def.filterAll);
          else onFilter(name, def.enum.options.find((o) => String(o.value) === raw)?.value ?? raw);
        }}>
        <option value={all}>{anyText}</option>
        {def.enum.options.filter((o) => def.filterAll === undefined || String(o.value) !== all).map((o) => <option key={String(o.value)} value={String(o.value)}>{enumLabel(def, o.value, t)}</option>)}
      </HTMLSelect>
    );
  }
  if (def.kind === 'boolean') {
    return (
      <HTMLSelect aria-label={label} data-testid={testId} value={value === undefined ? '' : String(value)}
        onChange={(e) => onFilter(name, e.currentTarget.value === '' ? null : e.currentTarget.value === 'true')}>
        <option value="">{anyText}</option>
        <option value="true">{label}：{t('common.yes')}</option>
        <option value="false">{label}：{t('common.no')}</option>
      </HTMLSelect>
    );
  }
  // Other kinds are matched by the keyword; a free-text equality filter would only confuse.
  return null;
}

/** From/To of a field declared with `filterRange`; either end may stay open. Only dates have range controls. */
function RangeFilter({ name, def, filters, label, t, onFilter }: {
  name: string; def: FieldDef; filters: Record<string, FilterValue>; label: string; t: Translate;
  onFilter: (name: string, value: FilterValue | null) => void;
}) {
  // A date-time field is filtered by days too: the server takes a day as the whole day of the tenant.
  if (def.kind !== 'date' && def.kind !== 'datetime') return null;
  const names = rangeFilterNames(name);
  const from = filters[names.from] === undefined ? null : String(filters[names.from]);
  const to = filters[names.to] === undefined ? null : String(filters[names.to]);
  // An emptied input is an open end; a half-typed or impossible date changes nothing.
  const input = (filter: string, value: string | null, text: string, bound: { min?: string; max?: string }) => (
    <DateField value={value} width={130} ariaLabel={text} title={text} testId={`filter-${filter}`} {...bound}
      onChange={(next) => {
        if (next === null || parseCalendarDate(next)) onFilter(filter, next);
      }} />
  );
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-testid={`filter-range-${name}`}>
      <span className={Classes.TEXT_MUTED}>{label}</span>
      {input(names.from, from, t('crud.filterFrom', { field: label }), { max: parseCalendarDate(to) ?? undefined })}
      <span aria-hidden>–</span>
      {input(names.to, to, t('crud.filterTo', { field: label }), { min: parseCalendarDate(from) ?? undefined })}
    </span>
  );
}

/** Keyword search (Enter), one control per filterable field, and the list's actions. */
export function ResourceToolbar(props: ResourceToolbarProps) {
  const { view, keyword, filters, loading, exporting, canCreate, t, onSearch, onFilter, onReset, onRefresh, onCreate, onExport, extra } = props;
  // The box keeps what is typed; the store keeps what was searched. A reset from outside empties the box too.
  const [text, setText] = useState(keyword);
  const [searched, setSearched] = useState(keyword);
  if (searched !== keyword) {
    setSearched(keyword);
    setText(keyword);
  }
  // A screen's fixed filters are not the clerk's to change.
  const filterable = view.fieldNames.filter((n) => view.fields[n].filterable && !(n in (view.fixedFilters ?? {})));
  const ranged = view.fieldNames.filter((n) => view.fields[n].filterRange);
  const hasQuery = keyword !== '' || Object.keys(filters).length > 0;

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6, padding: '0 0 8px' }} data-testid="resource-toolbar">
      <InputGroup
        data-testid="keyword"
        leftIcon="search"
        placeholder={t('common.keywordPlaceholder')}
        aria-label={t('common.search')}
        value={text}
        style={{ width: 220 }}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text);
          if (e.key === 'Escape' && text !== '') {
            setText('');
            if (keyword !== '') onSearch('');
          }
        }}
        rightElement={text ? (
          <Button variant="minimal" icon="cross" aria-label={t('common.reset')} onClick={() => { setText(''); if (keyword) onSearch(''); }} />
        ) : undefined}
      />
      {filterable.map((name) => (
        <FilterControl key={name} name={name} def={view.fields[name]} value={filters[name]} filters={filters} label={t(view.i18n.field(name))}
          t={t} onFilter={onFilter} />
      ))}
      {ranged.map((name) => (
        <RangeFilter key={`${name}-range`} name={name} def={view.fields[name]} filters={filters} label={t(view.i18n.field(name))}
          t={t} onFilter={onFilter} />
      ))}
      <Button icon="search" text={t('common.search')} data-testid="btn-search" onClick={() => onSearch(text)} />
      {hasQuery && <Button variant="minimal" icon="filter-remove" text={t('common.reset')} data-testid="btn-reset" onClick={onReset} />}
      <span style={{ flex: 1 }} />
      {extra}
      <Button icon="refresh" text={t('common.refresh')} loading={loading} data-testid="btn-refresh" onClick={onRefresh} />
      <Divider />
      <Button icon="export" text={t('common.export')} disabled={exporting} data-testid="btn-export" onClick={onExport} />
      {canCreate && <Button intent="primary" icon="add" text={t('common.create')} data-testid="btn-create" onClick={onCreate} />}
    </div>
  );
}
