import { useEffect, useRef, type ChangeEvent } from 'react';
import { Button, Callout, Classes, Icon, ProgressBar } from '@blueprintjs/core';
import type { FileInfo } from '../../shared/resource-kit';
import { describeError } from './api-error';
import { fileInfosOf, formatFileSize, holdFile } from './files';
import { useCrudDispatch, useCrudSelector } from './hooks';
import { crudActions as A, selectUploads } from './slice';
import type { Translate, UploadState } from './types';

interface FilesEditorProps {
  /** Slice key of the screen (the upload goes to its service's `UploadFile`, for the field `name`). */
  resource: string;
  name: string;
  label: string;
  value: unknown;
  onChange: (files: FileInfo[]) => void;
  t: Translate;
  disabled?: boolean;
}

// Blueprint's red for danger text (its classes colour form controls, not free text).
const DANGER_TEXT = '#cd4246';

function DownloadLink({ file, t }: { file: FileInfo; t: Translate }) {
  const dispatch = useCrudDispatch();
  const state = useCrudSelector((s) => s.crud.downloads?.[file.id]);
  return (
    <>
      <Button variant="minimal" size="small" icon="download" loading={state?.loading} text={file.name}
        title={t('crud.filesDownload')} data-testid={`file-download-${file.id}`}
        onClick={() => dispatch(A.downloadRequested({ fileId: file.id, name: file.name }))} />
      {state?.error && (
        <span style={{ color: DANGER_TEXT, fontSize: 12 }} data-testid={`file-download-error-${file.id}`}>
          {t('crud.filesDownloadFailed', { message: describeError(state.error) })}
        </span>
      )}
    </>
  );
}

function UploadRow({ id, upload, t, onDismiss }: { id: string; upload: UploadState; t: Translate; onDismiss: () => void }) {
  if (upload.status === 'failed') {
    return (
      <Callout intent="danger" compact style={{ marginTop: 6 }} data-testid={`file-upload-error-${id}`}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ flex: 1 }}>
            {t('crud.filesUploadFailed', { name: upload.name, message: upload.error ? describeError(upload.error) : '' })}
          </span>
          <Button variant="minimal" size="small" icon="cross" aria-label={t('common.ok')} onClick={onDismiss} />
        </div>
      </Callout>
    );
  }
  const ratio = upload.total > 0 ? Math.min(1, upload.loaded / upload.total) : undefined;
  return (
    <div style={{ marginTop: 6 }} data-testid={`file-uploading-${id}`} data-progress={ratio ?? 0}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 12 }}>
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} style={{ flex: 1 }}>
          {t('crud.filesUploading', { name: upload.name })} {formatFileSize(upload.size)}
        </span>
        <Button variant="minimal" size="small" icon="cross" aria-label={t('common.cancel')} onClick={onDismiss} />
      </div>
      <ProgressBar intent="primary" value={ratio} animate stripes />
    </div>
  );
}

/**
 * Attachments of a form field: an upload button (each file goes up at once, with progress), the stored files with
 * size, download and remove. The form keeps the stored files; uploads live in the store until taken in.
 */
export function FilesEditor(props: FilesEditorProps) {
  const { resource, name, label, value, onChange, t, disabled } = props;
  const dispatch = useCrudDispatch();
  const input = useRef<HTMLInputElement>(null);
  const files = fileInfosOf(value);
  const all = useCrudSelector(selectUploads);
  const mine = Object.entries(all).filter(([, u]) => u.resource === resource && u.field === name);
  const testId = `form-field-${name}`;

  // A finished upload joins the field's files once; it is then forgotten by the store.
  const done = mine.filter(([, u]) => u.status === 'done' && u.file);
  const doneKey = done.map(([id]) => id).join(',');
  const latest = useRef({ files, onChange, done });
  latest.current = { files, onChange, done };
  useEffect(() => {
    const { done } = latest.current;
    if (done.length === 0) return;
    const current = latest.current.files;
    const added = done.map(([, u]) => u.file!).filter((f) => !current.some((c) => c.id === f.id));
    if (added.length > 0) latest.current.onChange([...current, ...added]);
    for (const [id] of done) dispatch(A.uploadCleared({ uploadId: id }));
    // `doneKey` names exactly the uploads handled here; they, the files and the setter are read from `latest`.
  }, [doneKey, dispatch]);

  // Closing the form stops what it was still sending.
  useEffect(() => () => {
    dispatch(A.uploadsDiscarded({ resource, field: name }));
  }, [dispatch, resource, name]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.currentTarget.files ?? [])];
    for (const file of chosen) {
      dispatch(A.uploadRequested({ uploadId: holdFile(file), resource, field: name, name: file.name, size: file.size }));
    }
    // The same file can be chosen again after a failure.
    event.currentTarget.value = '';
  };

  return (
    <div data-testid={`files-${name}`} role="group" aria-label={label}>
      <input ref={input} id={testId} data-testid={testId} type="file" multiple hidden disabled={disabled} aria-label={label}
        onChange={choose} />
      <Button icon="upload" text={t('crud.filesUpload')} disabled={disabled} data-testid={`files-upload-${name}`}
        onClick={() => input.current?.click()} />
      {files.length === 0 && mine.length === 0 && (
        <span className={Classes.TEXT_MUTED} style={{ marginLeft: 10, fontSize: 12 }}>{t('crud.filesEmpty')}</span>
      )}
      {files.length > 0 && (
        <ul style={{ listStyle: 'none', margin: '6px 0 0', padding: 0 }}>
          {files.map((file) => (
            <li key={file.id} data-testid={`file-item-${file.id}`} style={{ display: 'flex', alignItems: 'center', gap: 6, minHeight: 26 }}>
              <Icon icon="paperclip" size={12} className={Classes.TEXT_MUTED} />
              <DownloadLink file={file} t={t} />
              {file.size > 0 && <span className={Classes.TEXT_MUTED} style={{ fontSize: 12 }}>{formatFileSize(file.size)}</span>}
              <span style={{ flex: 1 }} />
              <Button variant="minimal" size="small" intent="danger" icon="cross" text={t('crud.filesRemove')}
                disabled={disabled} data-testid={`file-remove-${file.id}`}
                onClick={() => onChange(files.filter((f) => f.id !== file.id))} />
            </li>
          ))}
        </ul>
      )}
      {mine.filter(([, u]) => u.status !== 'done').map(([id, upload]) => (
        <UploadRow key={id} id={id} upload={upload} t={t} onDismiss={() => dispatch(A.uploadCleared({ uploadId: id }))} />
      ))}
    </div>
  );
}
