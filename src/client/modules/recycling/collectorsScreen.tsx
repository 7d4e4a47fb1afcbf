import { Button } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { RECYCLING_TEXTS } from '../../../shared/locales/recycling';
import type { ScreenExtension } from '../../crud';
import { addScreenTexts } from '../../i18n';

addScreenTexts('recycling', RECYCLING_TEXTS);

// The map brings ECharts (and AMap when there is a key): loaded when first opened, not with every list screen.
const CollectorMapDrawer = lazy(() => import(/* webpackChunkName: "collector-map" */ './CollectorMapDrawer')
  .then((m) => ({ default: m.CollectorMapDrawer })));

/** Collectors: where they were on a day, on a map beside the list. */
export const useCollectorsScreen: ScreenExtension = ({ t }) => {
  const [mapOpen, setMapOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return {
    toolbarActions: <Button icon="map" text={t('recycling.collectorMap')} data-testid="collector-map-open" onClick={() => {
      setEverOpened(true);
      setMapOpen(true);
    }} />,
    children: everOpened ? <Suspense fallback={null}><CollectorMapDrawer isOpen={mapOpen} onClose={() => setMapOpen(false)} /></Suspense> : null,
  };
};
