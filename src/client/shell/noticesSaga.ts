import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { getUserNotifications, markAllNotificationsAsRead, markNotificationAsRead } from '../api/services';
import type { NoticeList } from '../api/types';
import { translate } from '../i18n';
import { realtimeReceived } from '../realtime/actions';
import { showToast } from '../util/toaster';
import {
  allNoticesMarkedRead,
  asNoticeItem,
  markAllReadRequested,
  markReadRequested,
  noticeMarkedRead,
  noticesFailed,
  noticesLoaded,
  noticesLoading,
  noticesRequested,
} from './noticesSlice';

export function* fetchNoticesSaga(): SagaIterator {
  yield put(noticesLoading());
  try {
    const list: NoticeList = yield call(getUserNotifications);
    yield put(noticesLoaded(list));
  } catch {
    yield put(noticesFailed());
  }
}

export function* markReadSaga(action: ReturnType<typeof markReadRequested>): SagaIterator {
  try {
    yield call(markNotificationAsRead, action.payload);
    yield put(noticeMarkedRead(action.payload));
  } catch {
    // The interceptor showed the error; the item stays unread.
  }
}

export function* markAllReadSaga(action: ReturnType<typeof markAllReadRequested>): SagaIterator {
  try {
    yield call(markAllNotificationsAsRead, action.payload);
    yield put(allNoticesMarkedRead(action.payload));
  } catch {
    // see markReadSaga
  }
}

/** A pushed notification is already in the list (slice); tell the user it arrived. */
export function* announceNoticeSaga(action: ReturnType<typeof realtimeReceived>): SagaIterator {
  if (action.payload.target !== 'getNotification') return;
  const item = asNoticeItem(action.payload.args[0]);
  if (item) yield call(showToast, translate('shell.newNotice', { title: item.title }), 'primary', 'notifications');
}

export function* watchNotices(): SagaIterator {
  yield takeLatest(noticesRequested.type, fetchNoticesSaga);
  yield takeEvery(markReadRequested.type, markReadSaga);
  yield takeEvery(markAllReadRequested.type, markAllReadSaga);
  yield takeEvery(realtimeReceived.type, announceNoticeSaga);
}
