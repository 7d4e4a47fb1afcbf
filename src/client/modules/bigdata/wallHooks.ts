import { useEffect, useState } from 'react';

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
 * Reloads the page when the server serves another build than the one running: a wall left alone for days picks up a
 * deployment by itself. Checked every `intervalMs` while visible; an unreachable server is the banner's business.
 */
export function useReloadOnNewBuild(intervalMs: number, reload: () => void = () => window.location.reload()): void {
  useEffect(() => {
    const running = scriptsOf(document.documentElement.outerHTML).join('|');
    const timer = setInterval(async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const response = await fetch('/', { cache: 'no-store' });
        if (!response.ok) return;
        const served = scriptsOf(await response.text()).join('|');
        if (served && served !== running) reload();
      } catch {
        // Unreachable: try again at the next tick.
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, reload]);
}
