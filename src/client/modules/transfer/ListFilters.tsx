import { parseCalendarDate } from '../../../shared/time';
import { ReferenceSelect } from '../../crud/ReferenceSelect';
import type { FilterValue, Translate } from '../../crud/types';
import { DateField } from '../../time/DateField';

const WASTECODE_FILTER = 'WastecodeId';
const DATE_FROM_FILTER = 'plannedDateFrom';
const DATE_TO_FILTER = 'plannedDateTo';

interface ListFiltersProps {
  filters: Record<string, FilterValue>;
  testIdPrefix: string;
  t: Translate;
  onFilter: (name: string, value: FilterValue | null) => void;
}

/** The filters the generic toolbar has no control for: a waste code and the planned-date range. */
export function ListFilters({ filters, testIdPrefix, t, onFilter }: ListFiltersProps) {
  const value = (name: string) => (typeof filters[name] === 'string' ? String(filters[name]) : null);
  const date = (name: string, label: string, bound: { min?: string; max?: string }) => (
    <DateField value={value(name)} ariaLabel={label} title={label} testId={`${testIdPrefix}${name}`} width={130}
      min={bound.min} max={bound.max}
      // A half-typed date changes nothing; an emptied one removes the bound.
      onChange={(text) => {
        if (text === null || parseCalendarDate(text)) onFilter(name, text);
      }} />
  );
  return (
    <>
      <ReferenceSelect resource="Wastecode" value={filters[WASTECODE_FILTER] === undefined ? null : Number(filters[WASTECODE_FILTER])}
        emptyText={t('crud.filterAny', { field: t('resource.TransferOrderLine.fields.wastecodeId') })}
        testId={`${testIdPrefix}${WASTECODE_FILTER}`} ariaLabel={t('resource.TransferOrderLine.fields.wastecodeId')}
        onChange={(id) => onFilter(WASTECODE_FILTER, id)} />
      {date(DATE_FROM_FILTER, t('transfer.plannedFrom'), { max: value(DATE_TO_FILTER) ?? undefined })}
      <span aria-hidden>–</span>
      {date(DATE_TO_FILTER, t('transfer.plannedTo'), { min: value(DATE_FROM_FILTER) ?? undefined })}
    </>
  );
}
