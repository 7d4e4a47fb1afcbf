import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../../session/appSlice';
import type { CrudError } from '../../crud/types';
import { propertyOf, recordsOf } from '../../../shared/json';

/** What awaits the user's enterprises, in the order the home page shows it. */
export const INBOX_KINDS = ['toDispatch', 'toReceive', 'returned', 'planReturned', 'contractExpiring'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** One record waiting (the server sends at most five per kind). */
interface InboxRecord {
  id: number;
  title: string;
  subtitle: string;
  date: string;
}

export interface InboxItem {
  kind: InboxKind;
  /** All records of the kind, not only the ones listed. */
  count: number;
  records: InboxRecord[];
}

export interface InboxState {
  /** Only the kinds the user may see (the server leaves out those without their permission). */
  items: InboxItem[];
  loading: boolean;
  /** An answer has arrived: later loads keep the cards on screen. */
  loaded: boolean;
  error: CrudError | null;
}

const initialInboxState: InboxState = { items: [], loading: false, loaded: false, error: null };

const MAX_RECORDS = 5;

/** The home page is on screen (its inbox loads and follows hub pushes) / left the screen. */
export const inboxShown = createAction('inbox/shown');
export const inboxHidden = createAction('inbox/hidden');

const isKind = (value: unknown): value is InboxKind => INBOX_KINDS.includes(value as InboxKind);
const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** The server's answer reduced to known kinds in display order; anything malformed is dropped, not shown half. */
export function toInboxItems(result: unknown): InboxItem[] {
  const items: InboxItem[] = [];
  for (const entry of recordsOf(propertyOf(result, 'items'))) {
    const kind = entry.kind;
    if (!isKind(kind) || items.some((i) => i.kind === kind)) continue;
    const records = recordsOf(entry.records)
      .flatMap((r) => (typeof r.id === 'number' ? [{ id: r.id, title: text(r.title) || `#${r.id}`, subtitle: text(r.subtitle), date: text(r.date) }] : []))
      .slice(0, MAX_RECORDS);
    const count = typeof entry.count === 'number' && Number.isFinite(entry.count) ? Math.max(entry.count, records.length) : records.length;
    items.push({ kind, count, records });
  }
  return items.sort((a, b) => INBOX_KINDS.indexOf(a.kind) - INBOX_KINDS.indexOf(b.kind));
}

export const inboxSlice = createSlice({
  name: 'inbox',
  initialState: initialInboxState,
  reducers: {
    /** A load starts: on showing the page, on a hub push, or the retry button. */
    inboxRequested(state) {
      state.loading = true;
      state.error = null;
    },
    inboxLoaded(state, action: PayloadAction<InboxItem[]>) {
      state.items = action.payload;
      state.loading = false;
      state.loaded = true;
      state.error = null;
    },
    inboxFailed(state, action: PayloadAction<CrudError>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialInboxState);
  },
});

export const { inboxRequested, inboxLoaded, inboxFailed } = inboxSlice.actions;

export const selectInbox = (state: { inbox: InboxState }) => state.inbox;
