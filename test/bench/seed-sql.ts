// What the bulk seeds of the scale and transfer benches share: literal SQL arrays, the waste names they cycle through,
// the seeding admin, and timing and sizing of the steps.
import type { Db } from '../../src/server/db/database';
import { TENANT_ID } from './harness';
import { round } from './stats';

export const WASTE_NAMES = ['废矿物油', '废酸', '废碱', '废有机溶剂', '含铜废液', '废活性炭', '漆渣', '废包装桶'];

/** `array['a', 'b']`: the values are the bench's own constants, never input. */
export const textArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/** The id of tenant 1's seeded admin, recorded as the creator of the bulk rows. */
export async function seedingAdminId(db: Db): Promise<number> {
  const [admin] = await db.query<{ id: number }>(`select id from users where tenant_id = ${TENANT_ID} and user_name = 'admin'`);
  return admin.id;
}

/** Milliseconds the work took, rounded. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return round(performance.now() - started, 0);
}

/** Heap plus indexes of a table, MB. */
export const tableMb = async (db: Db, table: string) =>
  round(Number((await db.query<{ bytes: number | string }>(`select pg_total_relation_size('${table}') as bytes`))[0].bytes) / 1024 ** 2, 1);
