import { useEffect, useRef, useState, type ChangeEvent, type HTMLProps } from 'react';
import { useDispatch } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import type { Dispatch } from '@reduxjs/toolkit';
import { Callout, Classes, FileInput, ProgressBar } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import { holdFile } from '../../crud/files';
import type { FormSectionContext } from '../../crud/ResourceForm';
import { showToast } from '../../util/toaster';
import { CONTRACT_RESOURCE } from './contractView';
import { pdfChosen, pdfPrefillApplied, selectContractPdf } from './contractsSlice';
import { applyPrefill } from './pdf-prefill';


const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * "识别合同PDF" in the contract dialog: choose a PDF, watch it upload and be read, see the text found. Each reading is
 * applied to the form once: the fields still empty are filled, the file joins the attachments, a toast says what
 * was filled.
 */
export function ContractPdfSection({ values, setValues, disabled, t, language }: FormSectionContext) {
  const dispatch = useDispatch<Dispatch>();
  const pdf = useAppSelector(selectContractPdf);
  const [rejected, setRejected] = useState<string | null>(null);

  // Applied once per reading: the form's values and the texts are read at that moment (from `latest`), not followed.
  const latest = useRef({ values, setValues, t, language, pdf });
  latest.current = { values, setValues, t, language, pdf };
  useEffect(() => {
    const { values: now, setValues: set, t: text, language: lang, pdf: reading } = latest.current;
    if (reading.phase !== 'done' || reading.seq === reading.appliedSeq || !reading.prefill) return;
    const { patch, filled } = applyPrefill(now, reading.prefill, reading.file);
    set(patch);
    dispatch(pdfPrefillApplied(reading.seq));
    const names = filled.map((key) => text(`resource.${CONTRACT_RESOURCE}.fields.${key}`)).join(lang === 'zh-CN' ? '、' : ', ');
    showToast(filled.length > 0 ? text('contracts.pdfFilled', { fields: names }) : text('contracts.pdfNothingFilled'), filled.length > 0 ? 'success' : 'primary', 'tick');
  }, [pdf.phase, pdf.seq, pdf.appliedSeq, dispatch]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    input.value = '';
    if (!file) return;
    if (!isPdf(file)) {
      setRejected(t('contracts.pdfNotPdf'));
      return;
    }
    setRejected(null);
    dispatch(pdfChosen({ key: holdFile(file), name: file.name }));
  };

  const inputProps = { accept: 'application/pdf,.pdf', 'data-testid': 'contract-pdf-input', 'aria-label': t('contracts.pdfChoose') } as HTMLProps<HTMLInputElement>;
  return (
    <div data-testid="contract-pdf-section">
      <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} style={{ margin: '0 0 6px' }}>{t('contracts.pdfHint')}</p>
      <FileInput fill disabled={disabled} text={pdf.fileName ?? t('contracts.pdfChoose')} hasSelection={pdf.fileName !== null}
        buttonText={t('common.select')} inputProps={inputProps} onInputChange={choose} />
      {pdf.phase === 'uploading' && (
        <div style={{ marginTop: 8 }} data-testid="contract-pdf-status">
          <div className={Classes.TEXT_SMALL}>{t('contracts.pdfUploading', { name: pdf.fileName ?? '', percent: Math.round(pdf.progress * 100) })}</div>
          <ProgressBar intent="primary" value={pdf.progress} animate stripes={false} data-testid="contract-pdf-progress" />
        </div>
      )}
      {pdf.phase === 'extracting' && (
        <div style={{ marginTop: 8 }} data-testid="contract-pdf-status">
          <div className={Classes.TEXT_SMALL}>{t('contracts.pdfExtracting')}</div>
          <ProgressBar intent="primary" data-testid="contract-pdf-progress" />
        </div>
      )}
      {(rejected || (pdf.phase === 'failed' && pdf.error)) && (
        <Callout intent="danger" compact style={{ marginTop: 8 }} data-testid="contract-pdf-error">
          {rejected ?? t('contracts.pdfFailed', { message: describeError(pdf.error!) })}
        </Callout>
      )}
      {pdf.phase === 'done' && (
        <div style={{ marginTop: 8 }}>
          <div className={Classes.TEXT_SMALL} data-testid="contract-pdf-status">{t('contracts.pdfDone', { name: pdf.fileName ?? '' })}</div>
          {pdf.unmatched.map((name) => (
            <Callout key={name} intent="warning" compact style={{ marginTop: 4 }}>{t('contracts.pdfPartyUnmatched', { name })}</Callout>
          ))}
          <div className={Classes.TEXT_SMALL} style={{ margin: '6px 0 2px' }}>{t('contracts.pdfText')}</div>
          <pre data-testid="contract-pdf-text" role="textbox" aria-readonly="true" aria-multiline="true" aria-label={t('contracts.pdfText')}
            tabIndex={0} className={Classes.CODE_BLOCK}
            style={{ maxHeight: 180, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, fontSize: 12 }}>
            {pdf.text || t('contracts.pdfNoText')}
          </pre>
        </div>
      )}
    </div>
  );
}
