import { useEffect } from 'react';
import { Button, Callout, Classes, HTMLTable, Spinner } from '@blueprintjs/core';
import type { FileInfo } from '../../../shared/resource-kit';
import { hazardCharacteristic } from '../../../shared/enums';
import { transferorderline } from '../../../shared/resources';
import { enumLabel, formatDate, formatDateTime, MULTI_SEPARATOR } from '../../crud/format';
import { useTimeZone } from '../../session/useTimeZone';
import { useCrudDispatch, useCrudSelector } from '../../crud/hooks';
import { crudActions } from '../../crud/slice';
import type { Translate } from '../../crud/types';
import { imageRequested } from './ordersSlice';
import { tonnes, tonnesWithUnit } from './StatusTags';
import type { TransferRootState } from './transferSlice';
import type { TransferOrderDetail, TransferOrderLineDto } from './types';

const LINE = transferorderline.fields;
export const enumText = (field: 'containerType' | 'physicalForm' | 'disposalMethod', value: unknown, t: Translate) =>
  typeof value === 'number' ? enumLabel(LINE[field], value, t) : '';
export const hazardText = (values: readonly string[] | null | undefined, t: Translate) =>
  (values ?? []).map((v) => t(`enum.${hazardCharacteristic.name}.${v}`)).join(MULTI_SEPARATOR);

/** A signee image, read with the session's headers. */
function SigneeImage({ file, label }: { file: FileInfo; label: string }) {
  const dispatch = useCrudDispatch();
  const image = useCrudSelector((s) => (s as TransferRootState).transfer.orders.images[file.id]);
  useEffect(() => {
    if (!image) dispatch(imageRequested({ fileId: file.id }));
  }, [dispatch, image, file.id]);
  if (image?.url) return <img src={image.url} alt={label} data-testid={`signee-img-${file.id}`} style={{ maxHeight: 90, maxWidth: 180 }} />;
  if (image?.status === 'failed') return <span className={Classes.TEXT_MUTED}>{file.name}</span>;
  return <Spinner size={16} />;
}

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div style={{ display: 'flex', gap: 8, minHeight: 22 }}>
      <span className={Classes.TEXT_MUTED} style={{ width: 110, flex: 'none' }}>{label}</span>
      <span data-testid={testId} style={{ flex: 1 }}>{children}</span>
    </div>
  );
}

function LinesTable({ lines, t }: { lines: readonly TransferOrderLineDto[]; t: Translate }) {
  const f = (name: string) => t(`resource.TransferOrderLine.fields.${name}`);
  return (
    <HTMLTable compact bordered style={{ width: '100%' }} data-testid="order-lines">
      <thead>
        <tr>
          <th>{f('wasteName')}</th><th>{f('wastecodeId')}</th>
          <th style={{ textAlign: 'right' }}>{f('quantity')}</th><th style={{ textAlign: 'right' }}>{f('receivedQuantity')}</th>
          <th>{f('containerCount')}</th><th>{f('containerType')}</th><th>{f('physicalForm')}</th>
          <th>{f('hazardCharacteristics')}</th><th>{f('disposalMethod')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} data-testid={`order-line-${line.id}`}>
            <td>{line.wasteName ?? line.hazardouswasteName ?? ''}</td>
            <td>{line.wastecodeName ?? ''}</td>
            <td style={{ textAlign: 'right' }} data-testid={`line-quantity-${line.id}`}>{tonnes(line.quantity)}</td>
            <td style={{ textAlign: 'right' }} data-testid={`line-received-${line.id}`}>{tonnes(line.receivedQuantity)}</td>
            <td>{line.containerCount ?? ''}</td>
            <td>{enumText('containerType', line.containerType, t)}</td>
            <td>{enumText('physicalForm', line.physicalForm, t)}</td>
            <td>{hazardText(line.hazardCharacteristics, t)}</td>
            <td>{enumText('disposalMethod', line.disposalMethod, t)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const SIGNEES = [['producer', 'producerSignee'], ['transporter', 'transporterSignee'], ['receiver', 'receiverSignee']] as const;

/** The order as the drawer reads it: header, the three parties, lines with received quantities, transport, signees. */
export function OrderManifest({ order, t }: { order: TransferOrderDetail; t: Translate }) {
  const dispatch = useCrudDispatch();
  const zone = useTimeZone();
  const field = (name: string) => t(`resource.TransferOrder.fields.${name}`);
  const join = (values: readonly string[] | null | undefined) => (values ?? []).join(MULTI_SEPARATOR);
  return (
    <div data-testid="order-manifest" style={{ display: 'grid', gap: 12 }}>
      {Number(order.signStatus) === 2 && order.returnReason && (
        <Callout intent="danger" compact icon="undo" title={field('returnReason')} data-testid="return-reason">{order.returnReason}</Callout>
      )}
      <section style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2px 16px' }}>
        <Field label={field('manifestNo')} testId="detail-manifestNo">{order.manifestNo}</Field>
        <Field label={field('plannedDate')} testId="detail-plannedDate">{formatDate(order.plannedDate, zone)}</Field>
        <Field label={field('producerId')} testId="detail-producer">{order.producerName ?? ''}</Field>
        <Field label={field('totalQuantity')} testId="detail-total">{tonnesWithUnit(order.totalQuantity, t)}</Field>
        <Field label={field('transporterId')} testId="detail-transporter">{order.transporterName ?? ''}</Field>
        <Field label={field('declarantName')}>{order.declarantName ?? ''}</Field>
        <Field label={field('receiverId')} testId="detail-receiver">{order.receiverName ?? ''}</Field>
        <Field label={t('transfer.createdAt')}>{formatDateTime(order.creationTime, zone)}</Field>
        <Field label={field('vehicleIds')} testId="detail-vehicles">{join(order.vehicleNames)}</Field>
        <Field label={field('driverIds')} testId="detail-drivers">{join(order.driverNames)}</Field>
      </section>
      {order.remarks && <Field label={field('remarks')}>{order.remarks}</Field>}
      {(order.attachments ?? []).length > 0 && (
        <Field label={field('attachments')}>
          {(order.attachments ?? []).map((file) => (
            <Button key={file.id} variant="minimal" size="small" icon="paperclip" text={file.name}
              onClick={() => dispatch(crudActions.downloadRequested({ fileId: file.id, name: file.name }))} />
          ))}
        </Field>
      )}
      <LinesTable lines={order.lines ?? []} t={t} />
      <section style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 12 }} data-testid="order-signees">
        {SIGNEES.map(([party, key]) => (
          <div key={party} data-testid={`signee-${party}`}>
            <div className={Classes.TEXT_MUTED}>{field(key)}</div>
            {(order[key] ?? []).length === 0
              ? <span className={Classes.TEXT_MUTED}>{t('transfer.notSigned')}</span>
              : (order[key] ?? []).map((file) => <SigneeImage key={file.id} file={file} label={field(key)} />)}
          </div>
        ))}
      </section>
    </div>
  );
}
