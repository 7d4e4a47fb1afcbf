import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WALL_DEFAULTS } from '../../../shared/bigdata';
import { useAppSelector } from '../../app/hooks';
import { BigDataScreen, PANEL_SET_COUNT } from './BigDataScreen';
import { bigdataSlice } from './bigdataSlice';
import { DisplaySignInScreen } from './display/DisplaySignInScreen';
import { useTimeZone } from '../../session/useTimeZone';
import { formatTime } from '../../time/display';
import { useIdle, useReloadOnNewBuild, useRotation } from './wallHooks';

const IDLE_CURSOR_MS = 3000;
const BUILD_CHECK_MS = 60_000;

/** How a wall display says its figures stopped moving, and since when (on the tenant's clock, as the screen's clock shows it). */
function StaleBanner({ since }: { since: number }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const at = formatTime(since, zone);
  return (
    <div className="bd-banner" role="alert" data-testid="bd-stale-banner">
      <Icon icon="offline" />
      <span>{t('bigdata.stale', { since: at })}</span>
    </div>
  );
}

/** The wall display (`/bigscreen`, outside the shell): the screen full-bleed, turning through its panel sets. */
export default function WallPage() {
  const settings = useAppSelector((s) => bigdataSlice.selectSlice(s).wall) ?? WALL_DEFAULTS;
  const staleSince = useAppSelector((s) => bigdataSlice.selectSlice(s).staleSince);
  const panelSet = useRotation(PANEL_SET_COUNT, settings.rotateSeconds);
  const idle = useIdle(IDLE_CURSOR_MS);
  useReloadOnNewBuild(BUILD_CHECK_MS);
  const figuresLoaded = useAppSelector((s) => bigdataSlice.selectSlice(s).figures !== null);
  return (
    <div className={idle ? 'bd-idle' : undefined}>
      <DisplaySignInScreen firstSignIn={!figuresLoaded} />
      <BigDataScreen
        mode="wall" panelSet={panelSet} title={settings.title}
        banner={staleSince !== null ? <StaleBanner since={staleSince} /> : null}
      />
    </div>
  );
}
