import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { getUserNotifications, markAllNotificationsAsRead, markNotificationAsRead } from '../api/services';
import type { NoticeList } from '../api/types';
import { translate } from '../i18n';
import { liveEventsApplied } from '../realtime/liveActions';
import { showToast } from '../util/toaster';
import {
  allNoticesMarkedRead,
  markAllReadRequested,
  markReadRequested,
  noticeMarkedRead,
  noticesFailed,
  noticesLoaded,
  noticesLoading,
  noticesOf,
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

/** A notice filed for the user is already in the list (slice); tell the user it arrived. */
export function* announceNoticeSaga(action: ReturnType<typeof liveEventsApplied>): SagaIterator {
  for (const item of noticesOf(action.payload)) {
    yield call(showToast, translate('shell.newNotice', { title: item.title }), 'primary', 'notifications');
  }
}

export function* watchNotices(): SagaIterator {
  yield takeLatest(noticesRequested.type, fetchNoticesSaga);
  yield takeEvery(markReadRequested.type, markReadSaga);
  yield takeEvery(markAllReadRequested.type, markAllReadSaga);
  yield takeEvery(liveEventsApplied.type, announceNoticeSaga);
}
