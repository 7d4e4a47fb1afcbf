import '@blueprintjs/table/lib/css/table.css';
import { Spinner, Tab, Tabs } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { rblist } from '../../../shared/resources';
import { ResourcePage, useCrudTranslation } from '../../crud';
import { useRecordsScreen } from './recordsScreen';

// The charts come with the tab: a clerk auditing records does not download ECharts.
const RecordsAnalyses = lazy(() => import(/* webpackChunkName: "recycling-analyses" */ './RecordsAnalyses'));

type TabId = 'records' | 'analyses';

/** The records, audited in their table, and what they add up to in a tab beside it. */
export default function RecordsPage() {
  const { t } = useCrudTranslation();
  const [tab, setTab] = useState<TabId>('records');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Tabs id="records-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly large={false}
        className="records-tabs">
        <Tab id="records" title={t('resource.Rblist.title')} data-testid="tab-records" />
        <Tab id="analyses" title={t('recycling.analyses')} data-testid="tab-analyses" />
      </Tabs>
      <div style={{ flex: 1, minHeight: 0, overflow: tab === 'analyses' ? 'auto' : undefined }}>
        {tab === 'records' ? <ResourcePage resource={rblist.name} extension={useRecordsScreen} /> : <Suspense fallback={<Spinner size={28} />}><RecordsAnalyses /></Suspense>}
      </div>
    </div>
  );
}
