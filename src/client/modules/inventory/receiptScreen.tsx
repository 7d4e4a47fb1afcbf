import { useMemo, type MouseEvent } from 'react';
import { Tag } from '@blueprintjs/core';
import { findRouteByName } from '../../../shared/navigation';
import type { EntityDto } from '../../../shared/resource-kit';
import type { ColumnRenderer, ScreenExtension } from '../../crud';
import { navigateTo } from '../../util/navigator';
import { useLiveScreen, useUnitRenderers } from './columns';

/** `receiptSource`: written by a receiver's agree on a transfer order. */
export const SOURCE_TRANSFER = 2;

/** The server refuses to edit or delete these (the order is the record of the movement). */
export const isFromTransfer = (row: EntityDto) => Number(row.source) === SOURCE_TRANSFER;
const isManual = (row: EntityDto) => !isFromTransfer(row);

/** The reception screen opened on the source order. */
export const sourceOrderPath = (orderId: number) =>
  `${findRouteByName('transferreception')?.path ?? '/transfermanagement/transferreception'}?id=${orderId}`;

/**
 * Warehouse receipts: quantities in tonnes, the source order's manifest number opening that order, and receipts
 * from a transfer order kept as they are (no edit, no delete). Reloads on stock pushes while shown.
 */
export const useWarehouseReceiptScreen: ScreenExtension = ({ view, t, language }) => {
  useLiveScreen(view.name);
  const units = useUnitRenderers(view, language);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    ...units,
    source: (row, text) => (isFromTransfer(row)
      ? <Tag minimal intent="primary" title={t('inventory.fromTransfer')} data-testid={`receipt-source-${row.id}`}>{text}</Tag>
      : text),
    transferOrderId: (row, text) => {
      const orderId = Number(row.transferOrderId);
      if (!Number.isInteger(orderId) || orderId <= 0) return '';
      const path = sourceOrderPath(orderId);
      const manifestNo = text && text !== String(orderId) ? text : `#${orderId}`;
      const open = (event: MouseEvent) => {
        // A plain click stays in the application (a tab); modified clicks keep the browser's meaning.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigateTo(path);
      };
      return (
        <a href={path} onClick={open} title={t('inventory.openOrder', { manifestNo })} data-testid={`receipt-order-${row.id}`}>
          {manifestNo}
        </a>
      );
    },
  }), [units, t]);

  return { columnRenderers, canEdit: isManual, canDelete: isManual };
};
