import type { Label } from '../resource-kit/label';

/** What the server says when a transfer order, a receipt or the stock refuses a change (`transferRules.<key>`). */
export const TRANSFER_RULE_TEXTS = {
  moveRefused: {
    zh: '联单当前状态为“{{state}}”，不能{{action}}',
    en: 'The order is {{state}}; this move ({{action}}) is not allowed now',
  },
  wrongParty: {
    zh: '只有{{parties}}可以{{action}}此联单',
    en: 'Only the {{parties}} may do this to the order ({{action}})',
  },
  stale: {
    zh: '联单已被他人修改（当前版本 {{current}}），请刷新后重试',
    en: 'Someone else changed this order (now version {{current}}); reload it and try again',
  },
  ownProducer: { zh: '只能为本单位填报转移联单', en: 'You can declare transfers only for your own enterprise' },
  noLines: { zh: '联单至少需要一条危废明细', en: 'An order needs at least one waste line' },
  tooManyLines: { zh: '联单最多 {{max}} 条明细', en: 'An order has at most {{max}} lines' },
  notLicensed: {
    zh: '接收单位的经营许可不含废物代码 {{code}}',
    en: 'The receiver is not licensed for waste code {{code}}',
  },
  noPlan: {
    zh: '{{year}} 年没有已通过的年度管理计划包含“{{waste}}”',
    en: 'No approved {{year}} annual plan includes “{{waste}}”',
  },
  overPlan: {
    zh: '超出年度管理计划：“{{waste}}”本年度剩余 {{remaining}} 吨，本单 {{quantity}} 吨',
    en: 'Over the annual plan: {{remaining}} t of “{{waste}}” remain this year, this order has {{quantity}} t',
  },
  noContract: {
    zh: '产废单位与接收单位之间没有覆盖 {{codes}} 的有效合同',
    en: 'No valid contract between producer and receiver covers {{codes}}',
  },
  lowInventory: {
    zh: '产废单位 {{code}} 库存 {{held}} 吨，少于本单 {{quantity}} 吨',
    en: 'The producer holds {{held}} t of {{code}}, less than the {{quantity}} t of this order',
  },
  stockShort: {
    zh: '{{enterprise}} 的 {{code}} 库存 {{held}} 吨，不足 {{quantity}} 吨；请先登记入库',
    en: '{{enterprise}} holds {{held}} t of {{code}}, less than {{quantity}} t; record its receipts first',
  },
  receiptFromOrder: {
    zh: '由转移联单生成的入库单不能修改或删除',
    en: 'Receipts written by a transfer order cannot be changed or deleted',
  },
  vehicleNotTransporter: { zh: '车辆 {{name}} 不属于本联单的运输单位', en: 'Vehicle {{name}} does not belong to the order’s transporter' },
  driverNotTransporter: { zh: '驾驶员 {{name}} 不属于本联单的运输单位', en: 'Driver {{name}} does not belong to the order’s transporter' },
  vehiclePermit: { zh: '车辆 {{name}} 没有有效的道路危险货物运输许可证', en: 'Vehicle {{name}} has no valid hazardous-goods permit' },
  driverPermit: { zh: '驾驶员 {{name}} 的驾驶证或从业资格证无效或已过期', en: 'Driver {{name}} has no valid licence or qualification' },
  returnReason: { zh: '退回时必须填写退回原因', en: 'A return needs a reason' },
  receivedLines: { zh: '请填写每条明细的实收量', en: 'Give the received quantity of every line' },
  unknownLine: { zh: '明细 {{id}} 不属于此联单', en: 'Line {{id}} is not part of this order' },
  declareValue: { zh: '申报状态只能改为 0（重新提交）或 2（作废）', en: 'The declare status can only become 0 (resubmit) or 2 (void)' },
  signValue: { zh: '签收状态只能为 1（同意）或 2（退回）', en: 'The sign status can only be 1 (agree) or 2 (return)' },
  signeeFile: { zh: '签章文件不存在或不是图片', en: 'The signature file does not exist or is not an image' },
  range: { zh: '开始日期不能晚于结束日期，且最多 {{max}} 个统计区间', en: 'Start must not be after end, and at most {{max}} periods' },
} satisfies Record<string, Label>;
