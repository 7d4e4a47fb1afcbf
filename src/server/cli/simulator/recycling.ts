// The recycling scheme's simulated households: they drop sorted waste off at a smart station and redeem points at
// exchange machines, through the devices' own endpoints, while a keeper restocks the machines from the central store.
import { rubbishType2 } from '../../../shared/enums';
import { DEVICE_KEY_HEADER } from '../../../shared/monitoring';
import { DROP_OFF_PATH, HOLD_PATH, SETTLE_PATH, type DropOffResult, type HoldAnswer } from '../../../shared/recycling';
import type { Api, Row } from './api';
import { sleep } from './api';
import type { Rng } from './devices';

const MACHINES = 2;
const PRICE = 20;

export interface SchemeStats {
  dropOffs: number;
  awarded: number;
  holds: number;
  dispensed: number;
  failed: number;
  abandoned: number;
  refused: number;
  errors: number;
  lastError: string | null;
}

export const newSchemeStats = (): SchemeStats => ({ dropOffs: 0, awarded: 0, holds: 0, dispensed: 0, failed: 0, abandoned: 0, refused: 0, errors: 0, lastError: null });

interface Household { id: number; cardNo: string; points: number }
interface Machine { id: number; key: string; slots: { slotNo: number; quantity: number; held: number; capacity: number; goodsId: number | null }[] }

export interface Scheme {
  households: Household[];
  stationKey: string;
  machines: Machine[];
  goodsId: number;
}

/** The first row named `name` (matched by keyword), or the one `create` makes. */
async function findOrCreate(api: Api, service: string, field: string, name: string, create: () => Record<string, unknown>): Promise<Row> {
  const page = await api.app<{ items: Row[] }>('GET', service, 'GetAll', { Keyword: name, MaxResultCount: 50 });
  return page.items.find((r) => r[field] === name) ?? api.app<Row>('POST', service, 'Create', create());
}

async function place(api: Api): Promise<Record<'qareaId' | 'sareaId' | 'careaId' | 'vareaId', number>> {
  const q = await findOrCreate(api, 'Qarea', 'name', '模拟区', () => ({ name: '模拟区' }));
  const s = await findOrCreate(api, 'Sarea', 'name', '模拟街道', () => ({ name: '模拟街道', qareaId: q.id }));
  const c = await findOrCreate(api, 'Carea', 'name', '模拟社区', () => ({ name: '模拟社区', qareaId: q.id, sareaId: s.id }));
  const v = await findOrCreate(api, 'Varea', 'name', '模拟小区', () => ({ name: '模拟小区', qareaId: q.id, sareaId: s.id, careaId: c.id }));
  return { qareaId: q.id, sareaId: s.id, careaId: c.id, vareaId: v.id };
}

const cardOf = (n: number) => `SIMH${String(n).padStart(6, '0')}`;

/** Households SIMH000001… in the simulated compound, a rule for every kind of waste, a station, goods and machines. */
export async function prepareScheme(api: Api, count: number): Promise<Scheme> {
  const where = await place(api);
  const households: Household[] = [];
  for (let n = 1; n <= count; n++) {
    const row = await findOrCreate(api, 'BHUsers', 'cardNo', cardOf(n), () => ({
      name: `模拟住户-${String(n).padStart(4, '0')}`, cardNo: cardOf(n), members: 1 + (n % 4), roleLevel: 1, enrolDate: '2026-01-01', status: 1, ...where,
    }));
    households.push({ id: row.id, cardNo: cardOf(n), points: Number(row.points ?? 0) });
  }
  const rules = await api.app<{ items: Row[] }>('GET', 'IntegralRule', 'GetAll', { MaxResultCount: 1000 });
  for (const kind of rubbishType2.options) {
    if (rules.items.some((r) => r.rubbishType2 === kind.value)) continue;
    await api.app('POST', 'IntegralRule', 'Create', { name: `模拟规则-${kind.label.zh}`, rubbishType2: kind.value, mode: 1, points: 10, validFrom: '2026-01-01' });
  }
  const station = await findOrCreate(api, 'RecyclingStation', 'serialNumber', 'SIM-ST-01', () => ({ name: '模拟回收站', serialNumber: 'SIM-ST-01', ...where }));
  const stationKey = (await api.app<{ deviceKey: string }>('POST', 'RecyclingStation', 'RegenerateKey', { id: station.id })).deviceKey;
  const type = await findOrCreate(api, 'BHgoodsType', 'name', '模拟商品', () => ({ name: '模拟商品' }));
  const goods = await findOrCreate(api, 'BHgoods', 'name', '模拟兑换品', () => ({ name: '模拟兑换品', goodsTypeId: type.id, pointsPrice: PRICE, stock: 1_000_000, onShelf: true }));
  const machines: Machine[] = [];
  for (let n = 1; n <= MACHINES; n++) {
    const equipid = `SIM-EX-${String(n).padStart(2, '0')}`;
    const row = await findOrCreate(api, 'BHgoodsExchange', 'equipid', equipid, () => ({ name: `模拟兑换机-${n}`, equipid, ...where, slotCount: 6, slotCapacity: 10 }));
    const key = (await api.app<{ deviceKey: string }>('POST', 'BHgoodsExchange', 'RegenerateKey', { id: row.id })).deviceKey;
    machines.push({ id: row.id, key, slots: [] });
  }
  return { households, stationKey, machines, goodsId: goods.id };
}

const note = (stats: SchemeStats, what: string, error: unknown) => {
  stats.errors++;
  stats.lastError = `${what}: ${(error as Error).message}`;
};

/** Refills every slot below a third of its capacity, every 10 s, and keeps each machine's view of its slots. */
export async function keepMachines(api: Api, scheme: Scheme, stats: SchemeStats, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    for (const machine of scheme.machines) {
      try {
        const grid = await api.app<{ slots: Machine['slots'] }>('GET', 'BHgoodsExchange', 'GetExchangeMachine_Goods', { id: machine.id });
        for (const slot of grid.slots) {
          if (slot.quantity * 3 >= slot.capacity || (slot.goodsId !== null && slot.goodsId !== scheme.goodsId)) continue;
          await api.app('POST', 'BHgoodsExchange', 'ExchangeMachine_UpShelves', { id: machine.id, slotNo: slot.slotNo, goodsId: scheme.goodsId, quantity: slot.capacity - slot.quantity });
        }
        machine.slots = (await api.app<{ slots: Machine['slots'] }>('GET', 'BHgoodsExchange', 'GetExchangeMachine_Goods', { id: machine.id })).slots;
      } catch (error) {
        note(stats, `restocking machine ${machine.id}`, error);
      }
    }
    await sleep(10_000, signal);
  }
}

/** One household's life: a drop-off now and then, and a redemption when it has the points. */
export async function driveHousehold(api: Api, scheme: Scheme, home: Household, perMinute: number, rng: Rng, stats: SchemeStats, signal: AbortSignal): Promise<void> {
  const kinds = rubbishType2.options.map((o) => o.value);
  let sequence = 0;
  await sleep(rng() * 60_000 / perMinute, signal);
  while (!signal.aborted) {
    sequence++;
    const messageId = `${home.cardNo}-${Date.now()}-${sequence}`;
    try {
      const { results } = await api.call<{ results: DropOffResult[] }>('POST', DROP_OFF_PATH, {
        dropOffs: [{ messageId, cardNo: home.cardNo, rubbishType2: kinds[Math.floor(rng() * kinds.length)], weight: Math.round((0.5 + rng() * 3) * 100) / 100, at: new Date().toISOString() }],
      }, { [DEVICE_KEY_HEADER]: scheme.stationKey });
      stats.dropOffs++;
      stats.awarded += results[0].points ?? 0;
      home.points += results[0].points ?? 0;
    } catch (error) {
      note(stats, `drop-off of ${home.cardNo}`, error);
    }
    if (home.points >= PRICE && rng() < 0.3) await redeem(api, scheme, home, rng, stats, signal);
    await sleep((0.5 + rng()) * 60_000 / perMinute, signal);
  }
}

async function redeem(api: Api, scheme: Scheme, home: Household, rng: Rng, stats: SchemeStats, signal: AbortSignal): Promise<void> {
  const machine = scheme.machines[Math.floor(rng() * scheme.machines.length)];
  const stocked = machine.slots.filter((s) => s.quantity - s.held > 0);
  if (stocked.length === 0) return;
  const slot = stocked[Math.floor(rng() * stocked.length)];
  const requestId = `${home.cardNo}-${Date.now().toString(36)}`;
  const headers = { [DEVICE_KEY_HEADER]: machine.key };
  let held: HoldAnswer;
  try {
    held = await api.call<HoldAnswer>('POST', HOLD_PATH, { requestId, cardNo: home.cardNo, slotNo: slot.slotNo }, headers);
    stats.holds++;
    home.points = held.balance;
  } catch {
    // The slot emptied meanwhile, or the points were spent elsewhere: the machine says so, as the server told it.
    stats.refused++;
    return;
  }
  await sleep(1000 + rng() * 2000, signal);
  const fate = rng();
  // A few machines never report (a power cut): the server releases their holds after its time-out.
  if (fate < 0.03) {
    stats.abandoned++;
    return;
  }
  const outcome = fate < 0.1 ? 'failed' : 'dispensed';
  try {
    const settled = await api.call<HoldAnswer>('POST', SETTLE_PATH, { requestId, outcome, ...(outcome === 'failed' ? { failure: '出货口卡住（模拟）' } : {}) }, headers);
    home.points = settled.balance;
    if (outcome === 'failed') stats.failed++;
    else stats.dispensed++;
  } catch (error) {
    note(stats, `settling ${held.holdId}`, error);
  }
}
