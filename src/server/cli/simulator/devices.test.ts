import { BEHAVIOUR, createDevice, mulberry32, step, type DeviceProfile, type StepOutcome } from './devices';
import { validateReadings } from '../../modules/monitoring/validate';

const PROFILE: DeviceProfile = { serialNumber: 'SIM-0001', capacity: 300, reductionMin: 5, home: { latitude: 30.2592, longitude: 120.1303 } };
const START = Date.parse('2026-03-01T00:00:00Z');

/** `seconds` of one device at one reading a second. */
function run(profile: DeviceProfile, seed: number, seconds: number, startWeight = 0): { outcomes: (StepOutcome & { now: number })[] } {
  const rng = mulberry32(seed);
  const device = createDevice(profile, rng, startWeight);
  const outcomes = Array.from({ length: seconds }, (_, i) => {
    const now = START + i * 1000;
    return { ...step(device, now, 1, rng), now };
  });
  return { outcomes };
}

describe('a simulated device', () => {
  it('is the same device for the same seed, another for another', () => {
    expect(run(PROFILE, 7, 600).outcomes).toEqual(run(PROFILE, 7, 600).outcomes);
    expect(run(PROFILE, 8, 600).outcomes).not.toEqual(run(PROFILE, 7, 600).outcomes);
  });

  it('sends readings the ingest accepts, in time order', () => {
    const readings = run(PROFILE, 1, 3 * 3600).outcomes.flatMap((o) => (o.reading ? [o.reading] : []));
    for (let i = 0; i < readings.length; i += 500) {
      const { problems } = validateReadings({ readings: readings.slice(i, i + 500) }, 'en-US', Date.parse(readings[Math.min(i + 499, readings.length - 1)].at));
      expect(problems).toEqual([]);
    }
  });

  it('fills slowly and is emptied at pickups: the weight only falls at a pickup (to 0) or a rare suspicious drop', () => {
    const { outcomes } = run(PROFILE, 3, 4 * 3600);
    let previous = 0;
    let pickups = 0;
    // What happened since the last reading (a silent device may be emptied unseen).
    let emptied = false;
    let vanished = false;
    for (const o of outcomes) {
      if (o.pickup) pickups++;
      emptied ||= o.pickup;
      vanished ||= o.suspicious;
      if (!o.reading) continue;
      const weight = o.reading.weight!;
      expect(weight).toBeLessThanOrEqual(PROFILE.capacity! * BEHAVIOUR.pickupAt);
      if (weight < previous) expect(emptied || vanished).toBe(true);
      if (o.pickup) expect(weight).toBeLessThan(PROFILE.capacity! * 0.05);
      previous = weight;
      emptied = false;
      vanished = false;
    }
    // About 30 minutes (±50 %) to fill: several pickups in four hours, but not one a minute.
    expect(pickups).toBeGreaterThanOrEqual(3);
    expect(pickups).toBeLessThanOrEqual(16);
  });

  it('drains its battery slowly and gets a new one when low', () => {
    const { outcomes } = run(PROFILE, 4, 3600);
    const levels = outcomes.flatMap((o) => (o.reading ? [o.reading.battery!] : []));
    const replaced = levels.some((b, i) => i > 0 && b > levels[i - 1]);
    // 4 points an hour; a replaced battery starts again at 100.
    if (replaced) expect(Math.max(...levels)).toBe(100);
    else expect(levels[0] - levels[levels.length - 1]).toBeCloseTo(BEHAVIOUR.batteryDrainPerHour, 0);
    for (let i = 1; i < levels.length; i++) expect(levels[i] <= levels[i - 1] || levels[i] === 100).toBe(true);
  });

  it('keeps near room temperature with noise, and within metres of home', () => {
    const readings = run(PROFILE, 5, 1800).outcomes.flatMap((o) => (o.reading ? [o.reading] : []));
    const normal = readings.filter((r) => r.temperature! < 60);
    expect(normal.length).toBeGreaterThan(readings.length * 0.9);
    const temperatures = normal.map((r) => r.temperature!);
    expect(Math.max(...temperatures) - Math.min(...temperatures)).toBeLessThanOrEqual(1.1);
    for (const r of readings) {
      expect(Math.abs(r.latitude! - PROFILE.home!.latitude) * 111_195).toBeLessThanOrEqual(BEHAVIOUR.jitterMetres + 0.2);
    }
  });

  it('now and then falls silent for longer than the offline limit', () => {
    // Many devices over a day: silences happen, each with no reading for at least 11 minutes.
    let silences = 0;
    for (let seed = 100; seed < 110; seed++) {
      const { outcomes } = run(PROFILE, seed, 12 * 3600);
      outcomes.forEach((o, i) => {
        if (!o.silenced) return;
        silences++;
        const next = outcomes.slice(i + 1).find((x) => x.reading);
        if (next) expect(next.now - o.now).toBeGreaterThanOrEqual(BEHAVIOUR.silenceSeconds[0] * 1000);
      });
    }
    // One per six hours of a device on average: about 20 here.
    expect(silences).toBeGreaterThan(5);
    expect(silences).toBeLessThan(60);
  });

  it('an unbound device reports no weight', () => {
    const readings = run({ ...PROFILE, capacity: null, home: null }, 6, 120).outcomes.flatMap((o) => (o.reading ? [o.reading] : []));
    expect(readings.length).toBeGreaterThan(100);
    expect(readings.every((r) => r.weight === null && r.latitude === undefined)).toBe(true);
  });
});
