import { annualmanagementplandetail } from '../../../shared/resources';
import { pick, type EntityDto, type Language } from '../../../shared/resource-kit';
import { formatDecimal, toNumber } from '../../crud/format';
import type { Translate } from '../../crud/types';
import { validateField } from '../../crud/validation';

/** The body key of a plan's rows in CreateAMP_AMPM / UpdateAMP_AMPM, and the form value that holds them. */
export const ROWS_KEY = 'details';

/** The editable columns of a row, in the order Tab visits them. */
export const ROW_FIELDS = ['hazardouswasteId', 'thisyearweight', 'lastyearweight', 'disposalMethod', 'receiverId'] as const;
export type RowField = (typeof ROW_FIELDS)[number];

const DETAIL = annualmanagementplandetail.fields;
const WEIGHT_SCALE = DETAIL.thisyearweight.scale ?? 4;

/**
 * One row while it is typed: weights stay text (so "1." can be typed), selects hold ids. `key` is the row's identity
 * on screen (stable across deletions); `id` is the stored row's, absent for new rows.
 */
export interface PlanRowDraft {
  key: string;
  id?: number;
  hazardouswasteId: number | null;
  thisyearweight: string;
  lastyearweight: string;
  disposalMethod: number | null;
  receiverId: number | null;
  /** Names the server sent with a stored row, shown until the pick lists arrive. */
  hazardouswasteName?: string;
  receiverName?: string;
}

/** A row as the server takes it. */
interface PlanRowPayload {
  id?: number;
  hazardouswasteId: number | null;
  thisyearweight: number | null;
  lastyearweight: number | null;
  disposalMethod: number | null;
  receiverId: number | null;
}

let keySeed = 0;
const nextKey = () => `row-${++keySeed}`;

const weightText = (value: unknown): string => {
  const n = toNumber(value);
  return n === null ? '' : String(n);
};
const idOrNull = (value: unknown): number | null => {
  const n = toNumber(value);
  return n === null ? null : n;
};

/** A new row: the declared weight defaults (0.01 t each), nothing picked. */
export function newRow(): PlanRowDraft {
  return {
    key: nextKey(),
    hazardouswasteId: null,
    thisyearweight: weightText(DETAIL.thisyearweight.default),
    lastyearweight: weightText(DETAIL.lastyearweight.default),
    disposalMethod: null,
    receiverId: null,
  };
}

/** Stored rows (GetAnnualManagementPlanDetailAllByAid) as drafts. */
export function rowsFromServer(rows: readonly EntityDto[]): PlanRowDraft[] {
  return rows.map((row) => ({
    key: nextKey(),
    id: row.id,
    hazardouswasteId: idOrNull(row.hazardouswasteId),
    thisyearweight: weightText(row.thisyearweight),
    lastyearweight: weightText(row.lastyearweight),
    disposalMethod: idOrNull(row.disposalMethod),
    receiverId: idOrNull(row.receiverId),
    hazardouswasteName: typeof row.hazardouswasteName === 'string' ? row.hazardouswasteName : undefined,
    receiverName: typeof row.receiverName === 'string' ? row.receiverName : undefined,
  }));
}

export const isRowDrafts = (value: unknown): value is PlanRowDraft[] => Array.isArray(value);

/** The rows as the server takes them; a stored row keeps its id so that it is updated, not replaced. */
export function rowsToPayload(rows: readonly PlanRowDraft[]): PlanRowPayload[] {
  return rows.map((row) => ({
    ...(row.id !== undefined ? { id: row.id } : {}),
    hazardouswasteId: row.hazardouswasteId,
    thisyearweight: toNumber(row.thisyearweight),
    lastyearweight: toNumber(row.lastyearweight),
    disposalMethod: row.disposalMethod,
    receiverId: row.receiverId,
  }));
}

/** The member name of a row's cell in server messages (`details[2].thisyearweight`) and in the form's errors. */
export const cellKey = (index: number, field: RowField) => `${ROWS_KEY}[${index}].${field}`;

const CELL_KEY = /^details\[(\d+)\]\.(\w+)$/;
/** The row index and field of a cell key, or null for other keys. */
export function parseCellKey(key: string): { index: number; field: string } | null {
  const m = CELL_KEY.exec(key);
  return m ? { index: Number(m[1]), field: m[2] } : null;
}

export const fieldLabelKey = (field: RowField) => `resource.${annualmanagementplandetail.name}.fields.${field}`;

const decimals = (text: string) => (text.includes('.') ? text.split('.')[1].length : 0);

/** The message of one cell, or null: the detail declaration's rules plus the weights' four decimals. */
export function validateCell(row: PlanRowDraft, field: RowField, t: Translate, language: Language): string | null {
  const def = DETAIL[field];
  const label = t(fieldLabelKey(field));
  const raw = row[field];
  const message = validateField(def, typeof raw === 'string' ? raw.trim() : raw, label, t, language);
  if (message) return message;
  if (def.kind === 'decimal' && typeof raw === 'string' && decimals(raw.trim()) > WEIGHT_SCALE) {
    return t('plans.scale', { field: label, scale: WEIGHT_SCALE });
  }
  return null;
}

/** Messages of every bad cell, by cell key. */
export function validateRows(rows: readonly PlanRowDraft[], t: Translate, language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    for (const field of ROW_FIELDS) {
      const message = validateCell(row, field, t, language);
      if (message) errors[cellKey(index, field)] = message;
    }
  });
  return errors;
}

type Weights = { thisyearweight?: unknown; lastyearweight?: unknown };

/** Sums of both weights over the rows, drafts or stored (rows without a valid number count as 0). */
export function weightTotals(rows: ReadonlyArray<object>): { thisyearweight: number; lastyearweight: number } {
  // Summed in ten-thousandths of a tonne: the declared scale, so that 0.1 + 0.2 shows as 0.3000.
  const sum = (field: keyof Weights) =>
    rows.reduce<number>((total, row) => total + Math.round((toNumber((row as Weights)[field]) ?? 0) * 10 ** WEIGHT_SCALE), 0) / 10 ** WEIGHT_SCALE;
  return { thisyearweight: sum('thisyearweight'), lastyearweight: sum('lastyearweight') };
}

/** `1,234.5600 吨`: thousands separators, the weights' four decimals and the unit. */
export function formatTonnes(value: unknown, language: Language): string {
  const text = formatDecimal(value, WEIGHT_SCALE);
  if (text === '') return '';
  const unit = DETAIL.thisyearweight.unit;
  return unit ? `${text} ${pick(unit, language)}` : text;
}

/** The Create/Update body: the plan's fields and its rows, without the cell keys the dialog kept for its messages. */
export function planPayload(body: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const plan = Object.fromEntries(Object.entries(body).filter(([key]) => key !== ROWS_KEY && !parseCellKey(key)));
  const rows = values[ROWS_KEY];
  return { ...plan, [ROWS_KEY]: rowsToPayload(isRowDrafts(rows) ? rows : []) };
}
