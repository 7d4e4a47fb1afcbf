/** @jest-environment jsdom */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { useAMapInstance, type AMapApi, type AMapMap } from './useAMap';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An AMap that records the maps made, where, with what, and which were destroyed. */
function fakeAMap() {
  const made: { container: HTMLElement; options: Record<string, unknown>; destroyed: boolean }[] = [];
  class FakeMap implements AMapMap {
    private readonly entry;
    constructor(container: HTMLElement, options: Record<string, unknown>) {
      this.entry = { container, options, destroyed: false };
      made.push(this.entry);
    }
    add() {}
    remove() {}
    setFitView() {}
    destroy() {
      this.entry.destroyed = true;
    }
  }
  const overlay = class { on() {} };
  return { api: { Map: FakeMap, CircleMarker: overlay, Polyline: overlay } satisfies AMapApi, made };
}

function View({ api, zoom }: { api: AMapApi; zoom: number }) {
  const { box } = useAMapInstance(api, { zoom });
  return <div ref={box} data-map="yes" />;
}

describe('a screen\'s AMap map', () => {
  it('is made once in its box with the options first given, kept across renders, and destroyed with the box', () => {
    const { api, made } = fakeAMap();
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<View api={api} zoom={14} />));
    expect(made).toHaveLength(1);
    expect(made[0].container).toBe(host.querySelector('[data-map]'));
    expect(made[0].options).toEqual({ zoom: 14 });

    act(() => root.render(<View api={api} zoom={9} />));
    expect(made).toHaveLength(1);

    act(() => root.unmount());
    expect(made[0].destroyed).toBe(true);
  });
});
