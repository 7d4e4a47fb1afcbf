import { useLayoutEffect, useMemo, useRef } from 'react';
import { Button, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { chatActions, type ChatUpload } from './chatSlice';
import { Composer } from './Composer';
import { displayName, selectMe, useChatDispatch, useChatSelector } from './hooks';
import { MessageBubble, PendingBubble } from './MessageBubble';

/** Within this many pixels of the bottom, a new message keeps the view at the bottom. */
const STICK_PX = 80;

function UploadRow({ upload }: { upload: ChatUpload }) {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  if (upload.status === 'failed') {
    const message = upload.error?.validationErrors?.[0]?.message ?? upload.error?.message ?? '';
    return (
      <div className="chat-upload chat-error" data-testid={`chat-upload-${upload.uploadId}`}>
        {t('chat.uploadFailed', { name: upload.name, message })}
        <Button size="small" variant="minimal" icon="cross" aria-label={t('common.delete')} onClick={() => dispatch(chatActions.attachmentCleared(upload.uploadId))} />
      </div>
    );
  }
  return (
    <div className="chat-upload" data-testid={`chat-upload-${upload.uploadId}`}>
      <span>{t('chat.uploading', { name: upload.name })}</span>
      <ProgressBar intent="primary" value={upload.total > 0 ? upload.loaded / upload.total : undefined} stripes={upload.status === 'sending'} />
    </div>
  );
}

/** The conversation with one user: history (older pages on scrolling up or the button), pending texts, uploads, input. */
/** One empty list for every render without a conversation, so effects that follow the items do not rerun. */
const NO_ITEMS: never[] = [];

export function ConversationPane({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const me = useChatSelector(selectMe);
  const user = useChatSelector((s) => s.chat.users.items.find((u) => u.id === userId));
  const conversation = useChatSelector((s) => s.chat.conversations[userId]);
  const allPending = useChatSelector((s) => s.chat.pending);
  const allUploads = useChatSelector((s) => s.chat.uploads);
  const pending = useMemo(() => allPending.filter((p) => p.toUserId === userId), [allPending, userId]);
  const uploads = useMemo(() => Object.values(allUploads).filter((u) => u.toUserId === userId), [allUploads, userId]);

  const list = useRef<HTMLDivElement>(null);
  const shape = useRef<{ userId: number; firstId: number | null; count: number; height: number; top: number } | null>(null);
  const items = conversation?.items ?? NO_ITEMS;
  const hasMore = conversation?.hasMore ?? false;
  const loadingEarlier = conversation?.loadingEarlier ?? false;

  // Older messages prepended: keep what was on screen where it was. Newer ones (or a switch): go to the bottom when
  // the reader was there already.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const before = shape.current;
    const firstId = items[0]?.id ?? null;
    if (before && before.userId === userId && firstId !== null && before.firstId !== null && firstId < before.firstId) {
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (!before || before.userId !== userId || before.height - before.top - el.clientHeight < STICK_PX) {
      el.scrollTop = el.scrollHeight;
    }
    shape.current = { userId, firstId, count: items.length, height: el.scrollHeight, top: el.scrollTop };
  }, [items, pending.length, uploads.length, userId]);

  const earlier = () => {
    if (hasMore && !loadingEarlier) dispatch(chatActions.earlierRequested(userId));
  };
  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    if (shape.current) shape.current = { ...shape.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop <= 0) earlier();
  };

  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      <div className="chat-conversation-head">
        <strong>{user ? displayName(user) : `#${userId}`}</strong>
        {user && <span className="chat-muted">{t(user.online ? 'chat.online' : 'chat.offline')}</span>}
      </div>
      <div className="chat-messages" ref={list} onScroll={onScroll} data-testid="chat-messages">
        {conversation?.status === 'loading' && <Spinner size={24} className="chat-spinner" />}
        {conversation?.status === 'failed' && (
          <NonIdealState icon="error" description={conversation.error?.message ?? t('common.loadFailed')}
            action={<Button text={t('common.retry')} onClick={() => dispatch(chatActions.conversationOpened(userId))} />} />
        )}
        {conversation?.status === 'loaded' && (
          <div className="chat-earlier">
            {hasMore
              ? <Button size="small" variant="minimal" icon="history" loading={loadingEarlier} text={t('chat.loadEarlier')} onClick={earlier} data-testid="chat-load-earlier" />
              : items.length > 0 && <span className="chat-muted" data-testid="chat-no-earlier">{t('chat.noEarlier')}</span>}
          </div>
        )}
        {conversation?.status === 'loaded' && items.length === 0 && pending.length === 0 && (
          <div className="chat-muted chat-empty">{t('chat.noMessages')}</div>
        )}
        {items.map((m) => <MessageBubble key={m.id} message={m} mine={m.fromUserId === me} />)}
        {pending.map((p) => <PendingBubble key={p.clientId} pending={p} />)}
        {uploads.map((u) => <UploadRow key={u.uploadId} upload={u} />)}
      </div>
      <Composer key={userId} toUserId={userId} />
    </div>
  );
}
