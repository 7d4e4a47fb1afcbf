import { FormGroup, Tag, TextArea } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { EntityDto } from '../../../shared/resource-kit';
import { recordAudit } from '../../../shared/enums';
import { RECYCLING_TEXTS } from '../../../shared/locales/recycling';
import {
  crudActions as A, recordName, useCrudDispatch, type ColumnRenderer, type RowAction, type ScreenExtension, type Translate,
} from '../../crud';
import { FormDialog, submitOnEnter } from '../../crud/FormDialog';
import { addScreenTexts } from '../../i18n';

addScreenTexts('recycling', RECYCLING_TEXTS);

const AUDIT_INTENT = { [recordAudit.pending]: 'warning', [recordAudit.approved]: 'success', [recordAudit.rejected]: 'danger' } as const;
const REASON_MAX = 200;

/** Rejecting says why; the household sees it beside the record. */
function RejectDialog({ subject, t, onSubmit, onClose }: { subject: string; t: Translate; onSubmit: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  return (
    <FormDialog title={t('recycling.rejectTitle')} testId="record-reject" submitText={t('recycling.reject')} intent="danger" canSubmit t={t}
      onClose={onClose} onSubmit={() => {
        setTried(true);
        if (!missing) onSubmit(reason.trim());
      }}>
      <p>{subject}</p>
      <FormGroup label={t('recycling.rejectReason')} labelFor="record-reject-reason" intent={tried && missing ? 'danger' : 'none'}
        helperText={tried && missing ? t('recycling.rejectReasonRequired') : t('recycling.rejectHint')}>
        <TextArea id="record-reject-reason" data-testid="record-reject-reason" fill autoFocus rows={3} maxLength={REASON_MAX} value={reason}
          intent={tried && missing ? 'danger' : 'none'} onChange={(e) => setReason(e.currentTarget.value)} onKeyDown={submitOnEnter} />
      </FormGroup>
    </FormDialog>
  );
}

/** Recycling records: approve (awarding the rule's points) or reject with a reason (taking them back). */
export const useRecordsScreen: ScreenExtension = ({ view, t, zone }) => {
  const dispatch = useCrudDispatch();
  const [rejecting, setRejecting] = useState<EntityDto | null>(null);

  const rowActions = useMemo<RowAction[]>(() => [
    {
      key: 'approve', text: t('recycling.approve'), icon: 'tick', intent: 'success',
      hidden: (row) => Number(row.auditStatus) !== recordAudit.pending,
      onClick: (row) => dispatch(A.commandAsked({
        resource: view.name, command: { method: 'Approve', verb: 'POST', body: { id: row.id } },
        message: t('recycling.confirmApprove', { name: recordName(view, row, t, zone) }),
      })),
    },
    {
      key: 'reject', text: t('recycling.reject'), icon: 'cross', intent: 'danger',
      hidden: (row) => Number(row.auditStatus) === recordAudit.rejected, onClick: setRejecting,
    },
  ], [dispatch, t, view, zone]);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    auditStatus: (row, text) => <Tag minimal intent={AUDIT_INTENT[Number(row.auditStatus) as keyof typeof AUDIT_INTENT] ?? 'none'}>{text}</Tag>,
  }), []);

  const children = rejecting && (
    <RejectDialog subject={recordName(view, rejecting, t, zone)} t={t} onClose={() => setRejecting(null)}
      onSubmit={(reason) => {
        dispatch(A.commandRequested({ resource: view.name, command: { method: 'Reject', verb: 'POST', body: { id: rejecting.id, reason } } }));
        setRejecting(null);
      }} />
  );

  return { rowActions, columnRenderers, children, canEdit: (row) => Number(row.auditStatus) === recordAudit.pending, canDelete: (row) => Number(row.auditStatus) === recordAudit.pending };
};
