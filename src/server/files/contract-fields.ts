import { dateOf, isRealDay, type CalendarDate } from '../../shared/time';

/** What the text of a contract suggests for the contract form; every field is a guess the user confirms. */
export interface ContractFields {
  contractNo?: string;
  partyA?: string;
  partyB?: string;
  /** YYYY-MM-DD */
  signDate?: string;
  startDate?: string;
  expiryDate?: string;
  amount?: number;
}

// A date as contracts write it: 2026年3月1日, 2026-03-01, 2026/3/1, 2026.3.1 (digits already half-width).
const DATE = String.raw`(\d{4})\s*[年./-]\s*(\d{1,2})\s*[月./-]\s*(\d{1,2})\s*[日号]?`;
const COLON = '[:：]';
const UNTIL = '(?:至|到|止|~|～|—{1,2}|-{1,2})';

/** A real calendar date as YYYY-MM-DD (within the years the date fields accept), or undefined. */
export function toIsoDate(year: string, month: string, day: string): CalendarDate | undefined {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  return isRealDay(y, m, d) ? dateOf(y, m, d) : undefined;
}

function dateAfter(text: string, labels: string): string | undefined {
  const match = new RegExp(`(?:${labels})\\s*${COLON}?\\s*${DATE}`).exec(text);
  return match ? toIsoDate(match[1], match[2], match[3]) : undefined;
}

// Words that, between 甲方/乙方 and the colon, say the line is about the party's details rather than its name.
const PARTY_DETAIL = /代表|电话|地址|联系|签字|签章|盖章|账号|帐号|开户|税号|邮编|传真|邮箱|日期|身份证|法人|授权/;

function party(text: string, side: '甲' | '乙'): string | undefined {
  const label = new RegExp(`${side}\\s*方([^:：\\n]{0,12})${COLON}[ \\t\\u3000]*([^\\n]*)`, 'g');
  for (const match of text.matchAll(label)) {
    if (PARTY_DETAIL.test(match[1])) continue;
    const value = match[2]
      // Two-column layouts put the other party on the same line.
      .split(/[ \t\u3000]{2,}|[甲乙]\s*方[^:：\n]{0,12}[:：]/)[0]
      .replace(/[（(]\s*(?:盖章|签章|签字|公章)\s*[)）]/g, '')
      .replace(/[\s，,；;。:：]+$/, '')
      .trim();
    if (value) return value;
  }
  return undefined;
}

function contractNo(text: string): string | undefined {
  const match = new RegExp(`(?:合同编号|合同编码|合同号|协议编号|协议号|编号|No\\.?)\\s*${COLON}\\s*([^\\s，,；;。]{1,64})`, 'i').exec(text)
    // Without a colon only a code that plainly starts right after the label.
    ?? /(?:合同编号|合同号)\s*([A-Za-z0-9][A-Za-z0-9\-_/.]{1,63})/.exec(text);
  return match?.[1].replace(/[)）]$/, '');
}

function amount(text: string): number | undefined {
  const number = String.raw`[¥￥]?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(万元|万|元)?`;
  const match = new RegExp(`(?:合同总金额|合同金额|合同总价款|合同价款|合同总价|总金额|总价款|总价|金额)[^\\n\\d]{0,40}?${number}`).exec(text)
    ?? new RegExp(`小写\\s*${COLON}?\\s*${number}`).exec(text);
  if (!match) return undefined;
  const value = Number(match[1].replace(/,/g, '')) * (match[2]?.startsWith('万') ? 10000 : 1);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : undefined;
}

/**
 * Contract fields from the plain text of a Chinese contract, recognising the usual phrasing: 合同编号：…, 甲方：…,
 * 乙方：…, 签订日期：…, 有效期自…至…, 起始/开始日期, 到期/终止/截止日期, 合同金额：¥12,345.00. Absent fields stay absent.
 */
export function guessContractFields(text: string): ContractFields {
  // Full-width digits, letters and punctuation read as their ASCII forms; names keep their own characters.
  const plain = text.normalize('NFKC').replace(/，(?=\d{3})/g, ',');
  const fields: ContractFields = {};

  fields.contractNo = contractNo(plain);
  fields.partyA = party(text, '甲');
  fields.partyB = party(text, '乙');
  fields.signDate = dateAfter(plain, '签订日期|签约日期|签署日期|签订时间|签约时间|签订于|签约于')
    ?? (() => {
      const match = new RegExp(`${DATE}\\s*(?:签订|签署|签约)`).exec(plain);
      return match ? toIsoDate(match[1], match[2], match[3]) : undefined;
    })();

  const period = new RegExp(`(?:有效期|期限|服务期|履行期)[^\\n\\d]{0,20}?${DATE}\\s*(?:起)?\\s*${UNTIL}\\s*${DATE}`).exec(plain)
    ?? new RegExp(`自\\s*${DATE}\\s*(?:起)?\\s*${UNTIL}\\s*${DATE}`).exec(plain);
  const periodStart = period ? toIsoDate(period[1], period[2], period[3]) : undefined;
  const periodEnd = period ? toIsoDate(period[4], period[5], period[6]) : undefined;
  fields.startDate = dateAfter(plain, '起始日期|开始日期|生效日期|起始时间|开始时间|起始日|生效日') ?? periodStart;
  fields.expiryDate = dateAfter(plain, '到期日期|终止日期|截止日期|结束日期|届满日期|到期时间|终止时间|截止时间|到期日|截止日') ?? periodEnd;
  fields.amount = amount(plain);

  for (const key of Object.keys(fields) as (keyof ContractFields)[]) if (fields[key] === undefined) delete fields[key];
  return fields;
}
