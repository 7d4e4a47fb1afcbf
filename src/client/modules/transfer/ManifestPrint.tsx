import './manifest-print.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { FileInfo } from '../../../shared/resource-kit';
import { formatDate } from '../../crud/format';
import { useTimeZone } from '../../session/useTimeZone';
import type { Translate } from '../../crud/types';
import { enumText, hazardText } from './OrderManifest';
import type { ImageState, PartyEnterprise } from './ordersSlice';
import { tonnes } from './StatusTags';
import type { TransferOrderDetail, TransferOrderLineDto } from './types';

interface ManifestPrintProps {
  order: TransferOrderDetail;
  enterprises: Record<number, PartyEnterprise | null>;
  images: Record<number, ImageState>;
  t: Translate;
}

/** The national list's category of a code: "900-214-08" belongs to HW08. */
export function wasteCategory(code: string | null | undefined): string {
  const m = /^\d{3}-\d{3}-(\d{2})$/.exec((code ?? '').trim());
  return m ? `HW${m[1]}` : '';
}

/**
 * When a move was made, from the history (the transport date is the dispatch, the reception date the agreement): the
 * tenant's day of it.
 */
const dateOf = (order: TransferOrderDetail, action: string, zone: string) =>
  formatDate([...(order.history ?? [])].reverse().find((h) => h.action === action)?.creationTime, zone);

function Signature({ files, images, label }: { files: FileInfo[] | null | undefined; images: Record<number, ImageState>; label: string }) {
  const file = (files ?? [])[0];
  const url = file ? images[file.id]?.url : null;
  return <div className="signature">{url ? <img src={url} alt={label} /> : null}</div>;
}

const packing = (line: TransferOrderLineDto, t: Translate) =>
  [enumText('containerType', line.containerType, t), line.containerCount != null ? String(line.containerCount) : ''].filter(Boolean).join(' × ');

function opinion(order: TransferOrderDetail, t: Translate): string {
  if (Number(order.signStatus) === 1) return t('transfer.printAgreed');
  if (Number(order.signStatus) === 2) return t('transfer.printReturned', { reason: order.returnReason ?? '' });
  return '';
}

/**
 * The manifest laid out like the national hazardous-waste transfer manifest (危险废物转移联单): the producer's part
 * (wastes, quantities, form, hazards, packing, destination), the transporter's (vehicle, driver, date) and the
 * receiver's (licence, received quantity, disposal, opinion), each with its signature.
 */
export function ManifestPrint({ order, enterprises, images, t }: ManifestPrintProps) {
  const p = (key: string, options?: Record<string, unknown>) => t(`transfer.print_${key}`, options);
  const zone = useTimeZone();
  const producer = enterprises[order.producerId] ?? null;
  const receiver = enterprises[order.receiverId] ?? null;
  const lines = order.lines ?? [];
  const row = (cells: ReactNode) => <tr>{cells}</tr>;
  return (
    <div className="transfer-manifest" data-testid="manifest-print">
      <h1>{p('title')}</h1>
      <div className="manifest-no">{p('manifestNo')}：<span data-testid="print-manifestNo">{order.manifestNo}</span></div>
      <table data-testid="print-part1">
        <tbody>
          <tr>
            <th className="part" rowSpan={4 + lines.length}>{p('part1')}</th>
            <th>{p('producerName')}</th><td colSpan={3} data-testid="print-producer">{order.producerName ?? producer?.name ?? ''}</td>
            <th>{p('emergencyPhone')}</th><td colSpan={3} data-testid="print-producer-phone">{producer?.contactPhone ?? ''}</td>
          </tr>
          <tr>
            <th>{p('wasteName')}</th><th>{p('wasteCode')}</th><th>{p('wasteCategory')}</th><th>{p('quantity')}</th>
            <th>{p('form')}</th><th>{p('hazard')}</th><th>{p('packing')}</th><th>{p('destination')}</th>
          </tr>
          {lines.map((line) => (
            <tr key={line.id} data-testid={`print-line-${line.id}`}>
              <td>{line.wasteName ?? line.hazardouswasteName ?? ''}</td>
              <td>{line.wastecodeName ?? ''}</td>
              <td>{wasteCategory(line.wastecodeName)}</td>
              <td className="num">{tonnes(line.quantity)}</td>
              <td>{enumText('physicalForm', line.physicalForm, t)}</td>
              <td>{hazardText(line.hazardCharacteristics, t)}</td>
              <td>{packing(line, t)}</td>
              <td>{order.receiverName ?? ''} {enumText('disposalMethod', line.disposalMethod, t)}</td>
            </tr>
          ))}
          {row(<>
            <th>{p('total')}</th><td colSpan={2} className="num" data-testid="print-total">{tonnes(order.totalQuantity)}</td>
            <th>{p('declarant')}</th><td colSpan={2}>{order.declarantName ?? ''}</td>
            <th>{p('plannedDate')}</th><td>{formatDate(order.plannedDate, zone)}</td>
          </>)}
          {row(<>
            <th>{p('signature', { party: p('producer') })}</th>
            <td colSpan={7}><Signature files={order.producerSignee} images={images} label={p('producer')} /></td>
          </>)}
        </tbody>
      </table>
      <table data-testid="print-part2">
        <tbody>
          <tr>
            <th className="part" rowSpan={2}>{p('part2')}</th>
            <th>{p('transporterName')}</th><td data-testid="print-transporter">{order.transporterName ?? ''}</td>
            <th>{p('plate')}</th><td data-testid="print-plate">{(order.vehicleNames ?? []).join('、')}</td>
            <th>{p('driver')}</th><td data-testid="print-driver">{(order.driverNames ?? []).join('、')}</td>
            <th>{p('transportDate')}</th><td data-testid="print-transport-date">{dateOf(order, 'dispatch', zone)}</td>
          </tr>
          {row(<>
            <th>{p('signature', { party: p('transporter') })}</th>
            <td colSpan={7}><Signature files={order.transporterSignee} images={images} label={p('transporter')} /></td>
          </>)}
        </tbody>
      </table>
      <table data-testid="print-part3">
        <tbody>
          <tr>
            <th className="part" rowSpan={3 + lines.length}>{p('part3')}</th>
            <th>{p('receiverName')}</th><td colSpan={3} data-testid="print-receiver">{order.receiverName ?? receiver?.name ?? ''}</td>
            <th>{p('licence')}</th><td colSpan={2} data-testid="print-licence">{receiver?.licenseNumber ?? ''}</td>
          </tr>
          <tr><th>{p('wasteName')}</th><th>{p('wasteCode')}</th><th>{p('receivedQuantity')}</th><th colSpan={3}>{p('disposal')}</th><th>{p('receptionDate')}</th></tr>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.wasteName ?? ''}</td><td>{line.wastecodeName ?? ''}</td>
              <td className="num" data-testid={`print-received-${line.id}`}>{tonnes(line.receivedQuantity)}</td>
              <td colSpan={3}>{enumText('disposalMethod', line.disposalMethod, t)}</td>
              <td>{dateOf(order, 'agree', zone)}</td>
            </tr>
          ))}
          {row(<>
            <th>{p('opinion')}</th><td colSpan={2} data-testid="print-opinion">{opinion(order, t)}</td>
            <th>{p('signature', { party: p('receiver') })}</th>
            <td colSpan={3}><Signature files={order.receiverSignee} images={images} label={p('receiver')} /></td>
          </>)}
        </tbody>
      </table>
    </div>
  );
}

/** Renders the manifest beside the application (the print style sheet shows only it), prints, and reports when done. */
export function PrintPortal(props: ManifestPrintProps & { onDone: () => void }) {
  const { onDone, ...manifest } = props;
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    // Once the portal is in the document; print() returns when the print dialog closes.
    const timer = setTimeout(() => {
      window.print();
      done.current();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return createPortal(<div className="transfer-print-root" data-testid="print-root"><ManifestPrint {...manifest} /></div>, document.body);
}
