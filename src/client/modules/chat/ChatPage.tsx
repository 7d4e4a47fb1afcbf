import './chat.css';
import { useEffect } from 'react';
import { NonIdealState, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { chatActions, chatHidden, chatShown } from './chatSlice';
import { ContactList } from './ContactList';
import { ConversationPane } from './ConversationPane';
import { selectMe, selectShownUnreadTotal, useChatDispatch, useChatSelector } from './hooks';
import { NoticesPanel } from './NoticesPanel';

/**
 * Chat between the tenant's users: contacts on the left (online, unread), the conversation or the administrators'
 * notices on the right. Messages arrive through the event log; unread counts are its projection.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const me = useChatSelector(selectMe);
  const tab = useChatSelector((s) => s.chat.tab);
  const active = useChatSelector((s) => s.chat.activeUserId);
  const unreadTotal = useChatSelector(selectShownUnreadTotal);

  useEffect(() => {
    if (me === null) return undefined;
    dispatch(chatShown({ userId: me }));
    return () => {
      dispatch(chatHidden());
    };
  }, [dispatch, me]);

  const messagesTitle = (
    <span>
      {t('chat.conversationsTab')}
      {unreadTotal > 0 && <Tag round intent="danger" className="chat-tab-badge" data-testid="chat-unread-total">{unreadTotal}</Tag>}
    </span>
  );

  return (
    <div className="chat-page" data-testid="chat-page">
      <ContactList />
      <div className="chat-main">
        <Tabs id="chat-tabs" selectedTabId={tab} onChange={(id) => dispatch(chatActions.tabChanged(id as 'messages' | 'notices'))}>
          <Tab id="messages" title={messagesTitle} data-testid="chat-tab-messages" />
          <Tab id="notices" title={t('chat.noticesTab')} data-testid="chat-tab-notices" />
        </Tabs>
        {tab === 'notices' && <NoticesPanel />}
        {tab === 'messages' && (active === null
          ? <NonIdealState icon="chat" description={t('chat.pickUser')} />
          : <ConversationPane userId={active} />)}
      </div>
    </div>
  );
}
