// The map key arrives with the user configuration (`custom.amapKey`); the AMap script itself is fetched only when a
// screen first asks for a map, never at boot.

import { configuredMapKey } from '../../shared/bigdata';

let mapKey: string | null = null;
let pending: Promise<unknown> | null = null;

export function configureMapKey(value: string | null | undefined): void {
  // A server that was never given a key may still send its template's placeholder: no key either.
  const key = configuredMapKey(value);
  if (key !== mapKey) pending = null;
  mapKey = key;
}

export function getMapKey(): string | null {
  return mapKey;
}

/** Loads the AMap JS API once (with the plugins of the first call) and resolves to the global `AMap` namespace. */
export function loadAMap(plugins: string[] = []): Promise<unknown> {
  if (!mapKey) return Promise.reject(new Error('The map key is not configured (custom.amapKey).'));
  const key = mapKey;
  pending ??= import(/* webpackChunkName: "amap-loader" */ '@amap/amap-jsapi-loader').then((loader) =>
    loader.load({ key, version: '2.0', plugins }),
  );
  return pending;
}
