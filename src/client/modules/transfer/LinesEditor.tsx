import { useLookup } from '../../crud/hooks';
import { NestedRowsEditor, type NestedRowsConfig, type NestedRowsProps } from '../../crud/nested-rows/NestedRowsEditor';
import type { LookupItem } from '../../crud/types';
import { newLine, ORDER_LINES, totalQuantity, type LineDraft } from './order-lines';
import { tonnes } from './StatusTags';
import { LOOKUPS } from './transferView';

interface LinesEditorProps extends NestedRowsProps<LineDraft> {
  /** The order's producer: its hazardous-waste records are the lines' choices. */
  producerId: number | null;
}

function wasteLabel(item: LookupItem): string {
  const name = typeof item.name === 'string' && item.name ? item.name : `#${item.id}`;
  return typeof item.wastecodeName === 'string' && item.wastecodeName ? `${name}（${item.wastecodeName}）` : name;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** A record's packing, form and characteristics become the line's defaults where the clerk has not chosen yet. */
function defaultsFrom(line: LineDraft, record: LookupItem | undefined): Partial<LineDraft> {
  if (!record) return {};
  const hazards = Array.isArray(record.hazardCharacteristics) ? record.hazardCharacteristics.map(String) : [];
  return {
    containerType: line.containerType ?? numberOrNull(record.containerType),
    physicalForm: line.physicalForm ?? numberOrNull(record.physicalCharacteristics),
    hazardCharacteristics: line.hazardCharacteristics.length > 0 ? line.hazardCharacteristics : hazards,
  };
}

/** The order's lines: the nested-rows editor over the line declaration; a chosen waste record fills in its defaults. */
export function LinesEditor({ producerId, ...props }: LinesEditorProps) {
  const { rows: lines, t } = props;
  const wastes = useLookup(LOOKUPS.wastes.resource, LOOKUPS.wastes.method, producerId ? { enterpriseId: producerId } : undefined, producerId !== null);
  const config: NestedRowsConfig<LineDraft> = {
    ...ORDER_LINES,
    newRow: newLine,
    references: {
      hazardouswasteId: {
        items: wastes.items, loading: wastes.loading, labelOf: wasteLabel, disabled: producerId === null,
        emptyText: producerId === null ? t('transfer.chooseProducerFirst') : t('common.select'),
        // Records taken out of use are not offered for new lines.
        offered: (item) => Number(item.status ?? 0) === 0,
        onPick: defaultsFrom,
      },
    },
    ids: { editor: 'lines-editor', row: 'line', add: 'line-add', empty: 'lines-empty' },
    texts: {
      hint: t('transfer.linesHint'), number: t('transfer.lineNumber'), empty: t('transfer.noLines'), add: t('transfer.addLine'),
      total: t('transfer.total'), deleteRow: (line) => t('transfer.deleteLine', { line }),
    },
    cellLabel: (label, index) => `${label} ${index + 1}`,
    totals: [{ field: 'quantity', testId: 'lines-total', text: tonnes(totalQuantity(lines)) }],
    widths: { quantity: 96, containerCount: 72, containerType: 84, physicalForm: 84, hazardCharacteristics: 150, disposalMethod: 96 },
  };
  return <NestedRowsEditor config={config} {...props} />;
}
