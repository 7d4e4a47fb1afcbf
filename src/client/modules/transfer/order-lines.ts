import type { FileInfo, Language } from '../../../shared/resource-kit';
import { transferorderline } from '../../../shared/resources';
import { checkRows } from '../../crud/nested-rows/NestedRowsEditor';
import { cellKeyOf, sumOf, type RowDraft } from '../../crud/nested-rows/rows';
import type { Translate } from '../../crud/types';
import type { CheckProblem, OrderBody, OrderLineBody, TransferOrderDetail, TransferOrderLineDto } from './types';

/** A line as the editor holds it: numbers as typed, so that a half-typed "1." is not lost. */
export interface LineDraft extends RowDraft {
  hazardouswasteId: number | null;
  /** The record's name as the order read it, until the producer's list has it. */
  hazardouswasteName?: string;
  quantity: string;
  containerCount: string;
  containerType: number | null;
  physicalForm: number | null;
  hazardCharacteristics: string[];
  disposalMethod: number | null;
}

export const LINE_FIELDS = [
  'hazardouswasteId', 'quantity', 'containerCount', 'containerType', 'physicalForm', 'hazardCharacteristics', 'disposalMethod',
] as const;
export type LineField = (typeof LINE_FIELDS)[number];

export const LINES_KEY = 'lines';
const QUANTITY_SCALE = transferorderline.fields.quantity.scale;

let lineSeq = 0;
export function newLine(): LineDraft {
  lineSeq += 1;
  return {
    key: `line-${lineSeq}`, hazardouswasteId: null, quantity: '', containerCount: '', containerType: null, physicalForm: null,
    hazardCharacteristics: [], disposalMethod: null,
  };
}

const numberText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function linesFromOrder(lines: readonly TransferOrderLineDto[]): LineDraft[] {
  return lines.map((line) => ({
    ...newLine(),
    id: line.id,
    hazardouswasteId: line.hazardouswasteId,
    hazardouswasteName: line.hazardouswasteName ?? line.wasteName ?? undefined,
    quantity: numberText(line.quantity),
    containerCount: numberText(line.containerCount),
    containerType: line.containerType ?? null,
    physicalForm: line.physicalForm ?? null,
    hazardCharacteristics: [...(line.hazardCharacteristics ?? [])],
    disposalMethod: line.disposalMethod ?? null,
  }));
}

/** `lines[2].quantity`: the member name the server uses for a line's field. */
export const cellKey = cellKeyOf(LINES_KEY);

/** What the editor and the submit check of the lines read: the child declaration, the cells, their keys. */
export const ORDER_LINES = { child: transferorderline, fields: LINE_FIELDS, cellKey };

const CELL = /^lines\[(\d+)\]\.(\w+)$/i;
/**
 * The cell a server member points at. The receiver's licence lacking a waste code names `wastecodeId`: the clerk
 * fixes it by choosing another waste, so it shows under the waste.
 */
function cellOfMember(member: string): { index: number; field: LineField } | null {
  const m = CELL.exec(member);
  if (!m) return null;
  const name = m[2].charAt(0).toLowerCase() + m[2].slice(1);
  const field = name === 'wastecodeId' || name === 'wasteName' ? 'hazardouswasteId' : name;
  return (LINE_FIELDS as readonly string[]).includes(field) ? { index: Number(m[1]), field: field as LineField } : null;
}

/** The problems of a check or save, split into cell messages, messages of the dialog's own fields and the rest. */
export function splitProblems(problems: readonly CheckProblem[], ownFields: readonly string[]) {
  const cells: Record<string, string> = {};
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const problem of problems) {
    const members = problem.members ?? [];
    if (members.length === 0) general.push(problem.message);
    for (const member of members) {
      const cell = cellOfMember(member);
      const name = member.charAt(0).toLowerCase() + member.slice(1);
      if (cell) cells[cellKey(cell.index, cell.field)] ??= problem.message;
      else if (ownFields.includes(name)) fields[name] ??= problem.message;
      // `lines`, and members the dialog has no field for (`party`, a status): said above the buttons.
      else general.push(problem.message);
    }
  }
  return { cells, fields, general };
}

function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Messages by cell key of every line (the line declaration's rules), plus one when there is no line at all. */
export function validateLines(lines: readonly LineDraft[], t: Translate, language: Language): Record<string, string> {
  return { ...(lines.length === 0 ? { [LINES_KEY]: t('transfer.linesEmpty') } : {}), ...checkRows(ORDER_LINES, lines, t, language) };
}

function lineBody(line: LineDraft): OrderLineBody {
  const count = line.containerCount.trim();
  return {
    ...(line.id ? { id: line.id } : {}),
    hazardouswasteId: line.hazardouswasteId,
    quantity: parseDecimal(line.quantity),
    containerCount: count === '' ? null : Number(count),
    containerType: line.containerType,
    physicalForm: line.physicalForm,
    hazardCharacteristics: line.hazardCharacteristics,
    disposalMethod: line.disposalMethod,
  };
}

export interface OrderHeader {
  producerId: number | null;
  transporterId: number | null;
  receiverId: number | null;
  plannedDate: string;
  remarks: string;
  attachments: FileInfo[];
}

export function headerFromOrder(order: TransferOrderDetail | null): OrderHeader {
  return {
    producerId: order?.producerId ?? null,
    transporterId: order?.transporterId ?? null,
    receiverId: order?.receiverId ?? null,
    plannedDate: order?.plannedDate?.slice(0, 10) ?? '',
    remarks: order?.remarks ?? '',
    attachments: [...(order?.attachments ?? [])],
  };
}

export const orderBody = (header: OrderHeader, lines: readonly LineDraft[]): OrderBody => ({
  producerId: header.producerId,
  transporterId: header.transporterId,
  receiverId: header.receiverId,
  plannedDate: header.plannedDate || null,
  remarks: header.remarks.trim() || null,
  attachments: header.attachments.map((f) => f.id),
  lines: lines.map(lineBody),
});

/** The quantity total of the lines, in tonnes with three decimals. */
export const totalQuantity = (lines: readonly LineDraft[]): number => sumOf(lines, 'quantity', QUANTITY_SCALE);
