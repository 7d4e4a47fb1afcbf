import { useState } from 'react';
import { Button, Callout, Card, FormGroup, InputGroup, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CHAT_CONTENT_MAX, NOTICE_TITLE_MAX } from '../../../shared/chat';
import { chatActions } from './chatSlice';
import { selectMayPublish, useChatDispatch, useChatSelector } from './hooks';
import { useTimeZone } from '../../session/useTimeZone';
import { formatShortDateTime } from '../../time/display';

function PublishForm() {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const { publishing, publishError } = useChatSelector((s) => s.chat.notices);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const valid = title.trim() !== '' && content.trim() !== '' && title.length <= NOTICE_TITLE_MAX && content.length <= CHAT_CONTENT_MAX;
  const publish = () => {
    dispatch(chatActions.noticePublishRequested({ title: title.trim(), content: content.trim() }));
    setTitle('');
    setContent('');
  };
  return (
    <Card className="chat-notice-form" data-testid="chat-notice-form">
      <FormGroup label={t('chat.noticeTitle')} labelFor="chat-notice-title">
        <InputGroup id="chat-notice-title" value={title} maxLength={NOTICE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} data-testid="chat-notice-title" />
      </FormGroup>
      <FormGroup label={t('chat.noticeContent')} labelFor="chat-notice-content">
        <TextArea id="chat-notice-content" fill rows={3} value={content} onChange={(e) => setContent(e.target.value)} data-testid="chat-notice-content" />
      </FormGroup>
      {publishError && <Callout intent="danger">{publishError.validationErrors?.[0]?.message ?? publishError.message}</Callout>}
      <Button intent="primary" icon="notifications" text={t('chat.publish')} loading={publishing} disabled={!valid} onClick={publish} data-testid="chat-notice-publish" />
    </Card>
  );
}

/** Administrators' notices, newest first; holders of Pages.Users publish new ones. */
export function NoticesPanel() {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const dispatch = useChatDispatch();
  const mayPublish = useChatSelector(selectMayPublish);
  const { items, totalCount, status, error } = useChatSelector((s) => s.chat.notices);
  return (
    <div className="chat-notices" data-testid="chat-notices">
      {mayPublish && <PublishForm />}
      {status === 'failed' && (
        <NonIdealState icon="error" description={error?.message ?? t('common.loadFailed')}
          action={<Button text={t('common.retry')} onClick={() => dispatch(chatActions.noticesRequested({ more: false }))} />} />
      )}
      {status === 'loaded' && items.length === 0 && <div className="chat-muted chat-empty">{t('chat.noNotices')}</div>}
      {items.map((notice) => (
        <Card key={notice.id} className="chat-notice" data-testid={`chat-notice-${notice.id}`}>
          <h4>{notice.title}</h4>
          <div className="chat-text">{notice.content}</div>
          <div className="chat-muted">{t('chat.noticeBy', { name: notice.adminName, time: formatShortDateTime(notice.creationTime, zone) })}</div>
        </Card>
      ))}
      {status === 'loading' && <Spinner size={24} className="chat-spinner" />}
      {status === 'loaded' && items.length < totalCount && (
        <Button variant="minimal" text={t('chat.loadMoreNotices')} onClick={() => dispatch(chatActions.noticesRequested({ more: true }))} data-testid="chat-notices-more" />
      )}
    </div>
  );
}
