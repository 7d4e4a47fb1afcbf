import type { SqlParam } from '../db/database';

/** Collects parameters while SQL is assembled, so every value travels as $n and never as text. */
export class Params {
  readonly values: SqlParam[] = [];

  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The one tenant filter of the server: tenant rows match their tenant, host rows have none. */
export function tenantCondition(alias: string, tenantId: number | null, params: Params): string {
  return tenantId === null ? `${alias}.tenant_id is null` : `${alias}.tenant_id = ${params.add(tenantId)}`;
}

/** Live rows of the request's tenant: the filter every read of tenant-owned data starts from. */
export function scopeCondition(alias: string, tenantId: number | null, params: Params): string {
  return `${tenantCondition(alias, tenantId, params)} and not ${alias}.is_deleted`;
}
