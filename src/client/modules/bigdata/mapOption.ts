import type { EChartsOption } from 'echarts';
import { format } from 'echarts/core';
import type { MapDevice, MapEnterprise, TransferFlow } from '../../../shared/bigdata';
import { corporateType, onlineState } from '../../../shared/enums';
import { fontPx, PALETTE, sizePx, type ChartContext } from './charts';
import { formatTonnes } from './format';
import { CHINA_MAP } from './map/registerChina';

export interface MapLayers {
  enterprises: readonly MapEnterprise[];
  devices: readonly MapDevice[];
  flows: readonly TransferFlow[];
  /** Moving effects (pulses, flow trails); off when the frame rate drops. */
  effects: boolean;
}

/** Each kind of enterprise its own symbol, so a producer and a receiver at one spot stay apart. */
const KINDS = [
  { kind: corporateType.producer, id: 'producers', label: 'bigdata.producers', symbol: 'circle', color: PALETTE.accent },
  { kind: corporateType.transporter, id: 'transporters', label: 'bigdata.transporters', symbol: 'triangle', color: PALETTE.accent2 },
  { kind: corporateType.receiver, id: 'receivers', label: 'bigdata.receivers', symbol: 'diamond', color: '#b38cff' },
] as const;

type DeviceLook = 'warning' | 'offline' | 'online';
const deviceLook = (d: MapDevice): DeviceLook => (d.openWarnings > 0 ? 'warning' : d.onlineState === onlineState.online ? 'online' : 'offline');
const DEVICE_COLOURS: Record<DeviceLook, string> = { warning: PALETTE.bad, offline: PALETTE.off, online: PALETTE.good };

/** China shows whole until there are enterprises; then the view frames them, never closer than a province's width. */
export function viewOf(enterprises: readonly MapEnterprise[]): { center: [number, number]; zoom: number } {
  if (enterprises.length === 0) return { center: [104.5, 36], zoom: 1.1 };
  const lngs = enterprises.map((e) => e.longitude);
  const lats = enterprises.map((e) => e.latitude);
  const [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  // At zoom 1 the map spans about 62° of longitude and 35° of latitude.
  const zoom = Math.min(62 / ((east - west) * 1.6 || 1), 35 / ((north - south) * 1.6 || 1));
  return { center: [(west + east) / 2, (south + north) / 2], zoom: Math.max(1.1, Math.min(6, zoom)) };
}

export function mapOption(layers: MapLayers, ctx: Pick<ChartContext, 't' | 'scale'>): EChartsOption {
  const { t, scale } = ctx;
  const byId = new Map(layers.enterprises.map((e) => [e.id, e]));
  const maxTonnes = Math.max(1, ...layers.flows.map((f) => f.tonnes));
  const warningDevices = layers.devices.filter((d) => deviceLook(d) === 'warning');
  const view = viewOf(layers.enterprises);
  return {
    animationDurationUpdate: 0,
    tooltip: { trigger: 'item', textStyle: { fontSize: fontPx(scale, 13) } },
    legend: {
      bottom: sizePx(scale, 4), left: sizePx(scale, 8), orient: 'vertical', textStyle: { color: PALETTE.text, fontSize: fontPx(scale, 12) },
      itemWidth: sizePx(scale, 12), itemHeight: sizePx(scale, 12),
    },
    geo: {
      map: CHINA_MAP, roam: true, center: view.center, zoom: view.zoom, scaleLimit: { min: 1, max: 40 },
      label: { show: false }, silent: false,
      itemStyle: { areaColor: '#0b2a4a', borderColor: '#1f6fb2', borderWidth: 1 },
      emphasis: { disabled: true },
      tooltip: { show: false },
    },
    series: [
      {
        id: 'flows', type: 'lines', coordinateSystem: 'geo', zlevel: 1, name: t('bigdata.flowsWeek'),
        effect: { show: layers.effects, period: 4, trailLength: 0.25, symbol: 'arrow', symbolSize: sizePx(scale, 6), color: PALETTE.accent },
        lineStyle: { color: PALETTE.accent, opacity: 0.5, curveness: 0.2 },
        tooltip: { formatter: (p) => flowTooltip(p.data) },
        data: layers.flows.flatMap((f) => {
          const from = byId.get(f.producerId);
          const to = byId.get(f.receiverId);
          if (!from || !to) return [];
          return [{
            coords: [[from.longitude, from.latitude], [to.longitude, to.latitude]],
            lineStyle: { width: 1 + (4 * f.tonnes) / maxTonnes },
            flow: `${from.name} → ${to.name}`, tonnes: t('bigdata.tonnesValue', { value: formatTonnes(f.tonnes) }),
          }];
        }),
      },
      ...KINDS.map((k) => ({
        id: k.id, name: t(k.label), type: 'scatter' as const, coordinateSystem: 'geo', symbol: k.symbol, symbolSize: sizePx(scale, 12),
        itemStyle: { color: k.color, borderColor: '#061a33', borderWidth: 1 },
        data: layers.enterprises.filter((e) => e.kinds.includes(k.kind)).map((e) => ({ id: e.id, name: e.name, value: [e.longitude, e.latitude] })),
      })),
      {
        id: 'devices', name: t('bigdata.device'), type: 'scatter', coordinateSystem: 'geo', symbol: 'rect', symbolSize: sizePx(scale, 7),
        itemStyle: { color: PALETTE.good },
        data: layers.devices.map((d) => ({
          id: d.id, name: d.serialNumber, enterpriseId: d.enterpriseId, value: [d.longitude, d.latitude],
          itemStyle: { color: DEVICE_COLOURS[deviceLook(d)] },
        })),
      },
      {
        // Open warnings pulse where the effects run; otherwise they stay red, a size larger.
        id: 'warnings', name: t('bigdata.deviceWarning'), type: layers.effects ? 'effectScatter' : 'scatter', coordinateSystem: 'geo',
        symbolSize: sizePx(scale, 10), zlevel: 2, itemStyle: { color: PALETTE.bad },
        rippleEffect: { scale: 3.5, brushType: 'stroke' },
        data: warningDevices.map((d) => ({ id: d.id, name: d.serialNumber, enterpriseId: d.enterpriseId, value: [d.longitude, d.latitude] })),
      },
    ],
  };
}

function flowTooltip(data: unknown): string {
  if (typeof data !== 'object' || data === null || !('flow' in data) || !('tonnes' in data)) return '';
  // Names are the tenant's data: escaped, since the tooltip is HTML.
  return `${format.encodeHTML(String(data.flow))}<br/>${format.encodeHTML(String(data.tonnes))}`;
}
