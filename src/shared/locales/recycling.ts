/** The recycling scheme's screens (src/client/modules/recycling): `recycling.<key>`. */
export const RECYCLING_TEXTS = {
  // The points ledger's refusals (src/server/modules/points).
  requestIdReused: {
    zh: '该请求编号已用于另一笔不同的积分变动', en: 'This request id was already used for a different points posting',
  },
  notEnough: { zh: '积分不足（当前余额 {{balance}}）', en: 'Not enough points (balance {{balance}})' },
  notEnoughHeld: { zh: '冻结积分不足', en: 'Not enough points held' },
  noHousehold: { zh: '回收用户不存在', en: 'No such household' },
  recordLocked: { zh: '只有待审核的回收记录可以修改、审核或删除', en: 'Only pending records can be changed, audited or deleted' },
  alreadyReversed: { zh: '该笔积分变动已冲正', en: 'This posting has already been reversed' },

  approve: { zh: '通过', en: 'Approve' },
  reject: { zh: '驳回', en: 'Reject' },
  confirmApprove: { zh: '确定通过“{{name}}”并按积分规则发放积分吗？', en: 'Approve “{{name}}” and award the points of its rule?' },
  rejectTitle: { zh: '驳回回收记录', en: 'Reject the record' },
  rejectReason: { zh: '驳回原因', en: 'Reason' },
  rejectReasonRequired: { zh: '请填写驳回原因', en: 'Say why it is rejected' },
  rejectHint: { zh: '已通过的记录驳回后，其积分将同时扣回', en: 'An approved record gives its points back when rejected' },
  allDistricts: { zh: '全部区', en: 'All districts' },
  areaTree: { zh: '区域', en: 'Areas' },
  importDivisions: { zh: '导入行政区划', en: 'Import divisions' },
  importTitle: { zh: '从行政区划导入区、街道和社区', en: 'Import districts, streets and communities' },
  importHint: {
    zh: '选择一个市导入其全部区县、街道和社区，或再选一个区县只导入该区县。已有相同区划代码的记录保持不变，可重复导入。',
    en: 'Choose a city to import all its districts, streets and communities, or a district to import that one only. Rows with a division code already present stay as they are, so importing again is harmless.',
  },
  importRegion: { zh: '行政区划', en: 'Division' },
  importRun: { zh: '导入', en: 'Import' },
  importDone: {
    zh: '已导入 {{districts}} 个区、{{streets}} 个街道、{{communities}} 个社区',
    en: 'Imported {{districts}} districts, {{streets}} streets and {{communities}} communities',
  },
  importNothing: { zh: '所选区划已全部导入，没有新增记录', en: 'Everything in this division was already there: nothing added' },
};
