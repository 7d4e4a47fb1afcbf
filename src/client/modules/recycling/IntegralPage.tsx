import '@blueprintjs/table/lib/css/table.css';
import { Button, Tag } from '@blueprintjs/core';
import { RECYCLING_TEXTS } from '../../../shared/locales/recycling';
import { useAppDispatch, useAppSelector, useChunkSagas } from '../../app/hooks';
import { describeError, ResourcePage, useCrudTranslation } from '../../crud';
import { addScreenTexts } from '../../i18n';
import { isBalanced } from '../../../shared/recycling';
import { booksRequested, selectBooks, watchBooks } from './books';
import { ledgerView } from './ledgerView';

addScreenTexts('recycling', RECYCLING_TEXTS);

/** Every household's ledger entries, newest first, with a check of the books on demand. */
export default function IntegralPage() {
  useChunkSagas(watchBooks);
  const { t } = useCrudTranslation();
  const dispatch = useAppDispatch();
  const { checking, books, error } = useAppSelector(selectBooks);
  const ok = books !== null && isBalanced(books);
  return (
    <ResourcePage resource={ledgerView.name} view={ledgerView} canCreate={false} toolbarActions={<>
      {books && (
        <Tag minimal large intent={ok ? 'success' : 'danger'} icon={ok ? 'tick-circle' : 'error'} data-testid="books-state">
          {ok ? t('recycling.booksBalanced', { households: books.households, postings: books.postings }) : t('recycling.booksOff')}
        </Tag>
      )}
      {error && <Tag minimal large intent="danger" icon="error">{describeError(error)}</Tag>}
      <Button icon="confirm" text={t('recycling.books')} loading={checking} data-testid="books-check" onClick={() => dispatch(booksRequested())} />
    </>} />
  );
}
