import { useEffect, useRef, useState, type RefObject } from 'react';
import { getMapKey, loadAMap } from './amap';
import { isRecord } from '../../shared/json';

/** The part of the AMap JS API 2.0 the maps use (the big-data screen's, the collectors'). */
export interface AMapOverlay {
  on(event: 'click', handler: () => void): void;
}
export interface AMapMap {
  add(overlays: AMapOverlay[]): void;
  remove(overlays: AMapOverlay[]): void;
  setFitView(overlays?: AMapOverlay[], immediately?: boolean): void;
  destroy(): void;
}
export interface AMapApi {
  Map: new (container: HTMLElement, options: Record<string, unknown>) => AMapMap;
  CircleMarker: new (options: Record<string, unknown>) => AMapOverlay;
  Polyline: new (options: Record<string, unknown>) => AMapOverlay;
}

const isAMapApi = (value: unknown): value is AMapApi =>
  isRecord(value) && typeof value.Map === 'function' && typeof value.CircleMarker === 'function' && typeof value.Polyline === 'function';

/** A wall with no internet must not wait long for a script that will not come. */
const LOAD_TIMEOUT_MS = 4000;

let attempt: Promise<AMapApi | null> | null = null;

function tryAMap(): Promise<AMapApi | null> {
  attempt ??= Promise.race([
    loadAMap().then((api) => (isAMapApi(api) ? api : null), () => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), LOAD_TIMEOUT_MS)),
  ]);
  return attempt;
}

/**
 * AMap when the tenant has a map key and its script loads; null otherwise (no key, no internet, a blocked script),
 * and meanwhile: the screen draws its own offline map until AMap is there.
 */
export function useAMap(): AMapApi | null {
  const [api, setApi] = useState<AMapApi | null>(null);
  useEffect(() => {
    if (!getMapKey()) return undefined;
    let live = true;
    void tryAMap().then((loaded) => {
      if (live) setApi(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return api;
}

/**
 * A map drawn into the returned box once it mounts, with `options` as first given, and destroyed with the box: the one
 * way the screens make their AMap maps.
 */
export function useAMapInstance(api: AMapApi, options: Record<string, unknown>): { box: RefObject<HTMLDivElement | null>; map: RefObject<AMapMap | null> } {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<AMapMap | null>(null);
  const initial = useRef(options);
  useEffect(() => {
    if (!box.current) return undefined;
    map.current = new api.Map(box.current, initial.current);
    return () => {
      map.current?.destroy();
      map.current = null;
    };
  }, [api]);
  return { box, map };
}
