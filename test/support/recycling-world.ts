// What the recycling scheme's server tests build on: rows created through the API as the tenant's administrator, a
// compound with the district, street and community above it, and households enrolled in one.
import { ok, type Dto } from './server-fixtures';
import { svc, unique, type TestServer } from './server-harness';

export type AreaPlace = { qareaId: number; sareaId: number; careaId: number; vareaId: number };

export function recyclingWorld(server: TestServer, token: () => string) {
  const create = async (service: string, body: Record<string, unknown>): Promise<Dto> =>
    ok<Dto>(await server.call('POST', svc(service, 'Create'), { token: token(), body }), `${service}/Create`);

  /** A new district → street → community → compound. */
  async function place(): Promise<AreaPlace> {
    const q = await create('Qarea', { name: unique('区') });
    const s = await create('Sarea', { qareaId: q.id, name: unique('街道') });
    const c = await create('Carea', { qareaId: q.id, sareaId: s.id, name: unique('社区') });
    const v = await create('Varea', { qareaId: q.id, sareaId: s.id, careaId: c.id, name: unique('小区') });
    return { qareaId: q.id, sareaId: s.id, careaId: c.id, vareaId: v.id };
  }

  /** A card number no other household holds. */
  const cardNo = () => unique('').replace(/\D/g, '').slice(-10).padStart(10, '6');

  /** The body of a household enrolled in `where`. */
  const householdBody = (where: AreaPlace, extra: Record<string, unknown> = {}) => ({
    name: '住户', cardNo: cardNo(), members: 2, roleLevel: 1, enrolDate: '2026-01-02', status: 1, ...where, ...extra,
  });

  /** A household enrolled in `where`: its id. */
  const household = async (where: AreaPlace, extra: Record<string, unknown> = {}) => (await create('BHUsers', householdBody(where, extra))).id;

  /** A household's points as the database holds them. */
  const balanceOf = async (id: number) => Number((await server.db.query<{ points: number }>('select points from scheme_user where id = $1', [id]))[0].points);

  return { create, place, cardNo, householdBody, household, balanceOf };
}
