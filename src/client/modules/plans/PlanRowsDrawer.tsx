import { Callout, Classes, Drawer, DrawerSize, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useAppSelector } from '../../app/hooks';
import { annualmanagementplandetail } from '../../../shared/resources';
import type { EntityDto, Language } from '../../../shared/resource-kit';
import { describeError } from '../../crud/api-error';
import { enumLabel } from '../../crud/format';
import type { Translate } from '../../crud/types';
import { fieldLabelKey, formatTonnes, weightTotals } from './plan-rows';
import { selectPlanRows } from './plansSlice';

const DISPOSAL = annualmanagementplandetail.fields.disposalMethod;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

interface PlanRowsDrawerProps {
  planId: number | null;
  title: string;
  t: Translate;
  language: Language;
  onClose: () => void;
}

/** A plan's rows, read only, with the totals of both weights (`1,234.5600 吨`). */
export function PlanRowsDrawer({ planId, title, t, language, onClose }: PlanRowsDrawerProps) {
  const stored = useAppSelector((s) => selectPlanRows(s, planId));
  const items: EntityDto[] = stored?.items ?? [];
  const totals = weightTotals(items);
  let body;
  if (stored?.status === 'failed' && stored.error) {
    body = <Callout intent="danger" compact data-testid="plan-rows-drawer-error">{t('plans.rowsLoadFailed', { message: describeError(stored.error) })}</Callout>;
  } else if (stored?.status !== 'loaded' && items.length === 0) {
    body = <Spinner size={24} />;
  } else if (items.length === 0) {
    body = <NonIdealState icon="inbox" description={t('plans.noRows')} />;
  } else {
    body = (
      <HTMLTable compact bordered striped style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('plans.rowNumber')}</th>
            <th>{t(fieldLabelKey('hazardouswasteId'))}</th>
            <th style={{ textAlign: 'right' }}>{t(fieldLabelKey('thisyearweight'))}</th>
            <th style={{ textAlign: 'right' }}>{t(fieldLabelKey('lastyearweight'))}</th>
            <th>{t(fieldLabelKey('disposalMethod'))}</th>
            <th>{t(fieldLabelKey('receiverId'))}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((row, index) => (
            <tr key={row.id} data-testid={`plan-rows-drawer-row-${index}`}>
              <td>{index + 1}</td>
              <td>{text(row.hazardouswasteName) || text(row.hazardouswasteId)}</td>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatTonnes(row.thisyearweight, language)}</td>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatTonnes(row.lastyearweight, language)}</td>
              <td>{typeof row.disposalMethod === 'number' ? enumLabel(DISPOSAL, row.disposalMethod, t) : ''}</td>
              <td>{text(row.receiverName)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2} style={{ fontWeight: 600, textAlign: 'right' }}>{t('plans.total')}</td>
            <td style={{ textAlign: 'right', fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="plan-rows-total-thisyearweight">{formatTonnes(totals.thisyearweight, language)}</td>
            <td style={{ textAlign: 'right', fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="plan-rows-total-lastyearweight">{formatTonnes(totals.lastyearweight, language)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </HTMLTable>
    );
  }
  return (
    <Drawer isOpen={planId !== null} onClose={onClose} title={title} icon="th-list" size={DrawerSize.STANDARD}>
      <div className={Classes.DRAWER_BODY} data-testid="plan-rows-drawer" style={{ padding: 16 }}>{body}</div>
    </Drawer>
  );
}
