// What the enterprise and compliance resources do beyond the declared-resource contract: enterprise-scoped
// visibility, segments, national checksums, annual plans with their rows, status moves, contract filters and reminders.
import { addDays, dayOf, DEFAULT_TIME_ZONE } from '../../src/shared/time';
import { creditCodeCheckChar, idCardCheckChar } from '../../src/shared/validators';
import { contractPdf } from '../support/chinese-pdf';
import { expectError, expectSuccess, expectValidationError, ok, userWithPermissions } from '../support/server-fixtures';
import { svc, type TestServer, unique, useTestServer } from '../support/server-harness';

type Dto = Record<string, unknown> & { id: number };
type Paged = { totalCount: number; items: Dto[] };

const server = useTestServer();
let admin: string;

const creditCode = () => {
  const body = `91330106${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return body + creditCodeCheckChar(body);
};
const idCard = () => {
  const body = `33010619850712${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return body + idCardCheckChar(body);
};

async function call<T = Dto>(method: string, path: string, options: Parameters<TestServer['call']>[2]): Promise<T> {
  return expectSuccess<T>(await server.call(method, path, options));
}

async function enterprise(corporateType: number[], extra: Record<string, unknown> = {}, token = admin): Promise<Dto> {
  return call('POST', svc('EnterpriseInformation', 'Create'), {
    token,
    body: { name: unique('企业'), creditCode: creditCode(), corporateType, licenseNumber: corporateType.includes(1) ? unique('许可') : null, ...extra },
  });
}

let wastecodeId: number;
async function wasteInfo(enterpriseId: number, token = admin, extra: Record<string, unknown> = {}): Promise<Dto> {
  return call('POST', svc('HazardouswasteInformation', 'Create'), {
    token,
    body: {
      enterpriseId, wastecodeId, name: unique('废矿物油'), wasteType: 1, physicalCharacteristics: 2, generationSource: 1,
      containerType: 3, packagingMethod: 3, purpose: 4, ...extra,
    },
  });
}

/** A user of tenant 1 with the given permissions, linked to the given enterprises. */
async function clerk(permissions: string[], enterpriseIds: number[]) {
  const user = await userWithPermissions(server, admin, 1, permissions);
  const dto = await call('GET', svc('User', 'Get'), { token: admin, query: { Id: user.id } });
  await call('PUT', svc('User', 'Update'), { token: admin, body: { ...dto, enterpriseIds } });
  return user;
}

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  const codes = ok<Dto[]>(await server.call('GET', svc('Wastecode', 'GetWastecodeAll'), { token: admin, query: { Keyword: '900-214-08' } }), 'code');
  wastecodeId = codes[0].id;
});
describe('enterprise-scoped visibility', () => {
  let producerA: Dto;
  let producerB: Dto;
  let wasteA: Dto;
  let wasteB: Dto;
  let token: string;
  const permissions = ['Pages.EnterpriseInformationWP', 'Pages.HazardouswasteInformation', 'Pages.Users'];

  beforeAll(async () => {
    producerA = await enterprise([2]);
    producerB = await enterprise([2]);
    wasteA = await wasteInfo(producerA.id);
    wasteB = await wasteInfo(producerB.id);
    token = (await clerk(permissions, [producerA.id])).token;
  });

  it('User/Get returns the enterprises a user is linked to, with their names', async () => {
    const users = await call<Paged>('GET', svc('User', 'GetAll'), { token: admin, query: { MaxResultCount: 1000 } });
    const linked = users.items.find((u) => (u.enterpriseIds as number[]).includes(producerA.id))!;
    const got = await call('GET', svc('User', 'Get'), { token: admin, query: { Id: linked.id } });
    expect(got).toMatchObject({ enterpriseIds: [producerA.id], enterpriseNames: [producerA.name] });
  });

  it('a producer\'s clerk lists and reads only their enterprise\'s records, even by id', async () => {
    const wastes = await call<Paged>('GET', svc('HazardouswasteInformation', 'GetAll'), { token, query: { MaxResultCount: 1000 } });
    expect(wastes.items.map((w) => w.id)).toContain(wasteA.id);
    expect(wastes.items.every((w) => w.enterpriseId === producerA.id)).toBe(true);
    expectError(await server.call('GET', svc('HazardouswasteInformation', 'Get'), { token, query: { Id: wasteB.id } }), 404);
    expectError(await server.call('PUT', svc('HazardouswasteInformation', 'Update'), { token, body: { ...wasteB, name: 'taken over' } }), 404);
    expectError(await server.call('DELETE', svc('HazardouswasteInformation', 'Delete'), { token, query: { Id: wasteB.id } }), 404);
    const enterprises = await call<Paged>('GET', svc('EnterpriseInformation', 'GetAll'), { token, query: { MaxResultCount: 1000 } });
    expect(enterprises.items.map((e) => e.id)).toEqual([producerA.id]);
    expectError(await server.call('GET', svc('EnterpriseInformation', 'Get'), { token, query: { Id: producerB.id } }), 404);
    // The record is untouched.
    expect(await call('GET', svc('HazardouswasteInformation', 'Get'), { token: admin, query: { Id: wasteB.id } })).toEqual(wasteB);
  });

  it('lets a producer\'s clerk read only the files of records they may see, whatever the file\'s id', async () => {
    const uploadAs = async (bearer: string) => {
      const form = new FormData();
      form.append('field', 'attachments');
      form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'licence.pdf');
      const response = await fetch(new URL(svc('EnterpriseInformation', 'UploadFile'), server.baseUrl), {
        method: 'POST', body: form, headers: { authorization: `Bearer ${bearer}` },
      });
      return ((await response.json()) as { result: { id: number } }).result.id;
    };
    const attach = async (enterprise: Dto, fileId: number) =>
      call('PUT', svc('EnterpriseInformation', 'Update'), { token: admin, body: { id: enterprise.id, attachments: [fileId] } });
    const ofA = await uploadAs(admin);
    const ofB = await uploadAs(admin);
    await attach(producerA, ofA);
    await attach(producerB, ofB);
    const own = await uploadAs(token);
    const download = (id: number, bearer = token) => fetch(new URL(`/api/files/${id}`, server.baseUrl), { headers: { authorization: `Bearer ${bearer}` } });

    expect((await download(ofA)).status).toBe(200);
    expect((await download(own)).status).toBe(200);
    expect((await download(ofB)).status).toBe(404);
    expect((await download(ofB, admin)).status).toBe(200);
    const listed = await fetch(new URL(`${svc('File', 'GetFiles')}?Ids=${ofA}&Ids=${ofB}&Ids=${own}`, server.baseUrl), { headers: { authorization: `Bearer ${token}` } });
    expect(((await listed.json()) as { result: { id: number }[] }).result.map((f) => f.id)).toEqual([ofA, own]);
    // Another person's upload that no record holds yet is theirs alone.
    const othersUpload = await uploadAs(admin);
    expect((await download(othersUpload)).status).toBe(404);
  });

  it('refuses to write records for another enterprise, or to move one there', async () => {
    expectValidationError(await server.call('POST', svc('HazardouswasteInformation', 'Create'), {
      token, body: { ...wasteA, id: undefined, name: unique('x'), enterpriseId: producerB.id },
    }), 'enterpriseId');
    expectValidationError(await server.call('PUT', svc('HazardouswasteInformation', 'Update'), { token, body: { id: wasteA.id, enterpriseId: producerB.id } }), 'enterpriseId');
    const mine = await wasteInfo(producerA.id, token);
    expect(mine.enterpriseId).toBe(producerA.id);
  });

  it('a linked user cannot create enterprises, nor hand out enterprises that are not theirs', async () => {
    expectError(await server.call('POST', svc('EnterpriseInformation', 'Create'), {
      token, body: { name: unique('e'), creditCode: creditCode(), corporateType: [2] },
    }), 403, true);
    const response = await server.call('POST', svc('User', 'Create'), {
      token, body: { userName: unique('u'), name: 'n', surname: 's', emailAddress: `${unique('m')}@example.com`, password: 'Secret123', enterpriseIds: [producerB.id] },
    });
    expectValidationError(response, 'enterpriseIds');
  });

  it('the enterprise directory for forms lists the whole tenant with names only', async () => {
    const directory = await call<Dto[]>('GET', svc('EnterpriseInformation', 'GetEnterpriseInformationAll'), { token, query: { corporateType: 2 } });
    const b = directory.find((e) => e.id === producerB.id)!;
    expect(b).toEqual({ id: producerB.id, name: producerB.name, creditCode: producerB.creditCode, corporateType: [2] });
  });
});

describe('enterprise segments', () => {
  it('a user holding only the receivers\' permission sees and writes receivers only', async () => {
    const receiver = await enterprise([1]);
    const producer = await enterprise([2]);
    const { token } = await userWithPermissions(server, admin, 1, ['Pages.EnterpriseInformationCP']);
    const list = await call<Paged>('GET', svc('EnterpriseInformation', 'GetAll'), { token, query: { MaxResultCount: 1000 } });
    expect(list.items.map((e) => e.id)).toContain(receiver.id);
    expect(list.items.every((e) => (e.corporateType as number[]).includes(1))).toBe(true);
    expectError(await server.call('GET', svc('EnterpriseInformation', 'Get'), { token, query: { Id: producer.id } }), 404);
    expectValidationError(await server.call('POST', svc('EnterpriseInformation', 'Create'), {
      token, body: { name: unique('e'), creditCode: creditCode(), corporateType: [2] },
    }), 'corporateType');
    const created = await enterprise([1, 3], {}, token);
    expect(created.corporateType).toEqual([1, 3]);
  });
});

describe('enterprise fields', () => {
  it('refuses a credit code with a wrong check character, and a receiver without a licence', async () => {
    const good = creditCode();
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expectValidationError(await server.call('POST', svc('EnterpriseInformation', 'Create'), {
      token: admin, body: { name: unique('e'), creditCode: bad, corporateType: [2] },
    }), 'creditCode');
    expectValidationError(await server.call('POST', svc('EnterpriseInformation', 'Create'), {
      token: admin, body: { name: unique('e'), creditCode: good, corporateType: [1] },
    }), 'licenseNumber');
  });

  it('checks the region path and writes the region name from it', async () => {
    const e = await enterprise([2], { provinceCode: '33', cityCode: '3301', countyCode: '330106', townCode: '330106002' });
    expect(e.regionName).toBe('浙江省杭州市西湖区北山街道');
    expectValidationError(await server.call('POST', svc('EnterpriseInformation', 'Create'), {
      token: admin, body: { name: unique('e'), creditCode: creditCode(), corporateType: [2], provinceCode: '33', cityCode: '3301', countyCode: '110101' },
    }), 'countyCode');
    // A body cannot write the derived name.
    const updated = await call('PUT', svc('EnterpriseInformation', 'Update'), { token: admin, body: { id: e.id, regionName: '火星' } });
    expect(updated.regionName).toBe('浙江省杭州市西湖区北山街道');
  });
});

describe('vehicles and drivers', () => {
  it('need a transporter, check plate and ID numbers, mask IDs in lists and list by enterprise', async () => {
    const transporter = await enterprise([3]);
    const producer = await enterprise([2]);
    const vehicle = { enterpriseId: transporter.id, plateNumber: `浙A${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`, colour: 2, entryType: 1 };
    expectValidationError(await server.call('POST', svc('Vehicleinformation', 'Create'), { token: admin, body: { ...vehicle, enterpriseId: producer.id } }), 'enterpriseId');
    expectValidationError(await server.call('POST', svc('Vehicleinformation', 'Create'), { token: admin, body: { ...vehicle, plateNumber: '浙I12345' } }), 'plateNumber');
    const created = await call('POST', svc('Vehicleinformation', 'Create'), { token: admin, body: vehicle });
    const byEnterprise = await call<Dto[]>('GET', svc('Vehicleinformation', 'GetListByEfid'), { token: admin, query: { efid: transporter.id } });
    expect(byEnterprise.map((v) => v.id)).toEqual([created.id]);

    const id = idCard();
    const wrong = id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
    expectValidationError(await server.call('POST', svc('Driver', 'Create'), { token: admin, body: { enterpriseId: transporter.id, name: '张三', idCardNumber: wrong } }), 'idCardNumber');
    const driver = await call('POST', svc('Driver', 'Create'), { token: admin, body: { enterpriseId: transporter.id, name: '张三', idCardNumber: id } });
    expect(driver.idCardNumber).toBe(id);
    const drivers = await call<Dto[]>('GET', svc('Driver', 'GetDriverListByEfid'), { token: admin, query: { efid: transporter.id } });
    expect(drivers).toHaveLength(1);
    expect(drivers[0].idCardNumber).toBe(`${id.slice(0, 6)}********${id.slice(-4)}`);
    const page = await call<Paged>('GET', svc('Driver', 'GetAll'), { token: admin, query: { enterpriseId: transporter.id } });
    expect(page.items[0].idCardNumber).toBe(`${id.slice(0, 6)}********${id.slice(-4)}`);
  });
});

describe('hazardous waste information', () => {
  it('fills hazard characteristics from the waste code and moves status only between in use and disabled', async () => {
    const producer = await enterprise([2]);
    const waste = await wasteInfo(producer.id);
    const code = await call('GET', svc('Wastecode', 'Get'), { token: admin, query: { Id: wastecodeId } });
    expect(waste.hazardCharacteristics).toEqual(code.hazardCharacteristics);
    expect(waste.status).toBe(0);
    const disabled = await call('PUT', svc('HazardouswasteInformation', 'UpdateStatus'), { token: admin, body: { id: waste.id, status: 1 } });
    expect(disabled.status).toBe(1);
    expectValidationError(await server.call('PUT', svc('HazardouswasteInformation', 'UpdateStatus'), { token: admin, body: { id: waste.id, status: 1 } }), 'status');
    const inUse = await call<Dto[]>('GET', svc('HazardouswasteInformation', 'GetHazardouswasteInformationList'), { token: admin, query: { enterpriseId: producer.id } });
    expect(inUse).toEqual([]);
  });
});

describe('annual management plans', () => {
  let producer: Dto;
  let receiver: Dto;
  let wastes: Dto[];

  beforeAll(async () => {
    producer = await enterprise([2]);
    receiver = await enterprise([1]);
    wastes = [await wasteInfo(producer.id), await wasteInfo(producer.id), await wasteInfo(producer.id)];
  });

  const plansOf = async () => (await call<Paged>('GET', svc('AnnualManagementPlan', 'GetAll'), {
    token: admin, query: { enterpriseId: producer.id, MaxResultCount: 100 },
  })).totalCount;

  it('CreateAMP_AMPM writes the plan and its rows at once; weights default to 0.01', async () => {
    const plan = await call<Dto & { details: Dto[] }>('POST', svc('AnnualManagementPlan', 'CreateAMP_AMPM'), {
      token: admin,
      body: {
        enterpriseId: producer.id, year: 2026, title: '2026年度危废管理计划',
        details: [
          { hazardouswasteId: wastes[0].id, thisyearweight: 12.5, lastyearweight: 10, disposalMethod: 3, receiverId: receiver.id },
          { hazardouswasteId: wastes[1].id, disposalMethod: 1 },
        ],
      },
    });
    expect(plan.status).toBe(0);
    expect(plan.details.map((d) => [d.hazardouswasteId, d.thisyearweight, d.lastyearweight])).toEqual([
      [wastes[0].id, 12.5, 10], [wastes[1].id, 0.01, 0.01],
    ]);
    const rows = await call<Dto[]>('GET', svc('AnnualManagementPlanDetail', 'GetAnnualManagementPlanDetailAllByAid'), { token: admin, query: { Aid: plan.id } });
    expect(rows).toEqual(plan.details);
    expect(rows[0].receiverName).toBe(receiver.name);
  });

  it('a bad row rolls the whole plan back and names the row', async () => {
    const before = await plansOf();
    const response = await server.call('POST', svc('AnnualManagementPlan', 'CreateAMP_AMPM'), {
      token: admin,
      body: {
        enterpriseId: producer.id, year: 2027,
        details: [
          { hazardouswasteId: wastes[0].id, thisyearweight: 1, lastyearweight: 1, disposalMethod: 1 },
          { hazardouswasteId: wastes[1].id, thisyearweight: 0, lastyearweight: 1, disposalMethod: 1 },
        ],
      },
    });
    expectValidationError(response, 'details[1].thisyearweight');
    expect(await plansOf()).toBe(before);
    const [count] = await server.db.query<{ n: number }>('select count(*)::int as n from annual_management_plan where year = 2027');
    expect(count.n).toBe(0);
  });

  it('refuses rows naming another enterprise\'s waste, and a second plan for the same year', async () => {
    const other = await wasteInfo((await enterprise([2])).id);
    expectValidationError(await server.call('POST', svc('AnnualManagementPlan', 'CreateAMP_AMPM'), {
      token: admin, body: { enterpriseId: producer.id, year: 2028, details: [{ hazardouswasteId: other.id, disposalMethod: 1 }] },
    }), 'details[0].hazardouswasteId');
    expectValidationError(await server.call('POST', svc('AnnualManagementPlan', 'CreateAMP_AMPM'), {
      token: admin, body: { enterpriseId: producer.id, year: 2026, details: [] },
    }), 'year');
  });

  it('UpdateAMP_AMPM updates, adds and removes rows; status moves follow draft → submitted → approved/returned', async () => {
    const plan = await call<Dto & { details: Dto[] }>('POST', svc('AnnualManagementPlan', 'CreateAMP_AMPM'), {
      token: admin, body: { enterpriseId: producer.id, year: 2030, details: [{ hazardouswasteId: wastes[0].id, disposalMethod: 1 }, { hazardouswasteId: wastes[1].id, disposalMethod: 2 }] },
    });
    const updated = await call<Dto & { details: Dto[] }>('PUT', svc('AnnualManagementPlan', 'UpdateAMP_AMPM'), {
      token: admin,
      body: {
        id: plan.id, enterpriseId: producer.id, year: 2030, title: 'revised',
        details: [{ id: plan.details[1].id, hazardouswasteId: wastes[1].id, thisyearweight: 3, disposalMethod: 2 }, { hazardouswasteId: wastes[2].id, disposalMethod: 4 }],
      },
    });
    expect(updated.title).toBe('revised');
    expect(updated.details.map((d) => [d.hazardouswasteId, d.thisyearweight])).toEqual([[wastes[1].id, 3], [wastes[2].id, 0.01]]);
    expect(updated.details[0].id).toBe(plan.details[1].id);

    const move = (status: number, token = admin) => server.call('PUT', svc('AnnualManagementPlan', 'UpdateStatus'), { token, body: { id: plan.id, status } });
    expectValidationError(await move(2), 'status');
    expect(expectSuccess<Dto>(await move(1)).status).toBe(1);
    // A submitted plan is frozen, rows included.
    expectValidationError(await server.call('PUT', svc('AnnualManagementPlan', 'Update'), { token: admin, body: { id: plan.id, title: 'late' } }), 'status');
    expectValidationError(await server.call('DELETE', svc('AnnualManagementPlanDetail', 'Delete'), { token: admin, query: { Id: updated.details[0].id } }), 'status');
    // Enterprise users submit; only regulators decide.
    const { token } = await clerk(['Pages.AnnualManagementPlan'], [producer.id]);
    expectValidationError(await move(2, token), 'status');
    expect(expectSuccess<Dto>(await move(3)).status).toBe(3);
    expect(expectSuccess<Dto>(await move(1, token)).status).toBe(1);
    expect(expectSuccess<Dto>(await move(2)).status).toBe(2);
    expectValidationError(await server.call('DELETE', svc('AnnualManagementPlan', 'Delete'), { token: admin, query: { Id: plan.id } }), 'status');
  });

  it('deleting a draft plan deletes its rows', async () => {
    const plan = await call<Dto & { details: Dto[] }>('POST', svc('AnnualManagementPlan', 'CreateAMP_AMPM'), {
      token: admin, body: { enterpriseId: producer.id, year: 2031, details: [{ hazardouswasteId: wastes[0].id, disposalMethod: 1 }] },
    });
    await call('DELETE', svc('AnnualManagementPlan', 'Delete'), { token: admin, query: { Id: plan.id } });
    expectError(await server.call('GET', svc('AnnualManagementPlanDetail', 'Get'), { token: admin, query: { Id: plan.details[0].id } }), 404);
  });
});

describe('contracts', () => {
  // Days of the tenant's calendar (China's), counted from today.
  const day = (offset: number) => addDays(dayOf(Date.now(), DEFAULT_TIME_ZONE), offset);
  let partyA: Dto;
  let partyB: Dto;
  let normal: Dto;
  let voided: Dto;

  beforeAll(async () => {
    partyA = await enterprise([2]);
    partyB = await enterprise([1]);
    const base = { partyAId: partyA.id, partyBId: partyB.id, contractType: 1, startDate: day(-300) };
    normal = await call('POST', svc('Contract', 'Create'), { token: admin, body: { ...base, contractNo: unique('HT'), expiryDate: day(10) } });
    voided = await call('POST', svc('Contract', 'Create'), { token: admin, body: { ...base, contractNo: unique('HT'), expiryDate: day(5) } });
    voided = await call('PUT', svc('Contract', 'Update'), { token: admin, body: { id: voided.id, status: 1 } });
  });

  it('filters by status −1 (all), 0 (normal) and 1 (voided); voiding keeps the record', async () => {
    const ids = async (status: number) => (await call<Paged>('GET', svc('Contract', 'GetAll'), {
      token: admin, query: { status, partyAId: partyA.id },
    })).items.map((c) => c.id).sort();
    expect(await ids(-1)).toEqual([normal.id, voided.id].sort());
    expect(await ids(0)).toEqual([normal.id]);
    expect(await ids(1)).toEqual([voided.id]);
    expectValidationError(await server.call('GET', svc('Contract', 'GetAll'), { token: admin, query: { status: 7 } }), 'status');
    expectValidationError(await server.call('POST', svc('Contract', 'Create'), {
      token: admin, body: { partyAId: partyA.id, partyBId: partyB.id, contractType: 1, contractNo: unique('HT'), startDate: day(5), expiryDate: day(1) },
    }), 'expiryDate');
  });

  it('keeps attachments as file ids and reads them back with names; unknown or foreign files are refused', async () => {
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from(contractPdf())], { type: 'application/pdf' }), '合同.pdf');
    const response = await fetch(new URL(svc('Contract', 'UploadFile'), server.baseUrl), { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    const file = ((await response.json()) as { result: Dto }).result;
    const updated = await call('PUT', svc('Contract', 'Update'), { token: admin, body: { id: normal.id, attachments: [file.id] } });
    expect(updated.attachments).toEqual([{ id: file.id, name: '合同.pdf', size: file.size, contentType: 'application/pdf' }]);
    // Sent back as read (objects), they stay.
    const again = await call('PUT', svc('Contract', 'Update'), { token: admin, body: { ...updated } });
    expect(again.attachments).toEqual(updated.attachments);
    expectValidationError(await server.call('PUT', svc('Contract', 'Update'), { token: admin, body: { id: normal.id, attachments: [987654321] } }), 'attachments');
    expect((await call('GET', svc('Contract', 'Get'), { token: admin, query: { Id: normal.id } })).attachments).toEqual(updated.attachments);
  });

  it('reminds of normal contracts expiring within the window, once, as contract-expiry messages', async () => {
    const expiring = await call<Dto[]>('GET', svc('Contract', 'GetExpiringContracts'), { token: admin });
    expect(expiring.map((c) => c.id)).toContain(normal.id);
    expect(expiring.map((c) => c.id)).not.toContain(voided.id);
    const read = async () => (await call<{ items: Dto[] }>('GET', svc('Notification', 'GetUserNotifications'), { token: admin, query: { MaxResultCount: 200 } }))
      .items.filter((n) => n.category === 'contractExpiry' && String(n.description).includes(String(normal.contractNo)));
    const first = await read();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ type: 1, isRead: false });
    expect(await read()).toHaveLength(1);
    // A user without the contracts permission gets none.
    const { token } = await userWithPermissions(server, admin, 1, ['Pages.Wastecode']);
    expect(await call<Dto[]>('GET', svc('Contract', 'GetExpiringContracts'), { token })).toEqual([]);
  });
});
