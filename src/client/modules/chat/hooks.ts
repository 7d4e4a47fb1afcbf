import { createSelector } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { UserConfiguration } from '../../api/types';
import type { CrudRootState } from '../../crud/types';
import { selectChatUnreadBySender, type LiveUserRootState } from '../../realtime/liveSelectors';
import type { ChatRootState } from './chatSlice';
import { selectIsGranted } from '../../session/selectors';

/** What the chat screen reads: its slice, the event log (unread badges), file downloads and the session. */
type ChatPageState = ChatRootState & LiveUserRootState & CrudRootState & { app: { config: UserConfiguration } };

export const useChatSelector = useSelector.withTypes<ChatPageState>();
export const useChatDispatch = useDispatch;

export const selectMe = (state: ChatPageState) => state.app.session.user?.id ?? null;
/**
 * The unread badges the screen shows. The conversation on screen counts as read: its messages are being marked read,
 * and a badge beside what the clerk is reading, while the mark is on its way, would only flicker.
 */
export const selectShownUnread = createSelector(
  [selectChatUnreadBySender, (s: ChatPageState) => s.chat.activeUserId, (s: ChatPageState) => s.chat.tab],
  (counts, active, tab) => {
    if (active === null || tab !== 'messages' || !counts[active]) return counts;
    const { [active]: _onScreen, ...rest } = counts;
    return rest;
  },
);

export const selectShownUnreadTotal = createSelector([selectShownUnread], (counts) =>
  Object.values(counts).reduce((sum, n) => sum + n, 0));

export const selectMayPublish = createSelector([selectIsGranted], (granted) => granted('Pages.Users'));

/** A contact's shown name: the name, else the login name. */
export const displayName = (user: { name?: string | null; userName: string }) => user.name?.trim() || user.userName;
