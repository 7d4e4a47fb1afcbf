import { goods, goodstype } from '../../../shared/resources';
import type { ResourceHooks } from '../../crud/engine';
import { defineModule } from '../../crud/module';
import type { AppServiceRegistry } from '../../http/app-services';
import { sql, scopeCondition } from '../../crud/sql';
import { refuseWhileRedeeming } from './open-redemptions';

/** `BHgoodsType/GetAllDataParentId?parentId=`: the children of a type (the top level without one, or for 0), for a tree that opens as it goes. */
function registerGoodsTypeMethods(registry: AppServiceRegistry): void {
  registry.add({
    service: goodstype.name, method: 'GetAllDataParentId', verb: 'GET', access: 'user', parameters: ['parentId'],
    summary: 'The goods types under a parent (the top level when none is given), in their order',
    async handler(ctx, input) {
      const parentId = input.optionalParentId('parentId');
      return ctx.db.query(sql`select t.id, t.name, t.parent_id as "parentId", t.sort_order as "sortOrder",
          exists (select 1 from goods_type c where c.parent_id = t.id and not c.is_deleted) as "hasChildren"
        from goods_type t where ${scopeCondition('t', ctx.tenantId)} and ${parentId === undefined ? sql`t.parent_id is null` : sql`t.parent_id = ${parentId}`}
        order by t.sort_order, t.id`);
    },
  });
}

export const goodsTypeModule = defineModule({ resource: goodstype, methods: registerGoodsTypeMethods });

const goodsHooks: ResourceHooks<typeof goods> = {
  async beforeDelete(ctx, tx, row) {
    await refuseWhileRedeeming(ctx, tx, 'goods', row.id);
  },
};

export const goodsModule = defineModule({ resource: goods, hooks: goodsHooks });
