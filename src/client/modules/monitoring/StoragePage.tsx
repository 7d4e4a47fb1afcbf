import '@blueprintjs/table/lib/css/table.css';
import './monitoring.css';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Button, HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import { useCrudTranslation, useFittingHeight } from '../../crud/hooks';
import { ConnectionTag } from './ConnectionTag';
import { useMonitoringDispatch, useMonitoringSelector } from './hooks';
import { useChangeFlash } from './liveHooks';
import { useNow } from '../../time/clock';
import { useTimeZone } from '../../session/useTimeZone';
import { storageScreenLeft, storageScreenShown } from './monitoringSaga';
import { monitoringActions as A } from './monitoringSlice';
import { selectStorageRows } from './selectors';
import { StoragePanel } from './StoragePanel';
import {
  DEFAULT_STORAGE_SORT, enterprisesOf, filterStorageRows, nextSort, sortStorageRows, type StorageSort,
} from './storageRows';
import { STORAGE_ROW_HEIGHT, StorageTable } from './StorageTable';
import { useLiveStreams } from '../../realtime/useLiveStreams';

/** Height for the table: its rows, but no lower than the window allows. */
const useTableHeight = (rows: number) =>
  useFittingHeight(STORAGE_ROW_HEIGHT * (Math.max(rows, 1) + 1) + 18, { min: STORAGE_ROW_HEIGHT * 8, below: 24 });

/**
 * Hazardous waste storage, live: every active storage point with its weight as the devices report it (pushed, no
 * reload), the fullest first; a point's last 24 hours beside the table. Polls every 30 s while shown, as a fallback.
 */
/** Weights (the table and the point's chart) and the state of each point's device. */
const STORAGE_STREAMS = ['storage', 'devices'] as const;

export default function StoragePage() {
  const dispatch = useMonitoringDispatch();
  const { t, language } = useCrudTranslation();
  const storage = useMonitoringSelector((s) => s.monitoring.storage);
  const all = useMonitoringSelector(selectStorageRows);
  const [sort, setSort] = useState<StorageSort>(DEFAULT_STORAGE_SORT);
  const [enterpriseId, setEnterpriseId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const now = useNow();
  const zone = useTimeZone();

  useLiveStreams(STORAGE_STREAMS);
  useEffect(() => {
    dispatch(storageScreenShown());
    return () => {
      dispatch(storageScreenLeft());
      dispatch(A.pointClosed());
    };
  }, [dispatch]);

  useEffect(() => {
    if (selectedId !== null) dispatch(A.pointRequested({ id: selectedId }));
    else dispatch(A.pointClosed());
  }, [dispatch, selectedId]);

  const enterprises = useMemo(() => enterprisesOf(all), [all]);
  const rows = useMemo(() => sortStorageRows(filterStorageRows(all, enterpriseId, keyword), sort, zone), [all, enterpriseId, keyword, sort, zone]);
  const weights = useMemo(() => new Map(all.map((row) => [row.id, row.currentWeight])), [all]);
  const flashing = useChangeFlash(weights);
  const selected = selectedId === null ? undefined : all.find((row) => row.id === selectedId);
  const { ref, height } = useTableHeight(rows.length);

  // Escape closes the panel, unless it was meant for a dialog (those live in portals outside this element).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && selectedId !== null && event.currentTarget.contains(event.target as Node)) setSelectedId(null);
  };

  let body;
  if (storage.status === 'failed' && all.length === 0) {
    body = (
      <div data-testid="storage-error"><NonIdealState icon="error" title={t('common.loadFailed')}
        description={storage.error ? describeError(storage.error) : undefined}
        action={<Button icon="refresh" intent="primary" text={t('common.retry')} onClick={() => dispatch(A.storageReloadRequested())} />} /></div>
    );
  } else if (storage.status !== 'loaded' && all.length === 0) {
    body = <div data-testid="storage-loading" style={{ padding: 60, textAlign: 'center' }}><Spinner size={32} /></div>;
  } else if (all.length === 0) {
    body = <div data-testid="storage-empty"><NonIdealState icon="box" title={t('monitoring.noStorage')} description={t('monitoring.noStorageHint')} /></div>;
  } else if (rows.length === 0) {
    body = (
      <div data-testid="storage-nomatch"><NonIdealState icon="search" title={t('monitoring.noMatch')}
        action={<Button icon="filter-remove" text={t('common.reset')} onClick={() => { setKeyword(''); setEnterpriseId(null); }} />} /></div>
    );
  } else {
    body = (
      <StorageTable rows={rows} sort={sort} selectedId={selectedId} flashing={flashing} now={now} height={height} t={t}
        onSort={(field) => setSort((current) => nextSort(current, field))} onSelect={setSelectedId} />
    );
  }

  return (
    <div data-testid="storage-page" data-language={language} onKeyDown={onKeyDown}>
      <div className="monitoring-toolbar">
        <HTMLSelect value={enterpriseId ?? ''} aria-label={t('monitoring.colEnterprise')} data-testid="storage-enterprise"
          onChange={(e) => setEnterpriseId(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
          <option value="">{t('monitoring.enterpriseFilter')}</option>
          {enterprises.map((e) => <option key={e.id} value={e.id}>{e.name}</option>)}
        </HTMLSelect>
        <InputGroup leftIcon="search" type="search" placeholder={t('monitoring.keyword')} value={keyword} data-testid="storage-keyword"
          style={{ width: 260 }} onChange={(e) => setKeyword(e.currentTarget.value)} />
        <Tag minimal data-testid="storage-count">{t('monitoring.pointCount', { count: rows.length })}</Tag>
        <span className="monitoring-spacer" />
        <ConnectionTag t={t} />
        <Button icon="refresh" text={t('common.refresh')} loading={storage.status === 'loading'} data-testid="storage-refresh"
          onClick={() => dispatch(A.storageReloadRequested())} />
      </div>
      <div className="monitoring-layout">
        <div className="monitoring-main" ref={ref}>{body}</div>
        {selected && <StoragePanel row={selected} now={now} t={t} onClose={() => setSelectedId(null)} />}
      </div>
    </div>
  );
}
