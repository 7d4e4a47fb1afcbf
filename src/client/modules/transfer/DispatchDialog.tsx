import { useState } from 'react';
import { Callout, Checkbox, Classes, Spinner, Tag } from '@blueprintjs/core';
import { dayOf, type CalendarDate } from '../../../shared/time';
import { formatDate } from '../../crud/format';
import { useTimeZone } from '../../session/useTimeZone';
import { currentTime } from '../../time/clock';
import { useLookup } from '../../crud/hooks';
import type { LookupItem, Translate } from '../../crud/types';
import { FormDialog } from '../../crud/FormDialog';
import { moveRefusal } from './moves';
import type { MoveDialogProps } from './MoveDialogs';
import { LOOKUPS } from './transferView';

/** The dates of a vehicle's or a driver's papers that are past: papers run to the end of their day, the tenant's. */
function expiredPapers(item: LookupItem, fields: readonly string[], today: CalendarDate, zone: string): string[] {
  return fields.filter((f) => {
    const date = formatDate(item[f], zone);
    return date !== '' && date < today;
  });
}

const VEHICLE_PAPERS = ['permitExpiry'] as const;
const DRIVER_PAPERS = ['licenseExpiry', 'qualificationExpiry'] as const;

function PickList(props: {
  testId: string; title: string; items: LookupItem[]; loading: boolean; selected: number[]; label: (item: LookupItem) => string;
  papers: readonly string[]; paperLabel: (field: string) => string; today: CalendarDate; zone: string; t: Translate; onChange: (ids: number[]) => void;
}) {
  const { testId, title, items, loading, selected, label, papers, paperLabel, today, zone, t, onChange } = props;
  return (
    <fieldset style={{ border: 'none', margin: 0, padding: 0 }} data-testid={testId}>
      <legend style={{ fontWeight: 600, marginBottom: 4 }}>{title}</legend>
      {loading && items.length === 0 && <Spinner size={16} />}
      {!loading && items.length === 0 && <div className={Classes.TEXT_MUTED}>{t('transfer.noneAvailable')}</div>}
      <div style={{ maxHeight: 220, overflow: 'auto' }}>
        {items.map((item) => {
          const expired = expiredPapers(item, papers, today, zone);
          return (
            <Checkbox key={item.id} checked={selected.includes(item.id)} data-testid={`${testId}-${item.id}`}
              labelElement={(
                <span>
                  {label(item)}{' '}
                  {expired.map((f) => (
                    <Tag key={f} minimal intent="warning" data-testid={`${testId}-${item.id}-expired`}>
                      {t('transfer.expired', { what: paperLabel(f), date: formatDate(item[f], zone) })}
                    </Tag>
                  ))}
                </span>
              )}
              onChange={() => onChange(selected.includes(item.id) ? selected.filter((id) => id !== item.id) : [...selected, item.id])} />
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The transporter assigns vehicles and drivers (again to reassign) from its own lists. Papers that are past are
 * flagged; the server refuses them, so the dialog says so before the clerk sends.
 */
export function DispatchDialog({ dialog, order, t, onSubmit, onClose }: MoveDialogProps) {
  const efid = { efid: order.transporterId };
  const vehicles = useLookup(LOOKUPS.vehicles.resource, LOOKUPS.vehicles.method, efid);
  const drivers = useLookup(LOOKUPS.drivers.resource, LOOKUPS.drivers.method, efid);
  const [vehicleIds, setVehicleIds] = useState<number[]>(() => [...(order.vehicleIds ?? [])]);
  const [driverIds, setDriverIds] = useState<number[]>(() => [...(order.driverIds ?? [])]);
  const zone = useTimeZone();
  const today = dayOf(currentTime(), zone);
  const expiredChosen = [
    ...vehicles.items.filter((v) => vehicleIds.includes(v.id) && expiredPapers(v, VEHICLE_PAPERS, today, zone).length > 0),
    ...drivers.items.filter((d) => driverIds.includes(d.id) && expiredPapers(d, DRIVER_PAPERS, today, zone).length > 0),
  ];
  const reassign = (order.vehicleIds ?? []).length > 0;
  const title = t(reassign ? 'transfer.action_reassign' : 'transfer.action_dispatch');
  return (
    <FormDialog title={title} testId="move-dispatch" saving={dialog.pending} refusal={moveRefusal(t)} error={dialog.error} submitText={title}
      canSubmit={vehicleIds.length > 0 && driverIds.length > 0} t={t} width={620} onClose={onClose}
      onSubmit={() => onSubmit({ action: 'dispatch', vehicleIds, driverIds })}>
      <div className={Classes.TEXT_MUTED} style={{ marginBottom: 8 }}>{t('transfer.dispatchHint', { name: order.transporterName ?? '' })}</div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <PickList testId="pick-vehicle" title={t('resource.TransferOrder.fields.vehicleIds')} items={vehicles.items} loading={vehicles.loading}
          selected={vehicleIds} label={(v) => String(v.plateNumber ?? `#${v.id}`)} papers={VEHICLE_PAPERS}
          paperLabel={(f) => t(`resource.Vehicleinformation.fields.${f}`)} today={today} zone={zone} t={t} onChange={setVehicleIds} />
        <PickList testId="pick-driver" title={t('resource.TransferOrder.fields.driverIds')} items={drivers.items} loading={drivers.loading}
          selected={driverIds} label={(d) => String(d.name ?? `#${d.id}`)} papers={DRIVER_PAPERS}
          paperLabel={(f) => t(`resource.Driver.fields.${f}`)} today={today} zone={zone} t={t} onChange={setDriverIds} />
      </div>
      {expiredChosen.length > 0 && (
        <Callout intent="warning" compact style={{ marginTop: 10 }} data-testid="dispatch-expired-warning">{t('transfer.expiredChosen')}</Callout>
      )}
    </FormDialog>
  );
}
