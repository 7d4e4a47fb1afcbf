import { buildListParams, buildQueryParams, rangeFilterNames } from './query';
import { crudActions as A, crudReducer, selectResourceState } from './slice';
import { findView } from './view';

const RESOURCE = 'Warehousereceipt';

/** The query state after the actions, through the real reducer. */
function queryAfter(...actions: ReturnType<typeof A.filterChanged>[]) {
  let state = crudReducer(undefined, A.pageChanged({ resource: RESOURCE, page: 3 }));
  for (const action of actions) state = crudReducer(state, action);
  return selectResourceState({ crud: state }, RESOURCE);
}

describe('range filters', () => {
  it('name both ends after the field, as the server reads them', () => {
    expect(rangeFilterNames('receiptDate')).toEqual({ from: 'receiptDateFrom', to: 'receiptDateTo' });
  });

  it('send From and To with the list query, from the first page, and either end alone', () => {
    const view = findView(RESOURCE);
    const both = queryAfter(
      A.filterChanged({ resource: RESOURCE, name: 'receiptDateFrom', value: '2025-01-01' }),
      A.filterChanged({ resource: RESOURCE, name: 'receiptDateTo', value: '2025-01-31' }),
    );
    expect(buildListParams(both, view)).toEqual({
      SkipCount: 0, MaxResultCount: both.pageSize, receiptDateFrom: '2025-01-01', receiptDateTo: '2025-01-31',
    });

    const cleared = queryAfter(
      A.filterChanged({ resource: RESOURCE, name: 'receiptDateFrom', value: '2025-01-01' }),
      A.filterChanged({ resource: RESOURCE, name: 'receiptDateTo', value: '2025-01-31' }),
      A.filterChanged({ resource: RESOURCE, name: 'receiptDateFrom', value: null }),
    );
    // The export reuses the same query.
    expect(buildQueryParams(cleared, view)).toEqual({ receiptDateTo: '2025-01-31' });
  });
});
