import { pointsReason } from '../../../shared/enums';
import { field } from '../../../shared/resource-kit';
import { registerView, screenKey, STANDARD_METHODS, type ResourceView } from '../../crud';

/**
 * The points ledger as lists read it (`Integral/GetAll`): entries are written by the server's postings only, so the
 * view is read-only. Its texts are the `recycling.ledger*` ones.
 */
export const ledgerView: ResourceView = registerView({
  name: 'Integral',
  label: { zh: '积分明细', en: 'Points ledger' },
  fields: {
    creationTime: field.datetime({ zh: '时间', en: 'Time' }, { width: 150 }),
    householdId: field.reference({ zh: '回收用户', en: 'Household' }, 'BHUsers', { filterable: true, width: 110 }),
    cardNo: field.string({ zh: '卡号', en: 'Card number' }, { width: 130 }),
    reason: field.enum({ zh: '类型', en: 'Kind' }, pointsReason, { filterable: true, width: 120 }),
    amount: field.integer({ zh: '积分变动', en: 'Points' }, { width: 90 }),
    balanceAfter: field.integer({ zh: '变动后余额', en: 'Balance after' }, { width: 100 }),
    remark: field.string({ zh: '说明', en: 'Note' }, { width: 200 }),
  },
  fieldNames: ['creationTime', 'householdId', 'cardNo', 'reason', 'amount', 'balanceAfter', 'remark'],
  displayField: 'remark',
  i18n: { title: 'recycling.ledgerTitle', field: (f) => `recycling.ledger_${f}` },
  methods: STANDARD_METHODS,
  readOnly: true,
});

/** The columns of one household's ledger: the household is the drawer's subject. */
export const HOUSEHOLD_LEDGER_COLUMNS = ledgerView.fieldNames.filter((name) => name !== 'householdId' && name !== 'cardNo');

/** The drawer's list keeps its own paging, apart from any other list of the ledger. */
export const HOUSEHOLD_LEDGER_KEY = screenKey(ledgerView.name, 'household');
