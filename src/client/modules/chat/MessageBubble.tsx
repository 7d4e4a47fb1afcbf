import { useEffect } from 'react';
import { Button, Icon, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_TYPES, type ChatMessageDto } from '../../../shared/chat';
import { crudActions } from '../../crud/slice';
import { chatActions, type PendingMessage } from './chatSlice';
import { useChatDispatch, useChatSelector } from './hooks';
import { useTimeZone } from '../../session/useTimeZone';
import { formatShortDateTime } from '../../time/display';

/** An image message: its file is fetched with the session's headers once, then shown from an object URL. */
function ChatImage({ fileId, name }: { fileId: number; name: string }) {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const image = useChatSelector((s) => s.chat.images[fileId]);
  useEffect(() => {
    if (!image) dispatch(chatActions.imageRequested(fileId));
  }, [dispatch, fileId, image]);
  if (image?.status === 'loaded' && image.url) {
    return <img className="chat-image" src={image.url} alt={t('chat.imageAlt', { name })} data-testid={`chat-image-${fileId}`} />;
  }
  if (image?.status === 'failed') return <FileLink fileId={fileId} name={name} />;
  return <Spinner size={20} />;
}

function FileLink({ fileId, name }: { fileId: number; name: string }) {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const download = useChatSelector((s) => s.crud.downloads?.[fileId]);
  return (
    <Button
      variant="minimal" icon="paperclip" text={name} loading={download?.loading ?? false}
      intent={download?.error ? 'danger' : 'none'} title={download?.error?.message ?? t('chat.download')}
      onClick={() => dispatch(crudActions.downloadRequested({ fileId, name }))} data-testid={`chat-file-${fileId}`}
    />
  );
}

/** One message; mine on the right with its tick (sent, read). */
export function MessageBubble({ message, mine }: { message: ChatMessageDto; mine: boolean }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const hasFile = message.fileId !== null && message.messageType !== CHAT_MESSAGE_TYPES.text;
  return (
    <div className={`chat-message ${mine ? 'chat-mine' : 'chat-theirs'}`} data-testid={`chat-message-${message.id}`}>
      <div className="chat-bubble">
        {hasFile && message.messageType === CHAT_MESSAGE_TYPES.image && <ChatImage fileId={message.fileId!} name={message.fileName ?? ''} />}
        {hasFile && message.messageType === CHAT_MESSAGE_TYPES.file && <FileLink fileId={message.fileId!} name={message.fileName ?? ''} />}
        {message.content && <div className="chat-text">{message.content}</div>}
      </div>
      <div className="chat-meta">
        <span data-testid={`chat-time-${message.id}`}>{formatShortDateTime(message.creationTime, zone)}</span>
        {mine && (
          <span className={message.isRead ? 'chat-read' : 'chat-sent'} data-testid={`chat-tick-${message.id}`}>
            <Icon icon={message.isRead ? 'tick-circle' : 'tick'} size={12} /> {t(message.isRead ? 'chat.read' : 'chat.sent')}
          </span>
        )}
      </div>
    </div>
  );
}

/** A text on its way, or refused: retry or dismiss. */
export function PendingBubble({ pending }: { pending: PendingMessage }) {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const failed = pending.status === 'failed';
  return (
    <div className="chat-message chat-mine chat-pending" data-testid={`chat-pending-${pending.clientId}`}>
      <div className="chat-bubble"><div className="chat-text">{pending.content}</div></div>
      <div className="chat-meta">
        {failed ? (
          <>
            <span className="chat-error">{t('chat.sendFailed', { message: pending.error?.validationErrors?.[0]?.message ?? pending.error?.message ?? '' })}</span>
            <Button size="small" variant="minimal" icon="refresh" text={t('common.retry')}
              onClick={() => dispatch(chatActions.messageSendRequested({ clientId: pending.clientId, toUserId: pending.toUserId, content: pending.content }))} />
            <Button size="small" variant="minimal" icon="cross" aria-label={t('common.delete')} onClick={() => dispatch(chatActions.pendingDismissed(pending.clientId))} />
          </>
        ) : <span>{t('chat.sending')}</span>}
      </div>
    </div>
  );
}
