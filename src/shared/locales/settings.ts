import type { Label } from '../resource-kit/label';

/** The tenant's settings screen (src/client/modules/settings): `settings.<key>`. */
export const SETTINGS_TEXTS = {
  title: { zh: '系统设置', en: 'Settings' },
  timeZone: { zh: '时区', en: 'Time zone' },
  timeZoneHint: {
    zh: '本单位的每一天、每个月都按此时区计算：统计与大屏的“今日”、每日上限、规则与合同的有效期、联单编号的日期。所有时间都按此时区显示，与电脑所在时区无关。',
    en: 'Every day and month this tenant counts follows this zone: the figures and the wall\'s "today", daily caps, rules\' and contracts\' validity, the dates in manifest numbers. Every time is shown on its clock, whatever the computer\'s own zone.',
  },
  current: { zh: '当前时区', en: 'Current zone' },
  offset: { zh: '与 UTC 相差 {{offset}}', en: 'UTC{{offset}}' },
  timeThere: { zh: '该时区现在是 {{time}}', en: 'It is {{time}} there now' },
  choose: { zh: '新时区', en: 'New zone' },
  choosePlaceholder: { zh: '选择时区…', en: 'Choose a zone…' },
  search: { zh: '搜索时区，如 Shanghai 或 +08:00', en: 'Search, e.g. Shanghai or +08:00' },
  noMatch: { zh: '没有匹配的时区', en: 'No zone matches' },
  zonesLoading: { zh: '正在读取时区列表…', en: 'Loading the zones…' },
  save: { zh: '更改时区', en: 'Change the zone' },
  unchanged: { zh: '与当前时区相同', en: 'Same as the current zone' },
  confirmTitle: { zh: '更改时区？', en: 'Change the time zone?' },
  confirmText: {
    zh: '时区将从 {{from}} 改为 {{to}}。此后每一天、每个月都按新时区计算，已有的月度汇总也会按新时区重新计算，统计结果可能随之变化。',
    en: 'The zone changes from {{from}} to {{to}}. From then on every day and month is counted on the new zone, the month totals already kept are counted again, and figures may change with them.',
  },
  confirm: { zh: '确认更改', en: 'Change it' },
  saving: { zh: '正在保存…', en: 'Saving…' },
  saved: { zh: '时区已改为 {{zone}}，所有时间已按新时区显示', en: 'The zone is now {{zone}}: every time on screen follows it' },
  loadFailed: { zh: '无法读取设置：{{message}}', en: 'The settings could not be read: {{message}}' },
  saveFailed: { zh: '时区未能更改：{{message}}', en: 'The zone was not changed: {{message}}' },
} satisfies Record<string, Label>;
