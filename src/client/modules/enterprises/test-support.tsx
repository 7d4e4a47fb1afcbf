// The shared set-up of this folder's screen tests: jsdom shims, icons, and a resource route on a live store that is
// torn down (view, sagas, http adapter, DOM) after each test.
import type { Store } from '@reduxjs/toolkit';
import { http } from '../../api/http';
import ResourceRoute from '../../app/ResourceRoute';
import type { CrudRootState } from '../../crud';
import { installDomShims, preloadIcons, render, type Rendered } from '../../crud/test-support-render';
import { liveStore, type Handler } from './test-support-live-store';

export function screenTestBed() {
  installDomShims();
  beforeAll(preloadIcons);
  const original = http.defaults.adapter;
  const views: Rendered[] = [];
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const view of views.splice(0)) view.unmount();
    for (const stop of stops.splice(0)) stop();
    http.defaults.adapter = original;
    document.body.innerHTML = '';
  });
  return {
    /** Renders a resource route over a fake server answering with `handler`. */
    open(route: { resource: string; segment?: string }, handler: Handler) {
      const live = liveStore(handler);
      stops.push(live.stop);
      views.push(render(<ResourceRoute {...route} />, live.store as unknown as Store<CrudRootState>));
      return live;
    },
    /** A view rendered some other way, unmounted after the test like the others. */
    track(view: Rendered): Rendered {
      views.push(view);
      return view;
    },
  };
}
