import { useEffect, useState, type ReactNode } from 'react';
import {
  Button, Callout, Classes, ControlGroup, Dialog, DialogBody, FormGroup, HTMLSelect, HTMLTable, InputGroup, NumericInput,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WALL_LIMITS, type DisplayTokenDto, type WallSettings } from '../../../../shared/bigdata';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmAlert } from '../../../crud/ConfirmAlert';
import { describeError } from '../../../crud/api-error';
import type { CrudError, Translate } from '../../../crud/types';
import { selectWallAdmin, wallAdminActions as A, type WallAdminTask } from './wallAdminSlice';
import { useTimeZone } from '../../../session/useTimeZone';
import { formatDateTime } from '../../../time/display';

interface WallSettingsDialogProps {
  isOpen: boolean;
  onClose(): void;
}

const failureOf = (failure: { task: WallAdminTask; error: CrudError } | null, task: WallAdminTask) =>
  failure?.task === task ? failure.error : null;

/** The server's message for one field of a refused form, if it named that field. */
const fieldError = (error: CrudError | null, member: string) =>
  error?.validationErrors?.filter((v) => v.members.some((m) => m.toLowerCase() === member.toLowerCase())).map((v) => v.message).join(' ') ?? '';

function SettingsForm({ settings, saving, error, t, onSave }: {
  settings: WallSettings; saving: boolean; error: CrudError | null; t: Translate; onSave(settings: WallSettings): void;
}) {
  const [title, setTitle] = useState(settings.title ?? '');
  const [rotateSeconds, setRotateSeconds] = useState(settings.rotateSeconds);
  const [replayMinutes, setReplayMinutes] = useState(settings.replayMinutes);
  const field = (member: string, label: string, input: ReactNode, hint?: string) => {
    const message = fieldError(error, member);
    return (
      <FormGroup label={label} intent={message ? 'danger' : 'none'} helperText={message || hint}>{input}</FormGroup>
    );
  };
  return (
    <form data-testid="wall-settings" onSubmit={(e) => {
      e.preventDefault();
      onSave({ title: title.trim() || null, rotateSeconds, replayMinutes });
    }}>
      {field('title', t('bigdata.wallTitle'),
        <InputGroup value={title} maxLength={WALL_LIMITS.title} placeholder={t('bigdata.title')} data-testid="wall-title"
          onChange={(e) => setTitle(e.currentTarget.value)} />, t('bigdata.wallTitleHint'))}
      <ControlGroup fill>
        {field('rotateSeconds', t('bigdata.rotateSeconds'),
          <NumericInput value={rotateSeconds} min={WALL_LIMITS.rotateSeconds.min} max={WALL_LIMITS.rotateSeconds.max} data-testid="wall-rotate"
            onValueChange={(value) => setRotateSeconds(value)} />)}
        {field('replayMinutes', t('bigdata.replayMinutes'),
          <NumericInput value={replayMinutes} min={WALL_LIMITS.replayMinutes.min} max={WALL_LIMITS.replayMinutes.max} data-testid="wall-replay"
            onValueChange={(value) => setReplayMinutes(value)} />)}
      </ControlGroup>
      {error && !error.validationErrors?.length && <Callout intent="danger" compact>{describeError(error)}</Callout>}
      <Button type="submit" intent="primary" loading={saving} text={t('bigdata.save')} data-testid="wall-save" />
    </form>
  );
}

function IssueForm({ issuing, error, t }: { issuing: boolean; error: CrudError | null; t: Translate }) {
  const dispatch = useAppDispatch();
  const { accounts } = useAppSelector(selectWallAdmin);
  const [userId, setUserId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const chosen = userId ?? accounts[0]?.id ?? null;
  const message = fieldError(error, 'userId') || fieldError(error, 'name') || (error ? describeError(error) : '');
  return (
    <form data-testid="wall-issue" onSubmit={(e) => {
      e.preventDefault();
      if (chosen !== null && name.trim()) dispatch(A.issueRequested({ userId: chosen, name: name.trim() }));
    }}>
      <ControlGroup fill>
        <HTMLSelect value={chosen ?? ''} aria-label={t('bigdata.tokenUser')} data-testid="wall-issue-user"
          onChange={(e) => setUserId(Number(e.currentTarget.value))}>
          {accounts.length === 0 && <option value="">{t('bigdata.pickUser')}</option>}
          {accounts.map((a) => <option key={a.id} value={a.id}>{a.userName}</option>)}
        </HTMLSelect>
        <InputGroup value={name} maxLength={64} placeholder={t('bigdata.tokenName')} data-testid="wall-issue-name"
          onChange={(e) => setName(e.currentTarget.value)} />
        <Button type="submit" intent="primary" loading={issuing} disabled={chosen === null || !name.trim()}
          text={t('bigdata.issueToken')} data-testid="wall-issue-submit" />
      </ControlGroup>
      <div className={Classes.TEXT_MUTED}>{t('bigdata.pickUser')}</div>
      {message && <Callout intent="danger" compact>{message}</Callout>}
    </form>
  );
}

function IssuedUrl({ url, t }: { url: string; t: Translate }) {
  const [copied, setCopied] = useState(false);
  return (
    <Callout intent="warning" title={t('bigdata.wallUrl')} data-testid="wall-issued">
      <ControlGroup fill>
        <InputGroup readOnly value={url} data-testid="wall-issued-url" onFocus={(e) => e.currentTarget.select()} />
        <Button icon={copied ? 'tick' : 'clipboard'} text={t(copied ? 'bigdata.copied' : 'bigdata.copy')} data-testid="wall-issued-copy"
          onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))} />
      </ControlGroup>
    </Callout>
  );
}

function TokenTable({ tokens, t }: { tokens: DisplayTokenDto[]; t: Translate }) {
  const dispatch = useAppDispatch();
  const zone = useTimeZone();
  const when = (time: string | null) => (time ? formatDateTime(time, zone) : t('bigdata.never'));
  if (tokens.length === 0) return <p className={Classes.TEXT_MUTED}>{t('bigdata.noTokens')}</p>;
  return (
    <HTMLTable compact striped style={{ width: '100%' }} data-testid="wall-tokens">
      <thead>
        <tr>
          <th>{t('bigdata.tokenName')}</th><th>{t('bigdata.tokenUser')}</th><th>{t('bigdata.tokenCreated')}</th>
          <th>{t('bigdata.tokenLastUsed')}</th><th>{t('bigdata.tokenRevoked')}</th><th />
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id} data-testid={`wall-token-${token.id}`}>
            <td>{token.name}</td>
            <td>{token.userName}</td>
            <td>{when(token.creationTime)}</td>
            <td>{when(token.lastUsedTime)}</td>
            <td>{token.revokedTime ? when(token.revokedTime) : ''}</td>
            <td>
              {!token.revokedTime && (
                <Button size="small" variant="minimal" intent="danger" text={t('bigdata.revoke')} data-testid={`wall-token-${token.id}-revoke`}
                  onClick={() => dispatch(A.revokeAsked(token))} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** 大屏设置: how the tenant's walls run, and the display tokens that keep them signed in. For administrators. */
export function WallSettingsDialog({ isOpen, onClose }: WallSettingsDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectWallAdmin);
  useEffect(() => {
    if (!isOpen) return undefined;
    dispatch(A.opened());
    // Closing forgets the secret of a token just issued: it is shown once.
    return () => {
      dispatch(A.closed());
    };
  }, [isOpen, dispatch]);
  const loadError = failureOf(state.failure, 'load');
  const revokeError = failureOf(state.failure, 'revoke');
  const confirming = state.confirmingRevoke;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('bigdata.wallSettings')} icon="desktop" style={{ width: 760 }}>
      <DialogBody>
        {loadError && <Callout intent="danger" compact data-testid="wall-load-failed">{describeError(loadError)}</Callout>}
        {state.settings && (
          <SettingsForm key={JSON.stringify(state.settings)} settings={state.settings} saving={state.running === 'save'}
            error={failureOf(state.failure, 'save')} t={t} onSave={(settings) => dispatch(A.saveRequested(settings))} />
        )}
        <h4 className={Classes.HEADING} style={{ marginTop: 20 }}>{t('bigdata.displayTokens')}</h4>
        <IssueForm issuing={state.running === 'issue'} error={failureOf(state.failure, 'issue')} t={t} />
        {state.issuedUrl && <IssuedUrl url={state.issuedUrl} t={t} />}
        <TokenTable tokens={state.tokens} t={t} />
      </DialogBody>
      {confirming && (
        <ConfirmAlert testId="wall-revoke-alert" confirmTestId="wall-revoke-confirm" intent="danger" icon="disable"
          confirmText={t('bigdata.revoke')} cancelText={t('bigdata.cancel')} running={state.running === 'revoke'}
          failure={revokeError ? { text: describeError(revokeError) } : null}
          onConfirm={() => dispatch(A.revokeRequested(confirming.id))} onCancel={() => dispatch(A.revokeAsked(null))}>
          <p>{t('bigdata.revokeConfirm', { name: confirming.name })}</p>
        </ConfirmAlert>
      )}
    </Dialog>
  );
}
