/**
 * How a simulated smart container behaves, pure (time and randomness come in): waste added now and then so that it
 * fills within tens of minutes, emptied by a pickup when nearly full, a battery draining slowly (replaced when low),
 * temperature noise with a rare hot spell, GPS jitter around home, now and then a spell of silence longer than the
 * offline limit, and rarely waste that disappears without a pickup (what the reduction rule is for).
 */
import type { DeviceReading } from '../../../shared/monitoring';
import { mulberry32, type Rng } from '../../../shared/util/random';

export { mulberry32, type Rng };

const between = (rng: Rng, low: number, high: number) => low + rng() * (high - low);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Average rates of the rare happenings, per device and second. */
export const BEHAVIOUR = {
  /** A container fills to the pickup level in this many minutes, give or take half. */
  fillMinutes: 30,
  /** Emptied when this full. */
  pickupAt: 0.9,
  /** Mean seconds between two deposits of waste. */
  depositEverySeconds: 20,
  /** Battery points lost per hour. */
  batteryDrainPerHour: 4,
  /** Below this the battery is replaced. */
  batteryReplaceAt: 8,
  silencePerSecond: 1 / (6 * 3600),
  silenceSeconds: [11 * 60, 18 * 60] as const,
  suspiciousPerSecond: 1 / (8 * 3600),
  heatPerSecond: 1 / (12 * 3600),
  heatSeconds: 120,
  /** GPS jitter, metres. */
  jitterMetres: 2,
} as const;

export interface DeviceProfile {
  serialNumber: string;
  /** kg; null when the device is not bound (it then reports no weight). */
  capacity: number | null;
  /** The model's reduction threshold, kg: a suspicious drop is well above it. */
  reductionMin: number;
  home: { latitude: number; longitude: number } | null;
}

export interface SimDevice {
  profile: DeviceProfile;
  weight: number;
  battery: number;
  temperatureBase: number;
  /** kg added by one deposit on average. */
  depositKg: number;
  silentUntil: number;
  hotUntil: number;
}

export function createDevice(profile: DeviceProfile, rng: Rng, startWeight = 0): SimDevice {
  const capacity = profile.capacity ?? 0;
  const fillSeconds = BEHAVIOUR.fillMinutes * 60 * between(rng, 0.5, 1.5);
  return {
    profile,
    weight: Math.min(startWeight, capacity),
    // A few start low, so a fresh run already shows battery warnings.
    battery: round(between(rng, 15, 100), 1),
    temperatureBase: between(rng, 12, 30),
    depositKg: (capacity * BEHAVIOUR.pickupAt * BEHAVIOUR.depositEverySeconds) / fillSeconds,
    silentUntil: 0,
    hotUntil: 0,
  };
}

export interface StepOutcome {
  /** null while the device is silent. */
  reading: DeviceReading | null;
  /** The device was emptied before this step: the weight is on record as 0 first (so it is no reduction). */
  pickup: boolean;
  /** Waste vanished without a pickup. */
  suspicious: boolean;
  /** A silence began. */
  silenced: boolean;
}

/** The device `dt` seconds later, at `now` (ms); mutates `device`. */
export function step(device: SimDevice, now: number, dt: number, rng: Rng): StepOutcome {
  const outcome: StepOutcome = { reading: null, pickup: false, suspicious: false, silenced: false };
  const capacity = device.profile.capacity;

  if (capacity !== null) {
    if (rng() < dt / BEHAVIOUR.depositEverySeconds) device.weight += device.depositKg * between(rng, 0.3, 1.7);
    if (device.weight >= capacity * BEHAVIOUR.pickupAt) {
      device.weight = 0;
      outcome.pickup = true;
    } else if (rng() < dt * BEHAVIOUR.suspiciousPerSecond) {
      const drop = Math.max(device.profile.reductionMin * 3, device.weight * 0.3);
      if (device.weight > drop) {
        device.weight -= drop;
        outcome.suspicious = true;
      }
    }
  }
  device.battery = Math.max(0, device.battery - (BEHAVIOUR.batteryDrainPerHour * dt) / 3600);
  if (device.battery < BEHAVIOUR.batteryReplaceAt) device.battery = 100;
  if (now >= device.hotUntil && rng() < dt * BEHAVIOUR.heatPerSecond) device.hotUntil = now + BEHAVIOUR.heatSeconds * 1000;

  if (now < device.silentUntil) return outcome;
  if (rng() < dt * BEHAVIOUR.silencePerSecond) {
    const [low, high] = BEHAVIOUR.silenceSeconds;
    device.silentUntil = now + between(rng, low, high) * 1000;
    outcome.silenced = true;
    return outcome;
  }

  const hot = now < device.hotUntil;
  const reading: DeviceReading = {
    at: new Date(now).toISOString(),
    weight: capacity === null ? null : round(device.weight, 3),
    battery: round(device.battery, 1),
    temperature: round(hot ? between(rng, 70, 80) : device.temperatureBase + between(rng, -0.5, 0.5), 1),
  };
  const home = device.profile.home;
  if (home) {
    const jitter = BEHAVIOUR.jitterMetres / 111_195;
    reading.latitude = round(home.latitude + between(rng, -jitter, jitter), 6);
    reading.longitude = round(home.longitude + between(rng, -jitter, jitter), 6);
  }
  outcome.reading = reading;
  return outcome;
}
