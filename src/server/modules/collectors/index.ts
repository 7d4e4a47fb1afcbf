import { collector } from '../../../shared/resources';
import type { ResourceHooks } from '../../crud/engine';
import { defineModule } from '../../crud/module';
import { issueDeviceKey, registerRegenerateKey } from '../points/device';
import { registerLocations } from './locations';

const collectorHooks: ResourceHooks<typeof collector> = {
  /** A collector lies in the streets and districts of the communities served: what area scoping reads. */
  async beforeWrite(_ctx, tx, values) {
    if (values.careaIds === undefined) return;
    const ids = values.careaIds ?? [];
    const [above] = await tx.query<{ qareaIds: number[] | null; sareaIds: number[] | null }>(
      `select array_agg(distinct qarea_id order by qarea_id) as "qareaIds", array_agg(distinct sarea_id order by sarea_id) as "sareaIds"
         from area_community where id = any($1::bigint[])`, [ids]);
    values.qareaIds = (above.qareaIds ?? []).map(Number);
    values.sareaIds = (above.sareaIds ?? []).map(Number);
  },
  /** A new collector's phone key is shown once, in the Create answer; only its hash is kept. RegenerateKey replaces it. */
  async afterWrite(_ctx, tx, row, _input, existing) {
    if (!existing) return { deviceKey: await issueDeviceKey(tx, collector.table, row.id) };
  },
};

export const collectorModule = defineModule({
  resource: collector,
  hooks: collectorHooks,
  methods: (registry) => {
    registerLocations(registry);
    registerRegenerateKey(registry, collector);
  },
});
