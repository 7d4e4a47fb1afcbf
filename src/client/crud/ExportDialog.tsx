import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, ProgressBar } from '@blueprintjs/core';
import { describeError } from './api-error';
import type { ExportProgress, Translate } from './types';

interface ExportDialogProps {
  title: string;
  progress: ExportProgress;
  t: Translate;
  /** Stops the export (or closes the dialog after a failure). */
  onCancel: () => void;
}

/** Progress of an export of every page: rows fetched out of the total, then writing the file. */
export function ExportDialog({ title, progress, t, onCancel }: ExportDialogProps) {
  const failed = progress.error !== null;
  const value = progress.phase === 'writing' ? 1 : progress.total > 0 ? progress.fetched / progress.total : undefined;
  const status = progress.phase === 'writing'
    ? t('crud.exportWriting')
    : progress.total > 0
      ? t('crud.exportFetched', { fetched: progress.fetched.toLocaleString('zh-CN'), total: progress.total.toLocaleString('zh-CN') })
      : t('crud.exportPreparing');
  return (
    <Dialog isOpen title={t('crud.exportTitle', { title })} icon="export" onClose={onCancel} canOutsideClickClose={false} style={{ width: 420 }}>
      <DialogBody>
        <div data-testid="export-progress" data-fetched={progress.fetched} data-total={progress.total} data-phase={progress.phase}>
          {failed ? (
            <Callout intent="danger" compact>{t('crud.exportFailed', { message: describeError(progress.error!) })}</Callout>
          ) : (
            <>
              <ProgressBar intent="primary" value={value} animate stripes />
              <p style={{ marginTop: 10, marginBottom: 4 }}>{status}</p>
              <p className={Classes.TEXT_MUTED} style={{ margin: 0, fontSize: 12 }}>{t('crud.exportScope')}</p>
            </>
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={failed ? t('common.ok') : t('common.cancel')} onClick={onCancel} data-testid="btn-export-cancel" />} />
    </Dialog>
  );
}
