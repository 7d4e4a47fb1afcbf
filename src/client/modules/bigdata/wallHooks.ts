import { useEffect, useRef, useState } from 'react';

/** Index of the panel set on show: turns every `seconds`, and holds while the page is hidden. */
export function useRotation(count: number, seconds: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') setIndex((i) => (i + 1) % count);
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [count, seconds]);
  return index;
}

/** True once the pointer has not moved for `ms`: a kiosk hides its cursor then. */
export function useIdle(ms: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), ms);
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), ms);
    };
    window.addEventListener('pointermove', wake);
    window.addEventListener('keydown', wake);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('keydown', wake);
    };
  }, [ms]);
  return idle;
}

/** The build's scripts, by path: their names carry content hashes, so another build has other names. */
export function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)/g)].map((m) => new URL(m[1], 'http://x').pathname).sort();
}

/**
 * The scripts this page was served with. Scripts the bundler appends for lazy chunks (marked `data-webpack`) are left
 * out: the served page never lists them, so counting one that is still loading would read as another build.
 */
export function runningScripts(doc: Document = document): string {
  const html = [...doc.querySelectorAll('script[src]:not([data-webpack])')].map((s) => s.outerHTML).join('');
  return scriptsOf(html).join('|');
}

function reloadPage(): void {
  window.location.reload();
}

/**
 * Reloads the page when the server serves another build than the one running: a wall left alone for days picks up a
 * deployment by itself. Checked every `intervalMs` while visible; an unreachable server is the banner's business.
 * The timer outlives re-renders (the panel sets turn far more often than the check runs).
 */
export function useReloadOnNewBuild(intervalMs: number, reload: () => void = reloadPage): void {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const running = runningScripts();
    const timer = setInterval(async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const response = await fetch('/', { cache: 'no-store' });
        if (!response.ok) return;
        const served = scriptsOf(await response.text()).join('|');
        if (served && served !== running) reloadRef.current();
      } catch {
        // Unreachable: try again at the next tick.
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
