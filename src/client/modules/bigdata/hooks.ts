import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';

/**
 * The screen's one clock: what `selector` reads from the store, taken at most once per animation frame however many
 * events were dispatched in between, and not at all while the page is hidden (browsers stop animation frames then).
 * The selector must keep its result's identity while nothing it reads changed, or every frame renders.
 */
export function useFrameSelector<S, T>(selector: (state: S) => T): T {
  const store = useStore<S>();
  const [value, setValue] = useState(() => selector(store.getState()));
  useEffect(() => {
    let frame = 0;
    const take = () => {
      frame = 0;
      setValue(selector(store.getState()));
    };
    const unsubscribe = store.subscribe(() => {
      if (frame === 0) frame = requestAnimationFrame(take);
    });
    take();
    return () => {
      unsubscribe();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [store, selector]);
  return value;
}

/** The design is 1920 × 1080: a box's scale is how much larger (or smaller) it is, the tighter of its two sides. */
export const DESIGN = { width: 1920, height: 1080 } as const;

export function useScreenScale() {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => {
      const { width, height } = box.getBoundingClientRect();
      if (width > 0 && height > 0) setScale(Math.min(width / DESIGN.width, height / DESIGN.height));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, scale };
}

/** Below this many frames a second the moving effects go off; they come back only above RESUME_FPS. */
const LOW_FPS = 30;
const RESUME_FPS = 50;
const SAMPLE_MS = 2000;

/**
 * Whether the machine keeps up with moving effects: frames are counted over two seconds at a time; two slow samples
 * in a row switch effects off, five fast ones switch them back on (a wall left alone should not flicker between).
 */
export function useEffectsWhileSmooth(): boolean {
  const [smooth, setSmooth] = useState(true);
  useEffect(() => {
    let frames = 0;
    let slow = 0;
    let fast = 0;
    let frame = requestAnimationFrame(function count() {
      frames += 1;
      frame = requestAnimationFrame(count);
    });
    const sampler = setInterval(() => {
      // A hidden page draws no frames: that says nothing about the machine.
      if (document.visibilityState === 'hidden') {
        frames = 0;
        return;
      }
      const fps = (frames * 1000) / SAMPLE_MS;
      frames = 0;
      slow = fps < LOW_FPS ? slow + 1 : 0;
      fast = fps > RESUME_FPS ? fast + 1 : 0;
      if (slow >= 2) setSmooth(false);
      if (fast >= 5) setSmooth(true);
    }, SAMPLE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(sampler);
    };
  }, []);
  return smooth;
}
