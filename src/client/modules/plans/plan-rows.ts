import { annualmanagementplandetail } from '../../../shared/resources';
import { pick, type EntityDto, type Language } from '../../../shared/resource-kit';
import { formatDecimal, toNumber } from '../../crud/format';
import { checkRows } from '../../crud/nested-rows/NestedRowsEditor';
import { cellKeyOf, sumOf, type RowDraft } from '../../crud/nested-rows/rows';
import type { Translate } from '../../crud/types';

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
export interface PlanRowDraft extends RowDraft {
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
export const cellKey = cellKeyOf(ROWS_KEY);

/** What the editor and the save check of the rows read: the child declaration, the cells, their keys. */
export const PLAN_ROWS = { child: annualmanagementplandetail, fields: ROW_FIELDS, cellKey };

const CELL_KEY = /^details\[(\d+)\]\.(\w+)$/;
/** The row index and field of a cell key, or null for other keys. */
export function parseCellKey(key: string): { index: number; field: string } | null {
  const m = CELL_KEY.exec(key);
  return m ? { index: Number(m[1]), field: m[2] } : null;
}

export const fieldLabelKey = (field: RowField) => `resource.${annualmanagementplandetail.name}.fields.${field}`;

/** Messages of every bad cell, by cell key: the detail declaration's rules. */
export const validateRows = (rows: readonly PlanRowDraft[], t: Translate, language: Language): Record<string, string> =>
  checkRows(PLAN_ROWS, rows, t, language);

/** Sums of both weights over the rows, drafts or stored (rows without a valid number count as 0). */
export function weightTotals(rows: ReadonlyArray<object>): { thisyearweight: number; lastyearweight: number } {
  return { thisyearweight: sumOf(rows, 'thisyearweight', WEIGHT_SCALE), lastyearweight: sumOf(rows, 'lastyearweight', WEIGHT_SCALE) };
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
