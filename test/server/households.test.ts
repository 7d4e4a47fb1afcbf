// The scheme's households beyond the resource contract: their roles, a compound within the areas named, and a points
// balance only the ledger writes, never below zero even for a statement that bypasses the server's checks.
import { expectSuccess, expectValidationError, type Dto } from '../support/server-fixtures';
import { recyclingWorld } from '../support/recycling-world';
import { svc, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});

const { create, place: compound, householdBody: household, cardNo } = recyclingWorld(server, () => admin);

it('lists the roles a household can have, in the caller’s language', async () => {
  const zh = expectSuccess(await server.call('GET', svc('BHUsers', 'GetRoleLeve'), { token: admin }));
  expect(zh).toEqual([{ value: 1, name: '普通居民' }, { value: 2, name: '环保志愿者' }, { value: 3, name: '分类督导员' }]);
  const en = expectSuccess(await server.call('GET', svc('BHUsers', 'GetRoleLeve'), { token: admin, query: { culture: 'en' } }));
  expect(en).toEqual([{ value: 1, name: 'Resident' }, { value: 2, name: 'Volunteer' }, { value: 3, name: 'Sorting supervisor' }]);
});

it('refuses a compound outside the community named, and stores nothing', async () => {
  const a = await compound();
  const b = await compound();
  const card = cardNo();
  expectValidationError(await server.call('POST', svc('BHUsers', 'Create'), { token: admin, body: household({ ...a, vareaId: b.vareaId }, { cardNo: card }) }), 'vareaId');
  const found = await server.db.query('select 1 from scheme_user where card_no = $1', [card]);
  expect(found).toHaveLength(0);
});

it('starts with no points, ignores points a request sends, and the database refuses a negative balance', async () => {
  const place = await compound();
  const dto = await create('BHUsers', household(place, { points: 500 }));
  expect(dto.points).toBe(0);
  const updated = expectSuccess<Dto>(await server.call('PUT', svc('BHUsers', 'Update'), { token: admin, body: { id: dto.id, points: 900, members: 4 } }));
  expect(updated).toMatchObject({ points: 0, members: 4 });
  await expect(server.db.query('update scheme_user set points = -1 where id = $1', [dto.id])).rejects.toThrow(/check constraint/);
  const [row] = await server.db.query<{ points: number }>('select points from scheme_user where id = $1', [dto.id]);
  expect(Number(row.points)).toBe(0);
});
