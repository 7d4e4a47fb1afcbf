import { manifestStage, type EnterpriseCard } from '../../../shared/bigdata';
import { onlineState, warningStatus } from '../../../shared/enums';
import { enterpriseinformation } from '../../../shared/resources';
import { enterpriseCondition, scopeOf } from '../../crud/scope';
import { and, scopeCondition, sql } from '../../crud/sql';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';

type CardRow = Omit<EnterpriseCard, 'devices' | 'latestManifest'> & { devicesOnline: number; devicesTotal: number };

interface ManifestRow {
  id: number;
  manifestNo: string;
  declareStatus: number;
  dispatchStatus: number;
  signStatus: number;
  plannedDate: string;
  tonnes: number;
}

/**
 * What a click on the map opens: the enterprise with its stock, devices, open warnings and latest manifest. An
 * enterprise outside the caller's tenant or enterprises does not exist for them (404).
 */
export async function readEnterpriseCard(ctx: RequestContext, id: number): Promise<EnterpriseCard> {
  const scope = scopeOf(ctx);
  const owner = enterpriseCondition(enterpriseinformation, 'e', scope);
  const tenant = (alias: string) => scopeCondition(alias, ctx.tenantId);
  return ctx.db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const [card] = await tx.query<CardRow>(sql`
      select e.id, e.name, e.corporate_type as kinds, e.address,
             (select coalesce(sum(i.quantity), 0) from inventory i where ${tenant('i')} and i.enterprise_id = e.id) as "stockTonnes",
             (select count(*) from smart_equipment d where ${tenant('d')} and d.enterprise_id = e.id and d.online_state = ${onlineState.online}) as "devicesOnline",
             (select count(*) from smart_equipment d where ${tenant('d')} and d.enterprise_id = e.id) as "devicesTotal",
             (select count(*) from equipment_warning w where ${tenant('w')} and w.enterprise_id = e.id and w.status <> ${warningStatus.closed}) as "openWarnings"
        from enterprise_information e
       where ${and([sql`e.id = ${id}`, tenant('e'), ...(owner ? [owner] : [])])}`);
    if (!card) throw errors.notFound(ctx.language, enterpriseinformation.name, id);
    // The enterprise is the caller's (or the caller sees the tenant), so every order it is a party of is theirs too.
    const [latest] = await tx.query<ManifestRow>(sql`
      select o.id, o.manifest_no as "manifestNo", o.declare_status as "declareStatus", o.dispatch_status as "dispatchStatus",
             o.sign_status as "signStatus", o.planned_date as "plannedDate", o.total_quantity as tonnes
        from transfer_order o
       where ${tenant('o')} and (o.producer_id = ${id} or o.transporter_id = ${id} or o.receiver_id = ${id})
       order by o.id desc limit 1`);
    const { devicesOnline, devicesTotal, ...rest } = card;
    return {
      ...rest,
      devices: { online: devicesOnline, total: devicesTotal },
      latestManifest: latest
        ? { id: latest.id, manifestNo: latest.manifestNo, stage: manifestStage(latest), plannedDate: latest.plannedDate, tonnes: latest.tonnes }
        : null,
    };
  });
}
