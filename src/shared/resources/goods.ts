import { defineResource, field } from '../resource-kit';

/** Kinds of goods households can redeem, as a tree (daily necessities → cleaning → detergent). */
export const goodstype = defineResource({
  name: 'BHgoodsType',
  label: { zh: '商品类型', en: 'Goods types' },
  table: 'goods_type',
  permission: 'Pages.BHgoodsType',
  route: { path: '/recycling/goodstype', icon: 'tag', order: 6 },
  fields: {
    name: field.string({ zh: '类型名称', en: 'Type' }, { required: true, maxLength: 50, sortable: true, searchable: true, width: 160 }),
    parentId: field.reference({ zh: '上级类型', en: 'Parent type' }, 'BHgoodsType', { filterable: true, width: 160 }),
    sortOrder: field.integer({ zh: '排序', en: 'Order' }, { min: 0, max: 9999, default: 0, sortable: true, width: 70 }),
  },
  defaultSorting: 'sortOrder',
  lookup: { method: 'GetAllData', labelField: 'name' },
});

/** Goods in the scheme's central store, priced in points, loaded into exchange machines from there. */
export const goods = defineResource({
  name: 'BHgoods',
  label: { zh: '商品管理', en: 'Goods' },
  table: 'goods',
  permission: 'Pages.BHgoods',
  route: { path: '/recycling/goods', icon: 'shopping-cart', order: 7 },
  fields: {
    name: field.string({ zh: '商品名称', en: 'Goods' }, { required: true, maxLength: 100, sortable: true, searchable: true, width: 180 }),
    goodsTypeId: field.reference({ zh: '商品类型', en: 'Type' }, 'BHgoodsType', { required: true, filterable: true, width: 130 }),
    pointsPrice: field.integer({ zh: '兑换积分', en: 'Points price' }, { required: true, min: 1, max: 1_000_000, sortable: true, width: 90 }),
    stock: field.integer({ zh: '中心库存', en: 'Central stock' }, { required: true, min: 0, max: 10_000_000, default: 0, sortable: true, width: 90 }),
    images: field.files({ zh: '商品图片', en: 'Pictures' }, { list: false }),
    onShelf: field.boolean({ zh: '上架', en: 'On shelf' }, { default: true, filterable: true, width: 70 }),
  },
  displayField: 'name',
  lookup: { method: 'GetGoodsAll', labelField: 'name' },
});
