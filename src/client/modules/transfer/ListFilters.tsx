import { InputGroup } from '@blueprintjs/core';
import { ReferenceSelect } from '../../crud/ReferenceSelect';
import type { FilterValue, Translate } from '../../crud/types';

const WASTECODE_FILTER = 'WastecodeId';
const DATE_FROM_FILTER = 'plannedDateFrom';
const DATE_TO_FILTER = 'plannedDateTo';

interface ListFiltersProps {
  filters: Record<string, FilterValue>;
  testIdPrefix: string;
  t: Translate;
  onFilter: (name: string, value: FilterValue | null) => void;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the generic toolbar has no control for: a waste code and the planned-date range. */
export function ListFilters({ filters, testIdPrefix, t, onFilter }: ListFiltersProps) {
  const date = (name: string, label: string) => (
    <InputGroup type="date" aria-label={label} title={label} data-testid={`${testIdPrefix}${name}`} style={{ width: 140 }}
      value={typeof filters[name] === 'string' ? String(filters[name]) : ''}
      onChange={(e) => {
        const value = e.currentTarget.value;
        // A half-typed date changes nothing; an emptied one removes the bound.
        if (value === '' || ISO_DATE.test(value)) onFilter(name, value || null);
      }} />
  );
  return (
    <>
      <ReferenceSelect resource="Wastecode" value={filters[WASTECODE_FILTER] === undefined ? null : Number(filters[WASTECODE_FILTER])}
        emptyText={t('crud.filterAny', { field: t('resource.TransferOrderLine.fields.wastecodeId') })}
        testId={`${testIdPrefix}${WASTECODE_FILTER}`} ariaLabel={t('resource.TransferOrderLine.fields.wastecodeId')}
        onChange={(id) => onFilter(WASTECODE_FILTER, id)} />
      {date(DATE_FROM_FILTER, t('transfer.plannedFrom'))}
      <span aria-hidden>–</span>
      {date(DATE_TO_FILTER, t('transfer.plannedTo'))}
    </>
  );
}
