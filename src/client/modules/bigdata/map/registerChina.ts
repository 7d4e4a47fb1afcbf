import * as echarts from 'echarts/core';
import china from './china.json';

/**
 * China's provinces for ECharts' geo component, from the ECharts 4.9.0 package's map/json/china.json (Apache License
 * 2.0), kept here so the map draws with no internet. ECharts decodes its compact encoding and adds the South China Sea
 * islands to the map named 'china' itself.
 */
export const CHINA_MAP = 'china';

let registered = false;

export function registerChinaMap(): void {
  if (registered) return;
  echarts.registerMap(CHINA_MAP, china as Parameters<typeof echarts.registerMap>[1]);
  registered = true;
}
