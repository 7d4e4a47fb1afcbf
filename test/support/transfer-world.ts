// A tenant ready for transfers, built over the public API: a producer with a hazardous waste, an approved annual plan,
// stock and a contract with the receiver; a transporter with a permitted vehicle and a qualified driver; a licensed
// receiver; one clerk linked to each. Server and browser tests share it.
import { DEFAULT_TIME_ZONE, dayOf } from '../../src/shared/time';
import { creditCodeCheckChar, idCardCheckChar } from '../../src/shared/validators';
import { ok, userWithPermissions, type ApiClient, type Dto } from './server-fixtures';
import { svc, unique } from './server-harness';

export interface Clerk {
  id: number;
  userName: string;
  password: string;
  token: string;
}

export interface TransferWorld {
  producer: Dto;
  transporter: Dto;
  receiver: Dto;
  wastecodeId: number;
  wasteCode: string;
  waste: Dto;
  vehicle: Dto;
  driver: Dto;
  plannedDate: string;
  /** Tonnes the approved plan allows this year. */
  planned: number;
  /** Tonnes the producer holds in stock at the start. */
  stock: number;
  clerks: { producer: Clerk; transporter: Clerk; receiver: Clerk };
}

let serial = 0;
const digits = (n: number) => String(Date.now() % 1e6).padStart(6, '0') + String(n).padStart(3, '0');
export const newCreditCode = () => {
  const body = `91330106${digits(++serial)}`;
  return body + creditCodeCheckChar(body);
};
export const newIdCard = () => {
  const body = `330106198507${String(10 + (++serial % 18)).padStart(2, '0')}${String(serial % 1000).padStart(3, '0')}`;
  return body + idCardCheckChar(body);
};
const plate = () => `浙A${String(10000 + ((Date.now() + ++serial * 7919) % 90000))}`;

export async function post(api: ApiClient, token: string, service: string, method: string, body: unknown, verb = 'POST'): Promise<Dto> {
  return ok<Dto>(await api.call(verb, svc(service, method), { token, body }), `${service}/${method}`);
}

export async function enterprise(api: ApiClient, admin: string, corporateType: number[], extra: Record<string, unknown> = {}): Promise<Dto> {
  return post(api, admin, 'EnterpriseInformation', 'Create', {
    name: unique('企业'), creditCode: newCreditCode(), corporateType,
    licenseNumber: corporateType.includes(1) ? unique('许可') : null, ...extra,
  });
}

/** A clerk with `permissions`, linked to `enterpriseIds`. */
export async function clerk(api: ApiClient, admin: string, tenantId: number, permissions: string[], enterpriseIds: number[]): Promise<Clerk> {
  const user = await userWithPermissions(api, admin, tenantId, permissions);
  const dto = ok<Dto>(await api.call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } }), 'User/Get');
  ok(await api.call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, enterpriseIds } }), 'User/Update');
  return { id: user.id, userName: user.userName, password: user.password, token: user.token };
}

export const PRODUCER_PERMISSIONS = ['Pages.TransferApplication', 'Pages.Warehousereceipt', 'Pages.InventoryList', 'Pages.AnnualManagementPlan'];
export const TRANSPORTER_PERMISSIONS = ['Pages.TransferApplication'];
export const RECEIVER_PERMISSIONS = ['Pages.TransferReception', 'Pages.Warehousereceipt', 'Pages.InventoryList'];

export interface TransferWorldOptions {
  tenantId?: number;
  planned?: number;
  stock?: number;
  /** The day orders are planned for, whose year the plan and the contract cover; default: today in China. */
  plannedDate?: string;
}

export async function buildTransferWorld(api: ApiClient, admin: string, options: TransferWorldOptions = {}): Promise<TransferWorld> {
  const tenantId = options.tenantId ?? 1;
  const planned = options.planned ?? 100;
  const stock = options.stock ?? 50;
  const codes = ok<Dto[]>(await api.call('GET', svc('Wastecode', 'GetWastecodeAll'), { token: admin, query: { Keyword: '900-214-08' } }), 'codes');
  const wastecodeId = codes[0].id;
  // Today in China, the tenant's zone: the day the clerks would type.
  const plannedDate = options.plannedDate ?? dayOf(Date.now(), DEFAULT_TIME_ZONE);
  const year = Number(plannedDate.slice(0, 4));

  const producer = await enterprise(api, admin, [2]);
  const transporter = await enterprise(api, admin, [3]);
  const receiver = await enterprise(api, admin, [1], { licensedWastecodeIds: [wastecodeId] });
  const waste = await post(api, admin, 'HazardouswasteInformation', 'Create', {
    enterpriseId: producer.id, wastecodeId, name: unique('废矿物油'), wasteType: 1, physicalCharacteristics: 2, generationSource: 1,
    containerType: 3, packagingMethod: 3, purpose: 4,
  });
  const plan = await post(api, admin, 'AnnualManagementPlan', 'CreateAMP_AMPM', {
    enterpriseId: producer.id, year, title: unique('计划'),
    details: [{ hazardouswasteId: waste.id, thisyearweight: planned, lastyearweight: 1, disposalMethod: 3, receiverId: receiver.id }],
  });
  await post(api, admin, 'AnnualManagementPlan', 'UpdateStatus', { id: plan.id, status: 1 }, 'PUT');
  await post(api, admin, 'AnnualManagementPlan', 'UpdateStatus', { id: plan.id, status: 2 }, 'PUT');
  if (stock > 0) {
    await post(api, admin, 'Warehousereceipt', 'Create', { enterpriseId: producer.id, wastecodeId, quantity: stock, receiptDate: plannedDate, storagePlace: '1号危废库' });
  }
  await post(api, admin, 'Contract', 'Create', {
    contractNo: unique('HT'), partyAId: producer.id, partyBId: receiver.id, contractType: 1, startDate: `${year}-01-01`, expiryDate: `${year + 1}-12-31`,
    wastecodeIds: [wastecodeId],
  });
  const vehicle = await post(api, admin, 'Vehicleinformation', 'Create', {
    enterpriseId: transporter.id, plateNumber: plate(), colour: 2, entryType: 1, permitNumber: unique('危运'), permitExpiry: `${year + 2}-01-01`,
  });
  const driver = await post(api, admin, 'Driver', 'Create', {
    enterpriseId: transporter.id, name: unique('张'), idCardNumber: newIdCard(), qualificationNumber: unique('资格'),
    licenseExpiry: `${year + 3}-01-01`, qualificationExpiry: `${year + 3}-01-01`,
  });
  const clerks = {
    producer: await clerk(api, admin, tenantId, PRODUCER_PERMISSIONS, [producer.id]),
    transporter: await clerk(api, admin, tenantId, TRANSPORTER_PERMISSIONS, [transporter.id]),
    receiver: await clerk(api, admin, tenantId, RECEIVER_PERMISSIONS, [receiver.id]),
  };
  return {
    producer, transporter, receiver, wastecodeId, wasteCode: String(codes[0].code), waste, vehicle, driver, plannedDate, planned, stock, clerks,
  };
}

/** A declaration body of `quantity` tonnes of the world's waste (one line unless `lines` says otherwise). */
export function orderBody(world: TransferWorld, quantity = 5, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    producerId: world.producer.id, transporterId: world.transporter.id, receiverId: world.receiver.id, plannedDate: world.plannedDate,
    remarks: '测试联单', lines: [{ hazardouswasteId: world.waste.id, quantity, containerCount: 2, disposalMethod: 3 }], ...extra,
  };
}
