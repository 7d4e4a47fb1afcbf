import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { describeError, useCrudTranslation } from '../../crud';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EMPTY_REGION_VALUE, RegionCascade, type RegionValue } from '../../regions';
import { importClosed, importRequested, selectAreaImport } from './areaImport';

/**
 * Adds a city's districts, streets and communities (or one district's) from the national divisions. Rows the tenant
 * already has are kept as they are, so importing twice is harmless.
 */
export function ImportDialog() {
  const { t } = useCrudTranslation();
  const dispatch = useAppDispatch();
  const { open, running, result, error } = useAppSelector(selectAreaImport);
  const [region, setRegion] = useState<RegionValue>(EMPTY_REGION_VALUE);
  const code = region.county ?? region.city;

  return (
    <Dialog isOpen={open} onClose={() => dispatch(importClosed())} title={t('recycling.importTitle')} icon="import"
      canEscapeKeyClose={!running} canOutsideClickClose={!running} style={{ width: 620 }}>
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{t('recycling.importHint')}</p>
        <FormGroup label={t('recycling.importRegion')}>
          <RegionCascade value={region} levels={3} disabled={running} onChange={setRegion} />
        </FormGroup>
        {running && <div data-testid="area-import-progress"><ProgressBar intent="primary" /></div>}
        {result && (
          <Callout intent="success" icon="tick-circle" data-testid="area-import-result">
            {result.districts + result.streets + result.communities === 0 ? t('recycling.importNothing') : t('recycling.importDone', { ...result })}
          </Callout>
        )}
        {error && <Callout intent="danger" icon="error" data-testid="area-import-error">{describeError(error)}</Callout>}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t(result ? 'common.close' : 'common.cancel')} disabled={running} data-testid="area-import-close" onClick={() => dispatch(importClosed())} />
        <Button intent="primary" icon="import" text={t('recycling.importRun')} data-testid="area-import-run"
          disabled={!code} loading={running} onClick={() => code && dispatch(importRequested({ code }))} />
      </>} />
    </Dialog>
  );
}
