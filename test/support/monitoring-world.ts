// Monitoring fixtures over the public API: a producer with a hazardous waste, an equipment model with chosen
// thresholds, devices bound to the waste (their one-time keys kept), and the device ingest as a device calls it.
import { DEVICE_KEY_HEADER, INGEST_PATH, type DeviceReading } from '../../src/shared/monitoring';
import { ok, type ApiClient, type Dto } from './server-fixtures';
import { svc, unique, type CallResult, type Envelope } from './server-harness';
import { enterprise, post } from './transfer-world';

export type { Dto };

export interface Thresholds {
  capacity: number;
  batteryMin: number;
  temperatureMax: number;
  reductionMin: number;
  displacementRadius: number;
  noWasteHours: number;
  offlineMinutes: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  capacity: 500, batteryMin: 20, temperatureMax: 60, reductionMin: 5, displacementRadius: 50, noWasteHours: 1, offlineMinutes: 10,
};

export interface Device extends Dto {
  deviceKey: string;
  serialNumber: string;
}

/** Home of the test devices (West Lake, Hangzhou). */
export const HOME = { latitude: 30.2592, longitude: 120.1303 };

export async function equipmentModel(api: ApiClient, admin: string, thresholds: Partial<Thresholds> = {}): Promise<Dto> {
  return post(api, admin, 'Equipmentmodel', 'Create', {
    name: unique('型号'), containerType: 3, packagingMethod: 3, storagePointType: 1, capacityUnit: 1, ...DEFAULT_THRESHOLDS, ...thresholds,
  });
}

export async function wasteOf(api: ApiClient, admin: string, enterpriseId: number, wastecodeId?: number): Promise<Dto> {
  const code = wastecodeId ?? ok<Dto[]>(await api.call('GET', svc('Wastecode', 'GetWastecodeAll'), { token: admin, query: { Keyword: '900-249-08' } }), 'code')[0].id;
  return post(api, admin, 'HazardouswasteInformation', 'Create', {
    enterpriseId, wastecodeId: code, name: unique('废矿物油'), wasteType: 1, physicalCharacteristics: 2, generationSource: 1,
    containerType: 3, packagingMethod: 3, purpose: 4,
  });
}

export async function device(api: ApiClient, admin: string, body: { enterpriseId: number; equipmentmodelId: number; hazardouswasteInformationId?: number | null } & Record<string, unknown>): Promise<Device> {
  const created = ok<Device>(await api.call('POST', svc('Smartequipment', 'Create'), {
    token: admin, body: { serialNumber: unique('DEV').toUpperCase(), storagePlace: unique('暂存间'), ...HOME, ...body },
  }), 'Smartequipment/Create');
  return created;
}

export interface MonitoringWorld {
  producer: Dto;
  waste: Dto;
  model: Dto;
}

export async function monitoringWorld(api: ApiClient, admin: string, thresholds: Partial<Thresholds> = {}): Promise<MonitoringWorld> {
  const producer = await enterprise(api, admin, [2]);
  const waste = await wasteOf(api, admin, producer.id);
  const model = await equipmentModel(api, admin, thresholds);
  return { producer, waste, model };
}

export const boundDevice = (api: ApiClient, admin: string, world: MonitoringWorld, extra: Record<string, unknown> = {}) =>
  device(api, admin, { enterpriseId: world.producer.id, equipmentmodelId: world.model.id, hazardouswasteInformationId: world.waste.id, ...extra });

/** POST the readings as the device (no key header when `key` is null). */
export function send(api: ApiClient, key: string | null, body: unknown): Promise<CallResult<Envelope<{ accepted: number; lastSeq: number }>>> {
  return api.call('POST', INGEST_PATH, { body, headers: key === null ? {} : { [DEVICE_KEY_HEADER]: key } });
}

let clock = Date.now() - 3600_000;
/** Readings at strictly increasing times in the recent past, one second apart (test files run one at a time). */
export function readings(...values: Omit<DeviceReading, 'at'>[]): { readings: DeviceReading[] } {
  return { readings: values.map((v) => ({ at: new Date((clock += 1000)).toISOString(), ...v })) };
}

/** Fine-grained, at-now readings (for time windows measured from now). */
export function nowReadings(...values: Omit<DeviceReading, 'at'>[]): { readings: DeviceReading[] } {
  const start = Date.now() - values.length * 10;
  return { readings: values.map((v, i) => ({ at: new Date(start + i * 10).toISOString(), ...v })) };
}

/** A position `metres` north of home. */
export const northOfHome = (metres: number) => ({ latitude: HOME.latitude + metres / 111_195, longitude: HOME.longitude });

export async function sendOk(api: ApiClient, key: string, body: unknown): Promise<{ accepted: number; lastSeq: number }> {
  return ok(await send(api, key, body), 'device readings');
}
