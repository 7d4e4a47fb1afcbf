import { defineEnum, numericEnum } from '../resource-kit/enum';

// The fixed lists of the specification, with their zh-CN and en-US labels, declared once for server and client.

export const corporateType = numericEnum('corporateType', {
  1: ['接收单位', 'Receiving enterprise'],
  2: ['产废单位', 'Waste-producing enterprise'],
  3: ['运输单位', 'Transport enterprise'],
});

export const wasteProductionScale = numericEnum('wasteProductionScale', {
  1: ['1吨/年以下', 'Under 1 t/year'],
  2: ['1-10吨/年', '1-10 t/year'],
  3: ['10-100吨/年', '10-100 t/year'],
  4: ['100-500吨/年', '100-500 t/year'],
  5: ['500-1000吨/年', '500-1000 t/year'],
  6: ['1000吨/年以上', 'Over 1000 t/year'],
});

export const disposalMethod = numericEnum('disposalMethod', {
  1: ['利用', 'Utilisation'],
  2: ['贮存', 'Storage'],
  3: ['焚烧', 'Incineration'],
  4: ['安全填埋', 'Safe landfill'],
  5: ['其他', 'Other'],
});

export const vehicleColour = numericEnum('vehicleColour', {
  1: ['蓝色', 'Blue'],
  2: ['黄色', 'Yellow'],
  3: ['黑色', 'Black'],
  4: ['白色', 'White'],
  5: ['绿色', 'Green'],
  6: ['其他', 'Other'],
});

export const vehicleEntryType = numericEnum('vehicleEntryType', {
  1: ['公路', 'Road'],
  2: ['铁路', 'Rail'],
  3: ['水路', 'Water'],
});

export const wasteType = numericEnum('wasteType', {
  1: ['生产性产生', 'Productive generation'],
  2: ['非生产性产生', 'Non-productive generation'],
  3: ['次生固废', 'Secondary solid waste'],
  4: ['存量初始化', 'Stock initialisation'],
});

export const physicalCharacteristics = numericEnum('physicalCharacteristics', {
  1: ['固态', 'Solid'],
  2: ['液态', 'Liquid'],
  3: ['半固态', 'Semi-solid'],
  4: ['气态', 'Gas'],
});

export const generationSource = numericEnum('generationSource', {
  1: ['生产性', 'Productive'],
  2: ['次生废物', 'Secondary waste'],
  3: ['设备检修', 'Equipment inspection'],
  4: ['污染控制', 'Pollution control'],
  5: ['场地清理', 'Site clearing'],
  6: ['辅助部门', 'Auxiliary department'],
  7: ['事故应急', 'Accident emergency'],
  8: ['其他', 'Other'],
});

export const containerType = numericEnum('containerType', {
  1: ['无', 'None'],
  2: ['袋', 'Bag'],
  3: ['桶', 'Drum'],
});

export const containerCapacity = numericEnum('containerCapacity', {
  1: ['0-25L', '0-25 L'],
  2: ['25-50L', '25-50 L'],
  3: ['50-200L', '50-200 L'],
  4: ['200-1000L', '200-1000 L'],
  5: ['其他', 'Other'],
});

export const containerMaterial = numericEnum('containerMaterial', {
  1: ['金属', 'Metal'],
  2: ['塑料', 'Plastic'],
  3: ['复合塑料', 'Composite plastic'],
  4: ['其他', 'Other'],
});

export const packagingMethod = numericEnum('packagingMethod', {
  1: ['吨桶', 'Ton drum'],
  2: ['吨袋', 'Ton bag'],
  3: ['铁桶', 'Iron drum'],
  4: ['托盘', 'Pallet'],
});

export const purpose = numericEnum('purpose', {
  1: ['中转贮存', 'Transit storage'],
  2: ['利用', 'Utilisation'],
  3: ['处理', 'Treatment'],
  4: ['处置', 'Disposal'],
});

export const capacityUnit = numericEnum('capacityUnit', { 1: ['千克', 'kg'] });

export const sizeUnit = numericEnum('sizeUnit', {
  1: ['平方米', 'Square'],
  2: ['立方米', 'Cubic'],
});

export const storagePointType = numericEnum('storagePointType', {
  1: ['其他', 'Other'],
  2: ['仓库', 'Warehouse'],
  3: ['贮存池', 'Storage pool'],
  4: ['贮存罐', 'Storage tank'],
});

export const runningState = numericEnum('runningState', { 0: ['正常', 'Normal'], 1: ['预警', 'Warning'] });
export const activation = numericEnum('activation', { 0: ['已激活', 'Activated'], 1: ['未激活', 'Not activated'] });
export const onlineState = numericEnum('onlineState', { 0: ['在线', 'Online'], 1: ['离线', 'Offline'] });

export const warningType = numericEnum('warningType', {
  1: ['电量', 'Battery'],
  2: ['温度', 'Temperature'],
  3: ['重量', 'Weight'],
  4: ['减量', 'Reduction'],
  5: ['位移', 'Displacement'],
  6: ['无废间隔', 'No-waste interval'],
  7: ['离线', 'Offline'],
});

/** A warning's life: raised open, acknowledged by a supervisor, closed by a supervisor or when its condition clears. */
export const warningStatus = numericEnum('warningStatus', { 0: ['未处理', 'Open'], 1: ['已确认', 'Acknowledged'], 2: ['已关闭', 'Closed'] });

/** Whether an equipment model may be given to new devices. */
export const equipmentModelStatus = numericEnum('equipmentModelStatus', { 0: ['启用', 'In use'], 1: ['停用', 'Disabled'] });

export const inspectionType = numericEnum('inspectionType', {
  1: ['建设项目', 'Construction project'],
  2: ['排污许可', 'Discharge permit'],
  3: ['监测', 'Monitoring'],
  4: ['废气治理', 'Waste gas treatment'],
  5: ['废水治理', 'Wastewater treatment'],
  6: ['一般固废', 'General solid waste'],
  7: ['危险废物', 'Hazardous waste'],
  8: ['应急管理', 'Emergency management'],
});

export const evaluation = numericEnum('evaluation', { 1: ['一般', 'Average'], 2: ['良好', 'Good'], 3: ['优秀', 'Excellent'] });

export const contractType = numericEnum('contractType', {
  1: ['环保管家', 'Environmental custody'],
  2: ['排水许可申请', 'Drainage permit application'],
  3: ['排污许可申请', 'Discharge permit application'],
  4: ['环保验收', 'Environmental acceptance'],
  5: ['应急预案', 'Emergency plan'],
  6: ['涉磷申报', 'Phosphorus reporting'],
  7: ['固废篇章', 'Solid waste chapter'],
  8: ['其他', 'Other'],
  9: ['小微企业危废收集', 'Small-business waste collection'],
  10: ['固废云仓销售', 'Solid waste cloud warehouse sales'],
});

export const contractStatus = numericEnum('contractStatus', { 0: ['正常', 'Normal'], 1: ['作废', 'Voided'] });
export const contractStatusFilter = numericEnum('contractStatusFilter', {
  [-1]: ['全部', 'All'],
  0: ['正常', 'Normal'],
  1: ['作废', 'Voided'],
});

export const planStatus = numericEnum('planStatus', {
  0: ['草稿', 'Draft'],
  1: ['已提交', 'Submitted'],
  2: ['已通过', 'Approved'],
  3: ['已退回', 'Returned'],
});

export const wasteInfoStatus = numericEnum('wasteInfoStatus', { 0: ['启用', 'In use'], 1: ['停用', 'Disabled'] });

export const noticeType = numericEnum('noticeType', { 0: ['通知', 'Notice'], 1: ['消息', 'Message'], 2: ['待办', 'Task'] });

export const declareStatus = numericEnum('declareStatus', {
  0: ['待签收', 'Pending signing'],
  1: ['已签收', 'Signed'],
  2: ['已作废', 'Voided'],
});
export const dispatchStatus = numericEnum('dispatchStatus', { 0: ['待派车', 'Car pending'], 1: ['已派车', 'Car dispatched'] });
export const signStatus = numericEnum('signStatus', {
  0: ['待确认', 'Pending confirmation'],
  1: ['已同意', 'Agreed'],
  2: ['已退回', 'Returned'],
});

export const hazardCharacteristic = defineEnum('hazardCharacteristic', [
  { value: 'T', label: { zh: '毒性', en: 'Toxicity' } },
  { value: 'C', label: { zh: '腐蚀性', en: 'Corrosivity' } },
  { value: 'I', label: { zh: '易燃性', en: 'Ignitability' } },
  { value: 'R', label: { zh: '反应性', en: 'Reactivity' } },
  { value: 'In', label: { zh: '感染性', en: 'Infectivity' } },
]);

export const industryLevel = defineEnum('industryLevel', [
  { value: 'section', label: { zh: '门类', en: 'Section' } },
  { value: 'division', label: { zh: '大类', en: 'Division' } },
  { value: 'group', label: { zh: '中类', en: 'Group' } },
  { value: 'class', label: { zh: '小类', en: 'Class' } },
]);

/** Where a warehouse receipt comes from: entered by hand, or written when a receiver agrees to a transfer order. */
export const receiptSource = numericEnum('receiptSource', { 1: ['手工入库', 'Manual'], 2: ['转移接收', 'Transfer reception'] });

/** The moves of a transfer order, as its history names them. */
export const transferAction = defineEnum('transferAction', [
  { value: 'create', label: { zh: '填报', en: 'Created' } },
  { value: 'edit', label: { zh: '修改', en: 'Edited' } },
  { value: 'delete', label: { zh: '删除', en: 'Deleted' } },
  { value: 'void', label: { zh: '作废', en: 'Voided' } },
  { value: 'resubmit', label: { zh: '重新提交', en: 'Resubmitted' } },
  { value: 'dispatch', label: { zh: '派车', en: 'Dispatched' } },
  { value: 'agree', label: { zh: '同意接收', en: 'Agreed' } },
  { value: 'return', label: { zh: '退回', en: 'Returned' } },
  { value: 'sign', label: { zh: '签章', en: 'Signed' } },
]);

/** The three parties of a transfer order. */
export const transferParty = defineEnum('transferParty', [
  { value: 'producer', label: { zh: '产废单位', en: 'Producer' } },
  { value: 'transporter', label: { zh: '运输单位', en: 'Transporter' } },
  { value: 'receiver', label: { zh: '接收单位', en: 'Receiver' } },
]);

export const ALL_ENUMS = [
  corporateType, wasteProductionScale, disposalMethod, vehicleColour, vehicleEntryType, wasteType,
  physicalCharacteristics, generationSource, containerType, containerCapacity, containerMaterial, packagingMethod,
  purpose, capacityUnit, sizeUnit, storagePointType, runningState, activation, onlineState, warningType,
  warningStatus, equipmentModelStatus,
  inspectionType, evaluation, contractType, contractStatus, contractStatusFilter, noticeType, declareStatus,
  dispatchStatus, signStatus, hazardCharacteristic, industryLevel, planStatus, wasteInfoStatus, receiptSource,
  transferAction, transferParty,
];
