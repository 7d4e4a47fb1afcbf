import type { Label } from '../resource-kit/label';

/** What the server says when the ingest, a device, a storage point or a warning refuses a request (`monitoringRules.<key>`). */
export const MONITORING_RULE_TEXTS = {
  deviceKey: { zh: '设备密钥缺失或无效', en: 'The device key is missing or not valid' },
  readingsCount: { zh: '每批读数须为 1 至 {{max}} 条', en: 'A batch carries 1 to {{max}} readings' },
  readingObject: { zh: '读数须为对象', en: 'A reading must be an object' },
  readingTime: {
    zh: '{{field}}须为带时区的 ISO 8601 时间（如 2026-01-01T08:00:00+08:00）',
    en: '{{field}} must be an ISO 8601 time with Z or an offset (2026-01-01T08:00:00+08:00)',
  },
  readingOrder: { zh: '{{field}}早于上一条读数，读数须按时间排序', en: '{{field}} is before the previous reading; readings must be in time order' },
  readingNumber: { zh: '{{field}}须为 {{min}} 至 {{max}} 之间的数字', en: '{{field}} must be a number from {{min}} to {{max}}' },
  readingPosition: { zh: '经纬度须同时提供', en: 'Latitude and longitude come together' },
  holdsWaste: {
    zh: '设备 {{serial}} 的贮存点仍有 {{weight}} 千克危废，请先清运或解绑后再删除',
    en: 'Device {{serial}} still holds {{weight}} kg of waste; empty or unbind it before deleting it',
  },
  notBound: { zh: '设备未绑定危废', en: 'The device is not bound to a hazardous waste' },
  deviceDeleted: { zh: '设备已删除', en: 'The device was deleted' },
  storageEnded: { zh: '贮存点已解绑或改绑', en: 'The storage point was unbound or rebound' },
  reasonRequired: { zh: '请填写修正原因', en: 'Give the reason for the correction' },
  storageClosed: { zh: '该贮存点已解绑，不能修正重量', en: 'The storage point is unbound; its weight cannot be corrected' },
  noteRequired: { zh: '关闭预警须填写处理说明', en: 'Closing a warning needs a note' },
} satisfies Record<string, Label>;
