// Goods types as a tree read a level at a time, and a central store that never holds fewer than none.
import { expectSuccess, expectValidationError, type Dto } from '../support/server-fixtures';
import { recyclingWorld } from '../support/recycling-world';
import { svc, unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
const { create } = recyclingWorld(server, () => admin);

it('lists the children of a goods type, in their order, saying which have children of their own', async () => {
  const root = await create('BHgoodsType', { name: unique('日用品'), sortOrder: 1 });
  const cleaning = await create('BHgoodsType', { name: unique('清洁'), parentId: root.id, sortOrder: 2 });
  const kitchen = await create('BHgoodsType', { name: unique('厨房'), parentId: root.id, sortOrder: 1 });
  await create('BHgoodsType', { name: unique('洗洁精'), parentId: cleaning.id });
  const children = expectSuccess<Dto[]>(await server.call('GET', svc('BHgoodsType', 'GetAllDataParentId'), { token: admin, query: { parentId: root.id } }));
  expect(children.map((c) => [c.id, c.hasChildren])).toEqual([[kitchen.id, false], [cleaning.id, true]]);
  const top = expectSuccess<Dto[]>(await server.call('GET', svc('BHgoodsType', 'GetAllDataParentId'), { token: admin }));
  expect(top.map((t) => t.id)).toContain(root.id);
  expect(top.every((t) => t.parentId === null)).toBe(true);
});

it('reads parent 0, as older ABP clients name the root, as the top level; other ids below 1 are refused, naming the field', async () => {
  const root = await create('BHgoodsType', { name: unique('文具'), sortOrder: 1 });
  const top = expectSuccess<Dto[]>(await server.call('GET', svc('BHgoodsType', 'GetAllDataParentId'), { token: admin }));
  for (const parentId of [0, '0']) {
    const zero = expectSuccess<Dto[]>(await server.call('GET', svc('BHgoodsType', 'GetAllDataParentId'), { token: admin, query: { parentId } }));
    expect(zero).toEqual(top);
    expect(zero.map((t) => t.id)).toContain(root.id);
  }
  for (const parentId of [-1, 'x', '1.5']) {
    expectValidationError(await server.call('GET', svc('BHgoodsType', 'GetAllDataParentId'), { token: admin, query: { parentId } }), 'parentId');
  }
});

it('keeps the central stock at zero or more, in the database itself', async () => {
  const type = await create('BHgoodsType', { name: unique('饮品') });
  const item = await create('BHgoods', { name: '矿泉水', goodsTypeId: type.id, pointsPrice: 30, stock: 5, images: [], onShelf: true });
  await expect(server.db.query('update goods set stock = stock - 6 where id = $1', [item.id])).rejects.toThrow(/check constraint/);
  expect((await server.db.query<{ stock: number }>('select stock from goods where id = $1', [item.id]))[0].stock).toBe(5);
});
