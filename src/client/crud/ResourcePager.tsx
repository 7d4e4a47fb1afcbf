import { Button, ButtonGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useCrudDispatch } from './hooks';
import { crudActions as A, PAGE_SIZES } from './slice';
import type { ResourceState, Translate } from './types';

interface ResourcePagerProps {
  /** The list's key in the crud slice (a resource, or a drawer's own list). */
  resource: string;
  state: Pick<ResourceState, 'currentPage' | 'pageSize' | 'totalCount' | 'loading'>;
  t: Translate;
  /** Before every test id, for a second pager on screen (a drawer's list). */
  testIdPrefix?: string;
}

/** Footer of a list: the total, first/previous/next/last and the page size. */
export function ResourcePager({ resource, state, t, testIdPrefix = '' }: ResourcePagerProps) {
  const dispatch = useCrudDispatch();
  const { currentPage, pageSize, totalCount, loading } = state;
  const onPage = (page: number) => dispatch(A.pageChanged({ resource, page }));
  const onPageSize = (size: number) => dispatch(A.pageSizeChanged({ resource, pageSize: size }));
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const atFirst = currentPage <= 1;
  const atLast = currentPage >= pages;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 0', fontSize: 13 }} data-testid={`${testIdPrefix}pager`}>
      <span data-testid={`${testIdPrefix}pager-total`}>{t('common.total', { count: totalCount.toLocaleString('zh-CN') })}</span>
      {loading && <Spinner size={14} />}
      <span style={{ flex: 1 }} />
      <HTMLSelect
        aria-label={t('common.pageSize', { size: pageSize })}
        data-testid={`${testIdPrefix}pager-size`}
        value={pageSize}
        onChange={(e) => onPageSize(Number(e.currentTarget.value))}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('common.pageSize', { size }) }))}
      />
      <ButtonGroup>
        <Button icon="double-chevron-left" title={t('crud.firstPage')} aria-label={t('crud.firstPage')} disabled={atFirst}
          data-testid={`${testIdPrefix}pager-first`} onClick={() => onPage(1)} />
        <Button icon="chevron-left" title={t('crud.prevPage')} aria-label={t('crud.prevPage')} disabled={atFirst}
          data-testid={`${testIdPrefix}pager-prev`} onClick={() => onPage(currentPage - 1)} />
      </ButtonGroup>
      <span data-testid={`${testIdPrefix}pager-page`} style={{ minWidth: 90, textAlign: 'center' }}>
        {t('common.page', { page: currentPage, pages })}
      </span>
      <ButtonGroup>
        <Button icon="chevron-right" title={t('crud.nextPage')} aria-label={t('crud.nextPage')} disabled={atLast}
          data-testid={`${testIdPrefix}pager-next`} onClick={() => onPage(currentPage + 1)} />
        <Button icon="double-chevron-right" title={t('crud.lastPage')} aria-label={t('crud.lastPage')} disabled={atLast}
          data-testid={`${testIdPrefix}pager-last`} onClick={() => onPage(pages)} />
      </ButtonGroup>
    </div>
  );
}
