import { Button, Classes, Drawer, DrawerSize, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { equipmentwarning } from '../../../shared/resources/equipmentwarning';
import {
  crudActions as A, describeError, displayText, findView, ResourcePager, screenKey, useCrudDispatch, useCrudTranslation,
  useResourceState,
} from '../../crud';
import { iconOf, intentOf } from './severity';
import { useTimeZone } from '../../session/useTimeZone';

/** The drawer's list keeps its own paging, apart from the warnings screen. */
const DEVICE_HISTORY_KEY = screenKey(equipmentwarning.name, 'device');
/** The `EquipmentWarning/GetAll` filter naming the device (the field's own name, as the screen's filters send it). */
const DEVICE_PARAM = 'smartequipmentId';
const COLUMNS = ['raisedAt', 'warningType', 'value', 'threshold', 'occurrences', 'lastSeenAt', 'status', 'closeNote'] as const;

/** Opens the drawer's list on a device: first page, newest first (the resource's default order). */
export const deviceHistoryOpened = (deviceId: number) =>
  A.scopeChanged({ resource: DEVICE_HISTORY_KEY, scope: { [DEVICE_PARAM]: deviceId } });

export interface HistoryDevice {
  id: number;
  serialNumber: string;
}

/** Every warning one device ever raised, a page at a time. */
export function DeviceHistoryDrawer({ device, onClose }: { device: HistoryDevice | null; onClose: () => void }) {
  const { t } = useCrudTranslation();
  const zone = useTimeZone();
  const dispatch = useCrudDispatch();
  const state = useResourceState(DEVICE_HISTORY_KEY);
  const view = findView(DEVICE_HISTORY_KEY);

  let body;
  if (!view) {
    body = null;
  } else if (state.error && !state.loading) {
    body = (
      <div data-testid="history-error"><NonIdealState icon="error" title={t('common.loadFailed')} description={describeError(state.error)}
        action={<Button icon="refresh" text={t('common.retry')} onClick={() => dispatch(A.listRequested({ resource: DEVICE_HISTORY_KEY }))} />} /></div>
    );
  } else if (state.loading && state.items.length === 0) {
    body = <div data-testid="history-loading" style={{ padding: 40, textAlign: 'center' }}><Spinner size={28} /></div>;
  } else if (state.loaded && state.items.length === 0) {
    body = <div data-testid="history-empty"><NonIdealState icon="history" title={t('monitoring.noHistory')} /></div>;
  } else {
    body = (
      <HTMLTable compact striped style={{ width: '100%', opacity: state.loading ? 0.6 : 1 }} data-testid="history-table">
        <thead><tr>{COLUMNS.map((name) => <th key={name}>{t(view.i18n.field(name))}</th>)}</tr></thead>
        <tbody>
          {state.items.map((row) => (
            <tr key={row.id} data-testid={`history-row-${row.id}`}>
              {COLUMNS.map((name) => {
                const text = displayText(name, view.fields[name], row, t, zone);
                return (
                  <td key={name}>
                    {name === 'warningType'
                      ? <Tag minimal intent={intentOf(Number(row.warningType))} icon={iconOf(Number(row.warningType))}>{text}</Tag>
                      : text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <Drawer isOpen={device !== null} onClose={onClose} size={DrawerSize.LARGE} icon="history"
      title={device ? t('monitoring.historyTitle', { device: device.serialNumber }) : ''}>
      <div className={Classes.DRAWER_BODY} data-testid="history-drawer" data-device={device?.id}>
        <div style={{ padding: 12 }}>{body}</div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <ResourcePager resource={DEVICE_HISTORY_KEY} state={state} t={t} testIdPrefix="history-" />
      </div>
    </Drawer>
  );
}
