import { useState } from 'react';
import { Classes, FormGroup, HTMLTable, TextArea } from '@blueprintjs/core';
import { holdFile } from '../../crud/files';
import type { Translate } from '../../crud/types';
import { FormDialog } from '../../crud/FormDialog';
import { moveRefusal } from './moves';
import type { MoveInput } from './moves';
import type { MoveDialog } from './ordersSlice';
import { tonnes } from './StatusTags';
import type { TransferOrderDetail } from './types';

export interface MoveDialogProps {
  dialog: MoveDialog;
  order: TransferOrderDetail;
  t: Translate;
  onSubmit: (input: MoveInput) => void;
  onClose: () => void;
}

const QUESTIONS = { delete: 'transfer.confirmDelete', void: 'transfer.confirmVoid', resubmit: 'transfer.confirmResubmit' } as const;

/** Delete, void (with an optional reason) and resubmit ask before they go. */
export function ConfirmMoveDialog({ dialog, order, t, onSubmit, onClose }: MoveDialogProps) {
  const [reason, setReason] = useState('');
  const action = dialog.action as keyof typeof QUESTIONS;
  return (
    <FormDialog title={t(`transfer.action_${action}`)} testId="move-confirm" saving={dialog.pending} refusal={moveRefusal(t)} error={dialog.error}
      submitText={t(`transfer.action_${action}`)} intent={action === 'resubmit' ? 'primary' : 'danger'} canSubmit t={t} onClose={onClose}
      onSubmit={() => onSubmit(action === 'void' ? { action, reason } : { action })}>
      <p data-testid="move-confirm-question">{t(QUESTIONS[action], { no: order.manifestNo })}</p>
      {action === 'void' && (
        <FormGroup label={t('transfer.voidReason')} labelFor="void-reason" helperText={t('transfer.optional')}>
          <TextArea id="void-reason" fill rows={3} value={reason} maxLength={500} data-testid="void-reason"
            onChange={(e) => setReason(e.currentTarget.value)} />
        </FormGroup>
      )}
    </FormDialog>
  );
}

const DECIMAL = /^\d+(\.\d{1,3})?$/;

/** Agree (received quantity per line, prefilled with the declared quantity) or return (a reason is required). */
export function ReceptionDialog({ dialog, order, t, onSubmit, onClose }: MoveDialogProps) {
  const agree = dialog.action === 'agree';
  const [received, setReceived] = useState<Record<number, string>>(
    () => Object.fromEntries(order.lines.map((line) => [line.id, String(line.receivedQuantity ?? line.quantity ?? '')])),
  );
  const [reason, setReason] = useState('');
  const invalid = order.lines.filter((line) => !DECIMAL.test((received[line.id] ?? '').trim())).map((line) => line.id);
  const canSubmit = agree ? invalid.length === 0 && order.lines.length > 0 : reason.trim() !== '';
  const f = (name: string) => t(`resource.TransferOrderLine.fields.${name}`);
  return (
    <FormDialog title={t(`transfer.action_${dialog.action}`)} testId="move-reception" saving={dialog.pending} refusal={moveRefusal(t)} error={dialog.error}
      submitText={t(`transfer.action_${dialog.action}`)} intent={agree ? 'success' : 'warning'} canSubmit={canSubmit} t={t} width={640}
      onClose={onClose}
      onSubmit={() => onSubmit(agree
        ? { action: 'agree', lines: order.lines.map((line) => ({ id: line.id, receivedQuantity: Number(received[line.id]) })) }
        : { action: 'return', returnReason: reason })}>
      {agree ? (
        <HTMLTable compact bordered style={{ width: '100%' }}>
          <thead><tr><th>{f('wasteName')}</th><th style={{ textAlign: 'right' }}>{f('quantity')}</th><th>{f('receivedQuantity')}</th></tr></thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={line.id}>
                <td>{line.wasteName ?? line.hazardouswasteName ?? ''}<div className={Classes.TEXT_MUTED}>{line.wastecodeName ?? ''}</div></td>
                <td style={{ textAlign: 'right' }}>{tonnes(line.quantity)}</td>
                <td>
                  <input className={`${Classes.INPUT} ${Classes.SMALL} ${Classes.FILL}${invalid.includes(line.id) ? ` ${Classes.INTENT_DANGER}` : ''}`}
                    inputMode="decimal" autoComplete="off" autoFocus={index === 0} aria-label={`${f('receivedQuantity')} ${index + 1}`}
                    aria-invalid={invalid.includes(line.id)} data-testid={`received-${line.id}`} style={{ textAlign: 'right' }}
                    value={received[line.id] ?? ''} onChange={(e) => setReceived({ ...received, [line.id]: e.currentTarget.value })} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <FormGroup label={t('resource.TransferOrder.fields.returnReason')} labelFor="return-reason" labelInfo={t('transfer.requiredMark')}>
          <TextArea id="return-reason" fill autoFocus rows={4} maxLength={500} value={reason} data-testid="return-reason-input"
            onChange={(e) => setReason(e.currentTarget.value)} />
        </FormGroup>
      )}
      {agree && invalid.length > 0 && <div className={Classes.TEXT_SMALL} style={{ color: '#cd4246', marginTop: 4 }}>{t('transfer.receivedInvalid')}</div>}
    </FormDialog>
  );
}

// The server takes images only as signatures.
const SIGNEE_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/bmp';

/** The party's signee image: chosen here, uploaded and attached by the saga. */
export function SignDialog({ dialog, t, onSubmit, onClose }: MoveDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FormDialog title={`${t('transfer.action_sign')}（${t(`enum.transferParty.${dialog.party}`)}）`} testId="move-sign"
      saving={dialog.pending} refusal={moveRefusal(t)} error={dialog.error} submitText={t('transfer.signSubmit')} canSubmit={file !== null} t={t} onClose={onClose}
      onSubmit={() => file && onSubmit({ action: 'sign', uploadId: holdFile(file) })}>
      <FormGroup label={t('transfer.signeeImage')} labelFor="signee-file" helperText={t('transfer.signeeHint')}>
        <input id="signee-file" type="file" accept={SIGNEE_TYPES} data-testid="signee-file"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
      </FormGroup>
    </FormDialog>
  );
}
