// The audible alert: a short two-tone beep made with WebAudio (no sound file to ship or to fail loading).
import { propertyOf } from '../../../shared/json';

type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextCtor | null {
  if (typeof AudioContext !== 'undefined') return AudioContext;
  // Older Safari names it with its prefix.
  const prefixed = propertyOf(globalThis, 'webkitAudioContext');
  return typeof prefixed === 'function' ? (prefixed as AudioContextCtor) : null;
}

/**
 * Browsers only let a page make sound after the user did something on it: the toggle that turns the alert on calls
 * this, so later beeps from pushes are allowed.
 */
export function primeAudio(): void {
  const Ctor = audioContextClass();
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

export function playBeep(): void {
  primeAudio();
  if (!context) return;
  try {
    const start = context.currentTime;
    for (const [offset, frequency] of [[0, 880], [0.18, 660]] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.16);
    }
  } catch {
    // No sound is better than a broken console.
  }
}
