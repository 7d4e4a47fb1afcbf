import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Button, Callout, Card, FormGroup, H4, MenuItem, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Select, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useEffect, useMemo, useState } from 'react';
import { offsetMinutesAt, offsetText } from '../../../shared/time';
import { useAppDispatch, useAppSelector, useChunkSagas } from '../../app/hooks';
import { describeError } from '../../crud/api-error';
import { ConfirmAlert } from '../../crud/ConfirmAlert';
import { useCrudTranslation } from '../../crud/hooks';
import { useTimeZone } from '../../session/useTimeZone';
import { formatClock, useNow } from '../../time';
import { selectSettings, settingsRequested, watchSettings, zoneSaveRequested, type TimeZoneOption } from './settings';

const matches: ItemPredicate<TimeZoneOption> = (query, zone) => {
  const needle = query.trim().toLowerCase();
  return needle === '' || zone.name.toLowerCase().includes(needle) || zone.value.toLowerCase().includes(needle);
};

/** `(UTC+08:00) Asia/Shanghai`, with the offset the zone has now (the list's own name may be of another season). */
const zoneLabel = (zone: string, now: number) => `(UTC${offsetText(offsetMinutesAt(zone, now))}) ${zone}`;

/**
 * The tenant's settings: its time zone, the clock every day and month of the product is counted on. An administrator
 * picks another from the zones the server knows (searchable, keyboard first) and confirms; once saved, the
 * configuration is read again and every time on screen follows.
 */
export default function SettingsPage() {
  useChunkSagas(watchSettings);
  const { t } = useCrudTranslation();
  const dispatch = useAppDispatch();
  const { status, zones, timeZone, loadError, save } = useAppSelector(selectSettings);
  const shownZone = useTimeZone();
  const current = timeZone ?? shownZone;
  const now = useNow(1000);
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [active, setActive] = useState<TimeZoneOption | null>(null);

  useEffect(() => {
    dispatch(settingsRequested());
  }, [dispatch]);
  // The question closes once answered; a zone saved is the current one now, nothing is chosen any more.
  useEffect(() => {
    if (save.status === 'saved' || save.status === 'failed') setConfirming(false);
    if (save.status === 'saved') setChosen(null);
  }, [save.status]);

  const chosenZone = useMemo(() => zones.find((z) => z.value === chosen) ?? null, [zones, chosen]);
  // The list opens on the zone chosen, else the current one: arrows move from there, Enter picks.
  const currentZone = useMemo(() => zones.find((z) => z.value === current) ?? null, [zones, current]);
  const saving = save.status === 'saving';
  const unchanged = chosen === null || chosen === current;

  const renderZone: ItemRenderer<TimeZoneOption> = (zone, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem key={zone.value} ref={ref} roleStructure="listoption" text={zone.name} active={modifiers.active}
        selected={zone.value === (chosen ?? current)} onClick={handleClick} onFocus={handleFocus}
        data-testid={`settings-zone-option-${zone.value}`} />
    );
  };

  let body;
  if (status === 'failed' && loadError) {
    body = (
      <NonIdealState icon="error" title={t('settings.loadFailed', { message: describeError(loadError) })}
        action={<Button icon="refresh" text={t('common.retry')} onClick={() => dispatch(settingsRequested())} />} />
    );
  } else if (status !== 'loaded') {
    body = <div style={{ padding: 40, textAlign: 'center' }} data-testid="settings-loading"><Spinner size={28} /></div>;
  } else {
    body = (
      <>
        <p style={{ maxWidth: 760 }}>{t('settings.timeZoneHint')}</p>
        <FormGroup label={t('settings.current')}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <Tag large icon="time" data-testid="settings-current-zone">{current}</Tag>
            <Tag large minimal data-testid="settings-current-offset">{t('settings.offset', { offset: offsetText(offsetMinutesAt(current, now)) })}</Tag>
            <span data-testid="settings-current-time">{t('settings.timeThere', { time: formatClock(now, current) })}</span>
          </div>
        </FormGroup>
        <FormGroup label={t('settings.choose')} labelFor="settings-zone" helperText={!unchanged || chosen === null ? undefined : t('settings.unchanged')}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <Select<TimeZoneOption>
              items={zones} itemPredicate={matches} itemRenderer={renderZone} onItemSelect={(zone) => setChosen(zone.value)}
              activeItem={active} onActiveItemChange={(item) => setActive(item)} resetOnClose scrollToActiveItem disabled={saving}
              noResults={<MenuItem disabled roleStructure="listoption" text={t('settings.noMatch')} />}
              inputProps={{ placeholder: t('settings.search'), 'aria-label': t('settings.search') }}
              popoverProps={{ placement: 'bottom-start', minimal: true, onOpening: () => setActive(chosenZone ?? currentZone) }}
              menuProps={{ style: { maxHeight: 360, overflow: 'auto', minWidth: 360 }, 'aria-label': t('settings.choose') }}
            >
              <Button id="settings-zone" endIcon="caret-down" icon="globe" alignText="start" style={{ minWidth: 320 }}
                text={chosen ? zoneLabel(chosen, now) : t('settings.choosePlaceholder')} data-testid="settings-zone" />
            </Select>
            <Button intent="primary" icon="floppy-disk" text={t('settings.save')} disabled={unchanged} loading={saving}
              data-testid="settings-save" onClick={() => setConfirming(true)} />
          </div>
        </FormGroup>
        {save.status === 'saved' && save.zone && (
          <Callout intent="success" icon="tick-circle" data-testid="settings-saved">{t('settings.saved', { zone: save.zone })}</Callout>
        )}
        {save.status === 'failed' && save.error && (
          <Callout intent="danger" icon="error" data-testid="settings-save-failed">
            {t('settings.saveFailed', { message: describeError(save.error) })}
          </Callout>
        )}
      </>
    );
  }

  return (
    <div style={{ padding: 16 }} data-testid="settings-page">
      <Card>
        <H4>{t('settings.timeZone')}</H4>
        {body}
      </Card>
      {confirming && chosen && (
        <ConfirmAlert testId="settings-confirm" confirmTestId="settings-confirm-ok" intent="warning" icon="time"
          confirmText={t('settings.confirm')} cancelText={t('common.cancel')} running={saving}
          onConfirm={() => dispatch(zoneSaveRequested(chosen))} onCancel={() => setConfirming(false)}>
          <p><strong>{t('settings.confirmTitle')}</strong></p>
          <p>{t('settings.confirmText', { from: zoneLabel(current, now), to: zoneLabel(chosen, now) })}</p>
        </ConfirmAlert>
      )}
    </div>
  );
}
