import { corporateType } from '../../../shared/enums';
import { enterpriseinformation, hazardouswasteinformation } from '../../../shared/resources';
import { useLookup } from '../../crud/hooks';
import { NestedRowsEditor, type NestedRowsConfig, type NestedRowsProps } from '../../crud/nested-rows/NestedRowsEditor';
import type { LookupItem } from '../../crud/types';
import { formatTonnes, newRow, PLAN_ROWS, weightTotals, type PlanRowDraft } from './plan-rows';

interface PlanRowsEditorProps extends NestedRowsProps<PlanRowDraft> {
  /** The plan's producer: its in-use hazardous wastes are the choices of a row. */
  enterpriseId: number | null;
}

const nameOf = (item: LookupItem) => (typeof item.name === 'string' && item.name ? item.name : `#${item.id}`);
const wasteLabel = (item: LookupItem) =>
  (typeof item.wastecodeName === 'string' && item.wastecodeName ? `${nameOf(item)}（${item.wastecodeName}）` : nameOf(item));

/** The rows of an annual plan: the nested-rows editor over the plan detail declaration. */
export function PlanRowsEditor({ enterpriseId, ...props }: PlanRowsEditorProps) {
  const { rows, t, language } = props;
  const wastes = useLookup(hazardouswasteinformation.name, 'GetHazardouswasteInformationList',
    enterpriseId ? { enterpriseId } : undefined, enterpriseId !== null);
  const receivers = useLookup(enterpriseinformation.name, 'GetEnterpriseInformationAll', { corporateType: corporateType.receiver });
  const totals = weightTotals(rows);
  const config: NestedRowsConfig<PlanRowDraft> = {
    ...PLAN_ROWS,
    newRow,
    references: {
      hazardouswasteId: {
        items: wastes.items, loading: wastes.loading, labelOf: wasteLabel, disabled: enterpriseId === null,
        emptyText: enterpriseId === null ? t('plans.chooseEnterpriseFirst') : t('common.select'),
      },
      receiverId: { items: receivers.items, loading: receivers.loading, labelOf: nameOf, emptyText: t('common.select') },
    },
    ids: { editor: 'plan-rows-editor', row: 'plan-row', add: 'plan-add-row', empty: 'plan-rows-empty' },
    texts: {
      hint: t('plans.rowsHint'), number: t('plans.rowNumber'), empty: t('plans.noRows'), add: t('plans.addRow'), total: t('plans.total'),
      deleteRow: (row) => t('plans.deleteRow', { row }),
    },
    totals: [
      { field: 'thisyearweight', testId: 'plan-editor-total-thisyearweight', text: formatTonnes(totals.thisyearweight, language) },
      { field: 'lastyearweight', testId: 'plan-editor-total-lastyearweight', text: formatTonnes(totals.lastyearweight, language) },
    ],
    widths: { thisyearweight: 120, lastyearweight: 120, disposalMethod: 110 },
  };
  return <NestedRowsEditor config={config} {...props} />;
}
