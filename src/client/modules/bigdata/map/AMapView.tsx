import { useEffect, useRef } from 'react';
import type { MapDevice, MapEnterprise, TransferFlow } from '../../../../shared/bigdata';
import { corporateType, onlineState } from '../../../../shared/enums';
import { PALETTE } from '../charts';
import { useAMapInstance, type AMapApi, type AMapOverlay } from '../../../util/useAMap';

interface AMapViewProps {
  api: AMapApi;
  enterprises: readonly MapEnterprise[];
  devices: readonly MapDevice[];
  flows: readonly TransferFlow[];
  onEnterprise(id: number): void;
}

const kindColour = (e: MapEnterprise) =>
  e.kinds.includes(corporateType.receiver) ? '#b38cff' : e.kinds.includes(corporateType.transporter) ? PALETTE.accent2 : PALETTE.accent;
const deviceColour = (d: MapDevice) => (d.openWarnings > 0 ? PALETTE.bad : d.onlineState === onlineState.online ? PALETTE.good : PALETTE.off);

/** The same layers on AMap's dark tiles: enterprises, devices coloured by state, flows as lines by tonnes. */
export function AMapView({ api, enterprises, devices, flows, onEnterprise }: AMapViewProps) {
  const { box, map } = useAMapInstance(api, { mapStyle: 'amap://styles/darkblue', viewMode: '2D', zoom: 5, center: [104.5, 36] });
  const fitted = useRef(false);
  useEffect(() => {
    const current = map.current;
    if (!current) return undefined;
    const byId = new Map(enterprises.map((e) => [e.id, e]));
    const maxTonnes = Math.max(1, ...flows.map((f) => f.tonnes));
    const overlays: AMapOverlay[] = [
      ...flows.flatMap((f) => {
        const from = byId.get(f.producerId);
        const to = byId.get(f.receiverId);
        return from && to ? [new api.Polyline({
          path: [[from.longitude, from.latitude], [to.longitude, to.latitude]], strokeColor: PALETTE.accent, strokeOpacity: 0.6,
          strokeWeight: 1 + (4 * f.tonnes) / maxTonnes, showDir: true,
        })] : [];
      }),
      ...enterprises.map((e) => {
        const marker = new api.CircleMarker({ center: [e.longitude, e.latitude], radius: 7, fillColor: kindColour(e), fillOpacity: 0.9, strokeWeight: 1, cursor: 'pointer' });
        marker.on('click', () => onEnterprise(e.id));
        return marker;
      }),
      ...devices.map((d) => {
        const marker = new api.CircleMarker({ center: [d.longitude, d.latitude], radius: d.openWarnings > 0 ? 6 : 4, fillColor: deviceColour(d), fillOpacity: 0.9, strokeWeight: 0 });
        marker.on('click', () => onEnterprise(d.enterpriseId));
        return marker;
      }),
    ];
    current.add(overlays);
    if (!fitted.current && enterprises.length > 0) {
      current.setFitView(overlays, true);
      fitted.current = true;
    }
    return () => current.remove(overlays);
  }, [api, map, enterprises, devices, flows, onEnterprise]);
  return <div ref={box} className="bd-chart" data-testid="bd-map-amap" />;
}
