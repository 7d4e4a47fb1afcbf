import { useMemo } from 'react';
import { Button, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ChatUserDto } from '../../../shared/chat';
import { chatActions } from './chatSlice';
import { displayName, selectMe, selectShownUnread, useChatDispatch, useChatSelector } from './hooks';

const matches = (user: ChatUserDto, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || [user.userName, user.name, user.surname].some((text) => text?.toLowerCase().includes(needle));
};

/** The tenant's users to chat with: search, online dot, unread badge; who has written first, then who is online. */
export function ContactList() {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const me = useChatSelector(selectMe);
  const { items, status, error } = useChatSelector((s) => s.chat.users);
  const search = useChatSelector((s) => s.chat.search);
  const active = useChatSelector((s) => s.chat.activeUserId);
  const unread = useChatSelector(selectShownUnread);

  const shown = useMemo(() => items
    .filter((u) => u.id !== me && matches(u, search))
    .sort((a, b) => Number(!unread[a.id]) - Number(!unread[b.id]) || Number(b.online) - Number(a.online) || a.userName.localeCompare(b.userName)),
  [items, me, search, unread]);

  return (
    <div className="chat-contacts" data-testid="chat-contacts">
      <InputGroup
        leftIcon="search" placeholder={t('chat.searchUsers')} aria-label={t('chat.searchUsers')} value={search}
        onChange={(e) => dispatch(chatActions.searchChanged(e.target.value))} data-testid="chat-search"
      />
      {status === 'loading' && items.length === 0 && <Spinner size={24} className="chat-spinner" />}
      {status === 'failed' && (
        <NonIdealState icon="error" description={error?.message ?? t('common.loadFailed')}
          action={<Button text={t('common.retry')} onClick={() => dispatch(chatActions.usersRequested())} />} />
      )}
      {status === 'loaded' && shown.length === 0 && <div className="chat-muted">{t('chat.noUsers')}</div>}
      <ul className="chat-contact-list" role="listbox" aria-label={t('chat.contacts')}>
        {shown.map((user) => (
          <li key={user.id} role="option" aria-selected={user.id === active}>
            <button
              type="button" className={`chat-contact${user.id === active ? ' chat-contact-active' : ''}`}
              onClick={() => dispatch(chatActions.conversationOpened(user.id))} data-testid={`chat-user-${user.id}`}
            >
              <span
                className={`chat-dot ${user.online ? 'chat-dot-online' : 'chat-dot-offline'}`}
                aria-label={t(user.online ? 'chat.online' : 'chat.offline')} title={t(user.online ? 'chat.online' : 'chat.offline')}
                data-testid={`chat-online-${user.id}`} data-online={user.online}
              />
              <span className="chat-contact-name">
                <span>{displayName(user)}</span>
                <span className="chat-muted">{user.userName}</span>
              </span>
              {unread[user.id] ? (
                <Tag round intent="danger" aria-label={t('chat.unread', { count: unread[user.id] })} data-testid={`chat-unread-${user.id}`}>
                  {unread[user.id]}
                </Tag>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
