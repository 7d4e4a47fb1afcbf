import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { contract } from '../../shared/resources';
import { crudPath } from '../../shared/resource-kit';
import { callApi } from '../api/http';
import { bootSucceeded, type AppState } from '../session/appSlice';
import { isGranted, isLoggedIn } from '../session/config';
import { selectApp, selectTimeZone } from '../session/selectors';
import { currentTime } from '../time/clock';
import { dayOf, daysBetween, parseCalendarDate } from '../../shared/time';
import { loginSucceeded } from '../modules/login/loginSlice';
import { navigateTo } from '../util/navigator';
import { readJson, STORAGE_KEYS, writeJson } from '../util/storage';
import {
  contractExpiryDismissed, contractExpiryHidden, contractExpiryViewRequested, expiringContractsShown, type ExpiringContract,
} from './contractExpirySlice';
import { recordsOf } from '../../shared/json';

/** After "知道了" the popup stays away this long (about 62 hours). */
export const DISMISS_SUPPRESSION_MS = 2.232e8;
export const EXPIRING_CONTRACTS_PATH = crudPath(contract.name, 'GetExpiringContracts');
export const CONTRACTS_ROUTE = contract.route?.path ?? '/contractmanagement/contract';

/** When the popup was last dismissed (epoch ms), or null. */
export function readDismissedAt(): number | null {
  const value = readJson<unknown>(STORAGE_KEYS.contractExpiryDismissedAt, null);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function writeDismissedAt(time: number): void {
  writeJson(STORAGE_KEYS.contractExpiryDismissedAt, time);
}

/** Dismissed less than the suppression window ago. A time in the future (the clock was set back) suppresses nothing. */
export function isSuppressed(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && now >= dismissedAt && now - dismissedAt < DISMISS_SUPPRESSION_MS;
}

/** Whole days from the tenant's day of `now` (`zone`) to the calendar date `date`; null for an impossible date. */
export function daysUntil(date: string, now: number, zone: string): number | null {
  const day = parseCalendarDate(date);
  return day === null ? null : daysBetween(dayOf(now, zone), day);
}

/** The server's contracts as the popup lists them, soonest first. */
function toExpiring(result: unknown, now: number, zone: string): ExpiringContract[] {
  const items: ExpiringContract[] = [];
  for (const row of recordsOf(result)) {
    if (typeof row.id !== 'number') continue;
    const expiryDate = typeof row.expiryDate === 'string' ? row.expiryDate.slice(0, 10) : '';
    const daysLeft = daysUntil(expiryDate, now, zone);
    if (daysLeft === null) continue;
    items.push({
      id: row.id,
      contractNo: typeof row.contractNo === 'string' ? row.contractNo : `#${row.id}`,
      partyBName: typeof row.partyBName === 'string' ? row.partyBName : '',
      expiryDate,
      daysLeft: Math.max(0, daysLeft),
    });
  }
  return items.sort((a, b) => a.daysLeft - b.daysLeft);
}

/**
 * Once the session is ready (start-up or login): a user who manages contracts sees the contracts nearing expiry,
 * unless the popup was dismissed within the suppression window. A failure only means no popup.
 */
export function* checkExpiringContractsSaga(): SagaIterator {
  const app: AppState = yield select(selectApp);
  if (!isLoggedIn(app.session) || !isGranted(app.config, contract.permission)) return;
  const now: number = yield call(currentTime);
  const dismissedAt: number | null = yield call(readDismissedAt);
  if (isSuppressed(dismissedAt, now)) return;
  let result: unknown;
  try {
    result = yield call(callApi, 'GET', EXPIRING_CONTRACTS_PATH, {}, { silent: true });
  } catch {
    return;
  }
  const zone: string = yield select(selectTimeZone);
  const items = toExpiring(result, now, zone);
  if (items.length > 0) yield put(expiringContractsShown(items));
}

export function* dismissContractExpirySaga(): SagaIterator {
  const now: number = yield call(currentTime);
  yield call(writeDismissedAt, now);
  yield put(contractExpiryHidden());
}

export function* viewExpiringContractsSaga(): SagaIterator {
  yield put(contractExpiryHidden());
  yield call(navigateTo, CONTRACTS_ROUTE);
}

export function* watchContractExpiry(): SagaIterator {
  yield takeLatest([bootSucceeded.type, loginSucceeded.type], checkExpiringContractsSaga);
  yield takeEvery(contractExpiryDismissed.type, dismissContractExpirySaga);
  yield takeEvery(contractExpiryViewRequested.type, viewExpiringContractsSaga);
}
