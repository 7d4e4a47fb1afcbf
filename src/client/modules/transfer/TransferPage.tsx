import '@blueprintjs/table/lib/css/table.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { createSelector } from '@reduxjs/toolkit';
import { Tab, Tabs } from '@blueprintjs/core';
import type { UserConfiguration } from '../../api/types';
import { isGranted } from '../../session/config';
import { useCrudDispatch, useCrudSelector, useCrudTranslation } from '../../crud/hooks';
import { crudActions } from '../../crud/slice';
import { DispatchDialog } from './DispatchDialog';
import { PrintPortal } from './ManifestPrint';
import { ConfirmMoveDialog, ReceptionDialog, SignDialog } from './MoveDialogs';
import { canMove, rowParties, type IsGranted, type MoveInput } from './moves';
import { formClosed, formCreateOpened, formEditOpened, formSubmitted } from './orderFormSlice';
import { OrderDrawer } from './OrderDrawer';
import { OrderFormDialog } from './OrderFormDialog';
import {
  detailClosed, detailRequested, meRequested, moveAsked, moveDialogClosed, moveRequested, printClosed, printRequested,
} from './ordersSlice';
import { TransferListPanel } from './TransferListPanel';
import type { TransferRootState } from './transferSlice';
import { APPLY, listKey, ROUTE_LISTS, type TransferList } from './transferView';
import type { TransferOrderDetail, TransferOrderDto } from './types';

interface AppConfigState {
  app: { config: UserConfiguration };
}
const selectGranted = createSelector([(s: AppConfigState) => s.app.config], (config): IsGranted => (p) => isGranted(config, p));
const useTransferSelector = useCrudSelector.withTypes<TransferRootState & AppConfigState>();

/** A dialog's order: the drawer's (with its lines), else the list's row (a delete from the list needs no more). */
function useDialogOrder(orderId: number | null): TransferOrderDetail | null {
  const detail = useTransferSelector((s) => s.transfer.orders.detail);
  const row = useTransferSelector((s) => {
    if (orderId === null) return null;
    const own = s.transfer.orders.rows[orderId];
    if (own) return own;
    for (const list of ['C', 'S'] as const) {
      const item = s.crud.byResource[listKey(list)]?.items.find((r) => r.id === orderId);
      if (item) return item as TransferOrderDto;
    }
    return null;
  });
  return useMemo(() => {
    if (orderId === null) return null;
    if (detail?.id === orderId && detail.order) return detail.order;
    return row ? { lines: [], history: [], parties: [], moves: [], ...row } : null;
  }, [orderId, detail, row]);
}

/**
 * Transfer orders (electronic manifests). The application route shows the C list (orders the user's enterprises
 * consign or carry) and the S list (orders addressed to them to sign); the reception route only the S list. `?id=`
 * opens an order's drawer (the home inbox links that way).
 */
export function TransferPage({ route }: { route: 'transferorder' | 'transferreception' }) {
  const lists = ROUTE_LISTS[route];
  const [tab, setTab] = useState<TransferList>(lists[0]);
  const [params, setParams] = useSearchParams();
  const dispatch = useCrudDispatch();
  const { t, language } = useCrudTranslation();
  const granted = useTransferSelector(selectGranted);
  const orders = useTransferSelector((s) => s.transfer.orders);
  const form = useTransferSelector((s) => s.transfer.form);
  const { me, detail, dialog, print } = orders;
  const dialogOrder = useDialogOrder(dialog?.orderId ?? null);
  const idParam = Number(params.get('id'));

  useEffect(() => {
    if (me.status === 'idle') dispatch(meRequested());
  }, [dispatch, me.status]);

  useEffect(() => {
    if (Number.isInteger(idParam) && idParam > 0) dispatch(detailRequested({ id: idParam }));
  }, [dispatch, idParam]);

  const open = useCallback((row: TransferOrderDto) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('id', String(row.id));
      return next;
    });
    // The same id again (the drawer was closed by its button while the address kept it) still opens it.
    if (row.id === idParam) dispatch(detailRequested({ id: row.id }));
  }, [dispatch, idParam, setParams]);

  const close = () => {
    dispatch(detailClosed());
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('id');
      return next;
    }, { replace: true });
  };

  const enterpriseIds = me.status === 'loaded' ? me.enterpriseIds : undefined;
  const allowedOnRow = (list: TransferList, action: 'edit' | 'delete') => (row: TransferOrderDto) =>
    canMove(row, rowParties(row, enterpriseIds, list), granted, action);
  const submitMove = (input: MoveInput) => {
    if (dialog && dialogOrder) dispatch(moveRequested({ id: dialog.orderId, party: dialog.party, version: dialogOrder.version, input }));
  };

  const dialogProps = dialog && dialogOrder
    ? { dialog, order: dialogOrder, t, onSubmit: submitMove, onClose: () => dispatch(moveDialogClosed()) }
    : null;
  const listPanel = (list: TransferList) => (
    <TransferListPanel list={list} canCreate={list === 'C' && granted(APPLY)}
      canEdit={allowedOnRow(list, 'edit')} canDelete={allowedOnRow(list, 'delete')}
      onOpen={open} onCreate={() => dispatch(formCreateOpened())}
      onEdit={(row) => dispatch(formEditOpened({ id: row.id }))}
      onDelete={(row) => dispatch(moveAsked({ orderId: row.id, action: 'delete', party: 'producer' }))} />
  );

  return (
    <div data-testid="transfer-page" data-route={route} data-language={language}>
      {lists.length > 1 ? (
        <Tabs id={`transfer-${route}`} selectedTabId={tab} renderActiveTabPanelOnly onChange={(id) => setTab(id as TransferList)}>
          {lists.map((list) => (
            <Tab key={list} id={list} title={t(`transfer.list${list}`)} data-testid={`tab-${list}`} panel={listPanel(list)} />
          ))}
        </Tabs>
      ) : listPanel(lists[0])}

      {detail && (
        <OrderDrawer detail={detail} isGranted={granted} busy={Boolean(orders.pending[detail.id])} t={t} onClose={close}
          onReload={() => {
            // After a conflict the list's row is as stale as the drawer.
            dispatch(detailRequested({ id: detail.id }));
            dispatch(crudActions.listRequested({ resource: listKey(tab) }));
          }}
          onPrint={() => dispatch(printRequested({ id: detail.id }))}
          onMove={(move) => (move.action === 'edit'
            ? dispatch(formEditOpened({ id: detail.id }))
            : dispatch(moveAsked({ orderId: detail.id, action: move.action, party: move.party })))} />
      )}
      {dialogProps && ['delete', 'void', 'resubmit'].includes(dialogProps.dialog.action) && <ConfirmMoveDialog {...dialogProps} />}
      {dialogProps?.dialog.action === 'dispatch' && <DispatchDialog {...dialogProps} />}
      {dialogProps && ['agree', 'return'].includes(dialogProps.dialog.action) && <ReceptionDialog {...dialogProps} />}
      {dialogProps?.dialog.action === 'sign' && <SignDialog {...dialogProps} />}
      {form && (
        <OrderFormDialog key={`${form.mode}-${form.id ?? 'new'}-${form.requestKey}-${form.loading ? 'loading' : 'ready'}`}
          form={form} declarant={me.name} t={t}
          onSubmit={(body) => dispatch(formSubmitted({ body }))} onClose={() => dispatch(formClosed())} />
      )}
      {print?.status === 'ready' && detail?.order && (
        <PrintPortal order={detail.order} enterprises={print.enterprises} images={orders.images} t={t}
          onDone={() => dispatch(printClosed())} />
      )}
    </div>
  );
}

export default function TransferOrderPage() {
  return <TransferPage route="transferorder" />;
}
export function TransferReceptionPage() {
  return <TransferPage route="transferreception" />;
}
