import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CHAT_CONTENT_MAX } from '../../../shared/chat';
import { holdFile } from '../../crud/files';
import { chatActions } from './chatSlice';
import { useChatDispatch } from './hooks';

let clientSeq = 0;
const newClientId = () => `msg-${Date.now().toString(36)}-${++clientSeq}`;

/** The input: Enter sends, Shift+Enter starts a new line (and Enter while an IME composes picks the candidate). */
export function Composer({ toUserId }: { toUserId: number }) {
  const { t } = useTranslation();
  const dispatch = useChatDispatch();
  const [text, setText] = useState('');
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const tooLong = text.length > CHAT_CONTENT_MAX;
  const canSend = text.trim() !== '' && !tooLong;

  const send = () => {
    if (!canSend) return;
    dispatch(chatActions.messageSendRequested({ clientId: newClientId(), toUserId, content: text.trim() }));
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  const attach = (kind: 'image' | 'file', input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    if (!input || !file) return;
    dispatch(chatActions.attachmentChosen({ uploadId: holdFile(file), toUserId, kind, name: file.name, size: file.size }));
    // The same file may be chosen again after a failure.
    input.value = '';
  };

  return (
    <div className="chat-composer">
      <div className="chat-composer-tools">
        <Button variant="minimal" icon="media" aria-label={t('chat.attachImage')} title={t('chat.attachImage')}
          onClick={() => imageInput.current?.click()} data-testid="chat-attach-image" />
        <Button variant="minimal" icon="paperclip" aria-label={t('chat.attachFile')} title={t('chat.attachFile')}
          onClick={() => fileInput.current?.click()} data-testid="chat-attach-file" />
        <input ref={imageInput} type="file" accept="image/*" hidden onChange={(e) => attach('image', e.currentTarget)} data-testid="chat-image-input" />
        <input ref={fileInput} type="file" hidden onChange={(e) => attach('file', e.currentTarget)} data-testid="chat-file-input" />
        {tooLong && <span className="chat-error" data-testid="chat-too-long">{t('chat.tooLong', { max: CHAT_CONTENT_MAX })}</span>}
      </div>
      <div className="chat-composer-row">
        <TextArea
          fill value={text} rows={3} placeholder={t('chat.inputPlaceholder')} aria-label={t('chat.inputPlaceholder')}
          intent={tooLong ? 'danger' : 'none'} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} data-testid="chat-input"
        />
        <Button intent="primary" icon="send-message" text={t('chat.send')} disabled={!canSend} onClick={send} data-testid="chat-send" />
      </div>
    </div>
  );
}
