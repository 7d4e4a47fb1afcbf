import type { FileInfo } from '../../../shared/resource-kit';
import { fileInfosOf } from '../../crud/files';
import { isEmpty, type FormValues } from '../../crud/form-values';
import { dateOf, parseCalendarDate } from '../../../shared/time';

/** What `Contract/PdfFileTxt` answers: the text, and what it recognised (party names are plain text). */
export interface PdfExtraction {
  text?: string | null;
  fields?: Partial<Record<'contractNo' | 'partyA' | 'partyB' | 'signDate' | 'startDate' | 'expiryDate' | 'amount', unknown>> | null;
}

/** Form values a PDF suggests, already in the form's shapes (dates `YYYY-MM-DD`, the amount as text, party ids). */
export interface ContractPrefill {
  contractNo?: string;
  signDate?: string;
  startDate?: string;
  expiryDate?: string;
  amount?: string;
  partyAId?: number;
  partyBId?: number;
}

/** Fields a PDF may fill, in the order the toast names them. */
const PREFILL_FIELDS = ['contractNo', 'partyAId', 'partyBId', 'signDate', 'startDate', 'expiryDate', 'amount'] as const;
type PrefillField = (typeof PREFILL_FIELDS)[number];

/** An enterprise of the tenant directory (GetEnterpriseInformationAll). */
export interface DirectoryEntry {
  id: number;
  name?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** `2024年3月1日`, `2024-3-1`, `2024/03/01`, `2024.03.01`, `20240301` or an ISO time → `2024-03-01`; null if no real date. */
export function normalizeDate(value: unknown): string | null {
  const raw = text(value).replace(/\s+/g, '');
  const m = /(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})/.exec(raw) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (!m) return null;
  // The shared reader has the last word: 2024-02-30 is no date, and neither is a year outside the accepted ones.
  return parseCalendarDate(dateOf(Number(m[1]), Number(m[2]), Number(m[3])));
}

/** `¥1,234,567.89元`, `12.5万元`, `RMB 3000` or a number → the amount in yuan as text; null if none. */
export function normalizeAmount(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? String(value) : null;
  const raw = text(value).replace(/[,，\s]/g, '');
  const m = /(\d+(?:\.\d+)?)(万)?/.exec(raw);
  if (!m) return null;
  const n = Number(m[1]) * (m[2] ? 10_000 : 1);
  if (!Number.isFinite(n)) return null;
  // Two decimals at most (the declared scale), without float noise from the 万 multiplication.
  return String(Math.round(n * 100) / 100);
}

/** Names compared without spaces, with half-width brackets and without case. */
function normalizeName(value: unknown): string {
  return text(value).replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toLowerCase();
}

/**
 * The enterprise a name in the PDF means: the one named exactly so, else one whose name contains it or is contained
 * in it (closest in length first, so "某某环保" prefers "某某环保有限公司" over "某某环保科技集团有限公司").
 */
export function matchEnterprise(name: unknown, directory: readonly DirectoryEntry[]): number | null {
  const wanted = normalizeName(name);
  if (wanted.length < 2) return null;
  const named = directory.map((e) => ({ id: e.id, name: normalizeName(e.name) })).filter((e) => e.name.length > 0);
  const exact = named.find((e) => e.name === wanted);
  if (exact) return exact.id;
  const close = named
    .filter((e) => e.name.includes(wanted) || wanted.includes(e.name))
    .sort((a, b) => Math.abs(a.name.length - wanted.length) - Math.abs(b.name.length - wanted.length));
  return close[0]?.id ?? null;
}

/** The values a PDF's recognised fields suggest, and the party names no enterprise matched. */
export function buildPrefill(fields: PdfExtraction['fields'], directory: readonly DirectoryEntry[]): { prefill: ContractPrefill; unmatched: string[] } {
  const prefill: ContractPrefill = {};
  const unmatched: string[] = [];
  const f = fields ?? {};
  const contractNo = text(f.contractNo);
  if (contractNo) prefill.contractNo = contractNo;
  for (const key of ['signDate', 'startDate', 'expiryDate'] as const) {
    const date = normalizeDate(f[key]);
    if (date) prefill[key] = date;
  }
  const amount = normalizeAmount(f.amount);
  if (amount !== null) prefill.amount = amount;
  for (const [party, key] of [['partyA', 'partyAId'], ['partyB', 'partyBId']] as const) {
    const name = text(f[party]);
    if (!name) continue;
    const id = matchEnterprise(name, directory);
    if (id !== null) prefill[key] = id;
    else unmatched.push(name);
  }
  return { prefill, unmatched };
}

/**
 * The change a PDF makes to the dialog: each suggested value only where the field is still empty (what the user
 * typed stays), and the PDF itself added to the attachments once.
 */
export function applyPrefill(values: FormValues, prefill: ContractPrefill, file: FileInfo | null): { patch: FormValues; filled: PrefillField[] } {
  const patch: FormValues = {};
  const filled: PrefillField[] = [];
  for (const key of PREFILL_FIELDS) {
    const suggested = prefill[key];
    if (suggested === undefined || !isEmpty(values[key])) continue;
    patch[key] = suggested;
    filled.push(key);
  }
  if (file) {
    const current = fileInfosOf(values.attachments);
    if (!current.some((f) => f.id === file.id)) patch.attachments = [...current, file];
  }
  return { patch, filled };
}
