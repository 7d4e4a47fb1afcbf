import { onlineState, runningState, warningType } from '../../../shared/enums';
import { BIGDATA_TEXTS } from '../../../shared/locales/bigdata';
import { addScreenTexts, initI18n, translate } from '../../i18n';
import { deviceEvent, warningEvent } from '../../realtime/test-support-events';
import { describeEvent } from './Ticker';

const t = translate;

beforeAll(() => {
  initI18n('zh-CN');
  addScreenTexts('bigdata', BIGDATA_TEXTS);
});

describe('the ticker\'s lines', () => {
  it('say what changed: a device offline, or online in warning or running normally, never "offline" for a device online', () => {
    const offline = deviceEvent(101, 1, onlineState.offline);
    const inWarning = { ...deviceEvent(102, 1, onlineState.online), payload: { ...deviceEvent(102, 1, onlineState.online).payload, runningState: runningState.warning } };
    const normal = deviceEvent(103, 1, onlineState.online);
    expect(describeEvent(offline, t)?.text).toBe('设备 SN-1 离线');
    expect(describeEvent(inWarning, t)?.text).toBe('设备 SN-1 在线，运行预警');
    expect(describeEvent(normal, t)?.text).toBe('设备 SN-1 在线，运行正常');
    expect(describeEvent(warningEvent(104, 9, { warningType: warningType.battery, status: 1 }), t)?.text).toMatch(/电量预警已确认/);
  });
});
