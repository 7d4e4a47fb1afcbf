import { defineEnum } from '../resource-kit/enum';

// The fixed lists of the product, each member named for code and SQL, with its zh-CN and en-US labels, declared once
// for server and client.

export const corporateType = defineEnum('corporateType', {
  receiver: [1, '接收单位', 'Receiving enterprise'],
  producer: [2, '产废单位', 'Waste-producing enterprise'],
  transporter: [3, '运输单位', 'Transport enterprise'],
});

export const wasteProductionScale = defineEnum('wasteProductionScale', {
  under1: [1, '1吨/年以下', 'Under 1 t/year'],
  from1To10: [2, '1-10吨/年', '1-10 t/year'],
  from10To100: [3, '10-100吨/年', '10-100 t/year'],
  from100To500: [4, '100-500吨/年', '100-500 t/year'],
  from500To1000: [5, '500-1000吨/年', '500-1000 t/year'],
  over1000: [6, '1000吨/年以上', 'Over 1000 t/year'],
});

export const disposalMethod = defineEnum('disposalMethod', {
  utilisation: [1, '利用', 'Utilisation'],
  storage: [2, '贮存', 'Storage'],
  incineration: [3, '焚烧', 'Incineration'],
  landfill: [4, '安全填埋', 'Safe landfill'],
  other: [5, '其他', 'Other'],
});

export const vehicleColour = defineEnum('vehicleColour', {
  blue: [1, '蓝色', 'Blue'],
  yellow: [2, '黄色', 'Yellow'],
  black: [3, '黑色', 'Black'],
  white: [4, '白色', 'White'],
  green: [5, '绿色', 'Green'],
  other: [6, '其他', 'Other'],
});

export const vehicleEntryType = defineEnum('vehicleEntryType', {
  road: [1, '公路', 'Road'],
  rail: [2, '铁路', 'Rail'],
  water: [3, '水路', 'Water'],
});

export const wasteType = defineEnum('wasteType', {
  productive: [1, '生产性产生', 'Productive generation'],
  nonProductive: [2, '非生产性产生', 'Non-productive generation'],
  secondary: [3, '次生固废', 'Secondary solid waste'],
  stockInitialisation: [4, '存量初始化', 'Stock initialisation'],
});

export const physicalCharacteristics = defineEnum('physicalCharacteristics', {
  solid: [1, '固态', 'Solid'],
  liquid: [2, '液态', 'Liquid'],
  semiSolid: [3, '半固态', 'Semi-solid'],
  gas: [4, '气态', 'Gas'],
});

export const generationSource = defineEnum('generationSource', {
  productive: [1, '生产性', 'Productive'],
  secondaryWaste: [2, '次生废物', 'Secondary waste'],
  equipmentInspection: [3, '设备检修', 'Equipment inspection'],
  pollutionControl: [4, '污染控制', 'Pollution control'],
  siteClearing: [5, '场地清理', 'Site clearing'],
  auxiliaryDepartment: [6, '辅助部门', 'Auxiliary department'],
  accidentEmergency: [7, '事故应急', 'Accident emergency'],
  other: [8, '其他', 'Other'],
});

export const containerType = defineEnum('containerType', {
  none: [1, '无', 'None'],
  bag: [2, '袋', 'Bag'],
  drum: [3, '桶', 'Drum'],
});

export const containerCapacity = defineEnum('containerCapacity', {
  upTo25L: [1, '0-25L', '0-25 L'],
  upTo50L: [2, '25-50L', '25-50 L'],
  upTo200L: [3, '50-200L', '50-200 L'],
  upTo1000L: [4, '200-1000L', '200-1000 L'],
  other: [5, '其他', 'Other'],
});

export const containerMaterial = defineEnum('containerMaterial', {
  metal: [1, '金属', 'Metal'],
  plastic: [2, '塑料', 'Plastic'],
  compositePlastic: [3, '复合塑料', 'Composite plastic'],
  other: [4, '其他', 'Other'],
});

export const packagingMethod = defineEnum('packagingMethod', {
  tonDrum: [1, '吨桶', 'Ton drum'],
  tonBag: [2, '吨袋', 'Ton bag'],
  ironDrum: [3, '铁桶', 'Iron drum'],
  pallet: [4, '托盘', 'Pallet'],
});

export const purpose = defineEnum('purpose', {
  transitStorage: [1, '中转贮存', 'Transit storage'],
  utilisation: [2, '利用', 'Utilisation'],
  treatment: [3, '处理', 'Treatment'],
  disposal: [4, '处置', 'Disposal'],
});

export const capacityUnit = defineEnum('capacityUnit', { kilogram: [1, '千克', 'kg'] });

export const sizeUnit = defineEnum('sizeUnit', { square: [1, '平方米', 'Square'], cubic: [2, '立方米', 'Cubic'] });

export const storagePointType = defineEnum('storagePointType', {
  other: [1, '其他', 'Other'],
  warehouse: [2, '仓库', 'Warehouse'],
  pool: [3, '贮存池', 'Storage pool'],
  tank: [4, '贮存罐', 'Storage tank'],
});

export const runningState = defineEnum('runningState', { normal: [0, '正常', 'Normal'], warning: [1, '预警', 'Warning'] });
export const activation = defineEnum('activation', {
  activated: [0, '已激活', 'Activated'],
  notActivated: [1, '未激活', 'Not activated'],
});
export const onlineState = defineEnum('onlineState', { online: [0, '在线', 'Online'], offline: [1, '离线', 'Offline'] });

export const warningType = defineEnum('warningType', {
  battery: [1, '电量', 'Battery'],
  temperature: [2, '温度', 'Temperature'],
  weight: [3, '重量', 'Weight'],
  reduction: [4, '减量', 'Reduction'],
  displacement: [5, '位移', 'Displacement'],
  noWaste: [6, '无废间隔', 'No-waste interval'],
  offline: [7, '离线', 'Offline'],
});

/** A warning's life: raised open, acknowledged by a supervisor, closed by a supervisor or when its condition clears. */
export const warningStatus = defineEnum('warningStatus', {
  open: [0, '未处理', 'Open'],
  acknowledged: [1, '已确认', 'Acknowledged'],
  closed: [2, '已关闭', 'Closed'],
});

/** Whether an equipment model may be given to new devices. */
export const equipmentModelStatus = defineEnum('equipmentModelStatus', { inUse: [0, '启用', 'In use'], disabled: [1, '停用', 'Disabled'] });

export const inspectionType = defineEnum('inspectionType', {
  constructionProject: [1, '建设项目', 'Construction project'],
  dischargePermit: [2, '排污许可', 'Discharge permit'],
  monitoring: [3, '监测', 'Monitoring'],
  wasteGas: [4, '废气治理', 'Waste gas treatment'],
  wastewater: [5, '废水治理', 'Wastewater treatment'],
  generalSolidWaste: [6, '一般固废', 'General solid waste'],
  hazardousWaste: [7, '危险废物', 'Hazardous waste'],
  emergency: [8, '应急管理', 'Emergency management'],
});

export const evaluation = defineEnum('evaluation', {
  average: [1, '一般', 'Average'],
  good: [2, '良好', 'Good'],
  excellent: [3, '优秀', 'Excellent'],
});

export const contractType = defineEnum('contractType', {
  environmentalCustody: [1, '环保管家', 'Environmental custody'],
  drainagePermit: [2, '排水许可申请', 'Drainage permit application'],
  dischargePermit: [3, '排污许可申请', 'Discharge permit application'],
  environmentalAcceptance: [4, '环保验收', 'Environmental acceptance'],
  emergencyPlan: [5, '应急预案', 'Emergency plan'],
  phosphorusReporting: [6, '涉磷申报', 'Phosphorus reporting'],
  solidWasteChapter: [7, '固废篇章', 'Solid waste chapter'],
  other: [8, '其他', 'Other'],
  smallBusinessCollection: [9, '小微企业危废收集', 'Small-business waste collection'],
  cloudWarehouseSales: [10, '固废云仓销售', 'Solid waste cloud warehouse sales'],
});

export const contractStatus = defineEnum('contractStatus', { normal: [0, '正常', 'Normal'], voided: [1, '作废', 'Voided'] });
export const contractStatusFilter = defineEnum('contractStatusFilter', {
  all: [-1, '全部', 'All'],
  normal: [0, '正常', 'Normal'],
  voided: [1, '作废', 'Voided'],
});

export const planStatus = defineEnum('planStatus', {
  draft: [0, '草稿', 'Draft'],
  submitted: [1, '已提交', 'Submitted'],
  approved: [2, '已通过', 'Approved'],
  returned: [3, '已退回', 'Returned'],
});

export const wasteInfoStatus = defineEnum('wasteInfoStatus', { inUse: [0, '启用', 'In use'], disabled: [1, '停用', 'Disabled'] });

export const noticeType = defineEnum('noticeType', {
  notice: [0, '通知', 'Notice'],
  message: [1, '消息', 'Message'],
  task: [2, '待办', 'Task'],
});

export const declareStatus = defineEnum('declareStatus', {
  pending: [0, '待签收', 'Pending signing'],
  signed: [1, '已签收', 'Signed'],
  voided: [2, '已作废', 'Voided'],
});
export const dispatchStatus = defineEnum('dispatchStatus', {
  pending: [0, '待派车', 'Car pending'],
  dispatched: [1, '已派车', 'Car dispatched'],
});
export const signStatus = defineEnum('signStatus', {
  pending: [0, '待确认', 'Pending confirmation'],
  agreed: [1, '已同意', 'Agreed'],
  returned: [2, '已退回', 'Returned'],
});

export const hazardCharacteristic = defineEnum('hazardCharacteristic', {
  toxicity: ['T', '毒性', 'Toxicity'],
  corrosivity: ['C', '腐蚀性', 'Corrosivity'],
  ignitability: ['I', '易燃性', 'Ignitability'],
  reactivity: ['R', '反应性', 'Reactivity'],
  infectivity: ['In', '感染性', 'Infectivity'],
});

export const industryLevel = defineEnum('industryLevel', {
  section: ['section', '门类', 'Section'],
  division: ['division', '大类', 'Division'],
  group: ['group', '中类', 'Group'],
  class: ['class', '小类', 'Class'],
});

/** Where a warehouse receipt comes from: entered by hand, or written when a receiver agrees to a transfer order. */
export const receiptSource = defineEnum('receiptSource', {
  manual: [1, '手工入库', 'Manual'],
  transferReception: [2, '转移接收', 'Transfer reception'],
});

/** The moves of a transfer order, as its history names them. */
export const transferAction = defineEnum('transferAction', {
  create: ['create', '填报', 'Created'],
  edit: ['edit', '修改', 'Edited'],
  delete: ['delete', '删除', 'Deleted'],
  void: ['void', '作废', 'Voided'],
  resubmit: ['resubmit', '重新提交', 'Resubmitted'],
  dispatch: ['dispatch', '派车', 'Dispatched'],
  agree: ['agree', '同意接收', 'Agreed'],
  return: ['return', '退回', 'Returned'],
  sign: ['sign', '签章', 'Signed'],
});

/** The three parties of a transfer order. */
export const transferParty = defineEnum('transferParty', {
  producer: ['producer', '产废单位', 'Producer'],
  transporter: ['transporter', '运输单位', 'Transporter'],
  receiver: ['receiver', '接收单位', 'Receiver'],
});

/** A household's part in the scheme beyond sorting its own waste (`BHUsers/GetRoleLeve`). */
export const schemeRole = defineEnum('schemeRole', {
  resident: [1, '普通居民', 'Resident'],
  volunteer: [2, '环保志愿者', 'Volunteer'],
  supervisor: [3, '分类督导员', 'Sorting supervisor'],
});

/** Whether a scheme user may drop off and redeem. */
export const schemeUserStatus = defineEnum('schemeUserStatus', {
  active: [1, '正常', 'Active'],
  suspended: [2, '停用', 'Suspended'],
  left: [3, '已迁出', 'Moved away'],
});

/** Why points moved: each ledger posting names one. */
export const pointsReason = defineEnum('pointsReason', {
  recordApproved: [1, '回收记录审核通过', 'Drop-off approved'],
  exchange: [2, '积分兑换', 'Exchange'],
  adjustment: [3, '手工调整', 'Adjustment'],
  reversal: [4, '冲正', 'Reversal'],
  expiry: [5, '积分过期', 'Expiry'],
  hold: [6, '兑换冻结', 'Held for an exchange'],
  release: [7, '冻结释放', 'Hold released'],
});

/** The ledger's accounts besides households: the scheme's pool issues points, holds keep them during an exchange. */
export const pointsAccountKind = defineEnum('pointsAccountKind', {
  pool: [1, '积分池', 'Scheme pool'],
  holds: [2, '冻结积分', 'Held points'],
  redeemed: [3, '已兑换积分', 'Redeemed points'],
});

/** Where a redemption at an exchange machine stands: held until the machine reports, then resolved once. */
export const exchangeHoldState = defineEnum('exchangeHoldState', {
  held: [1, '冻结中', 'Held'],
  dispensed: [2, '已出货', 'Dispensed'],
  failed: [3, '出货失败', 'Failed'],
  expired: [4, '超时释放', 'Timed out'],
});

/** The four classes of household waste of GB/T 19095-2019 (`Rblist/GetRubbishType1`). */
export const rubbishType1 = defineEnum('rubbishType1', {
  recyclable: [1, '可回收物', 'Recyclables'],
  hazardous: [2, '有害垃圾', 'Hazardous household waste'],
  kitchen: [3, '厨余垃圾', 'Kitchen waste'],
  other: [4, '其他垃圾', 'Other waste'],
});

/**
 * The eleven sub-classes of GB/T 19095-2019 (`Rblist/GetRubbishType2`), and other waste, which the standard does not
 * divide, as its own: the tens digit is the class (11–15 recyclables, 21–23 hazardous, 31–33 kitchen, 41 other).
 */
export const rubbishType2 = defineEnum('rubbishType2', {
  paper: [11, '纸类', 'Paper'],
  plastics: [12, '塑料', 'Plastics'],
  metals: [13, '金属', 'Metals'],
  glass: [14, '玻璃', 'Glass'],
  textiles: [15, '织物', 'Textiles'],
  lamps: [21, '灯管', 'Lamps'],
  chemicals: [22, '家用化学品', 'Household chemicals'],
  batteries: [23, '电池', 'Batteries'],
  householdKitchen: [31, '家庭厨余垃圾', 'Household kitchen waste'],
  restaurantKitchen: [32, '餐厨垃圾', 'Restaurant kitchen waste'],
  otherKitchen: [33, '其他厨余垃圾', 'Other kitchen waste'],
  other: [41, '其他垃圾', 'Other waste'],
});

/** How a points rule counts: by weight, or once per drop-off. */
export const pointsRuleMode = defineEnum('pointsRuleMode', {
  perKg: [1, '按重量（每千克）', 'Per kilogram'],
  perDropOff: [2, '按次', 'Per drop-off'],
});

/** Where a recycling record came from. */
export const recordSource = defineEnum('recordSource', {
  collector: [1, '回收员上门', 'Collector'],
  station: [2, '智能回收站', 'Smart station'],
  manual: [3, '手工录入', 'Entered by hand'],
});

/** A recycling record's audit: points are awarded when it is approved and taken back if it is rejected later. */
export const recordAudit = defineEnum('recordAudit', {
  pending: [1, '待审核', 'Pending'],
  approved: [2, '已通过', 'Approved'],
  rejected: [3, '已驳回', 'Rejected'],
});

/** Whether a collector is working. */
export const collectorStatus = defineEnum('collectorStatus', {
  working: [1, '在岗', 'Working'],
  away: [2, '休假', 'Away'],
  left: [3, '离职', 'Left'],
});
