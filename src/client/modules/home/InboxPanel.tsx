import { Button, Callout, Card, Classes, Icon, NonIdealState, Tag, type IconName, type Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { findRouteByName } from '../../../shared/navigation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCanAccess } from '../../session/selectors';
import { describeError } from '../../crud/api-error';
import { formatDate } from '../../crud/format';
import { useTimeZone } from '../../session/useTimeZone';
import {
  inboxHidden, inboxRequested, inboxShown, INBOX_KINDS, selectInbox, type InboxItem, type InboxKind,
} from './inboxSlice';
import { useLiveStreams } from '../../realtime/useLiveStreams';

interface KindLook {
  icon: IconName;
  intent: Intent;
  /** The route that opens one record (`?id=`) and lists them all. */
  route: string;
}

const KINDS: Record<InboxKind, KindLook> = {
  toDispatch: { icon: 'truck', intent: 'primary', route: 'transferorder' },
  toReceive: { icon: 'import', intent: 'primary', route: 'transferreception' },
  returned: { icon: 'undo', intent: 'warning', route: 'transferorder' },
  planReturned: { icon: 'calendar', intent: 'warning', route: 'annualmanagementplan' },
  contractExpiring: { icon: 'time', intent: 'danger', route: 'contract' },
};

const routePath = (kind: InboxKind) => findRouteByName(KINDS[kind].route)?.path ?? '/';

/** Where a record of the inbox opens: its screen, told which record by `?id=`. */
const recordPath = (kind: InboxKind, id: number) => `${routePath(kind)}?id=${id}`;

const SKELETON_CARDS = 3;

function InboxCard({ item }: { item: InboxItem }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const canAccess = useAppSelector(selectCanAccess);
  const look = KINDS[item.kind];
  const listRoute = findRouteByName(look.route);
  const more = item.count - item.records.length;
  return (
    <Card className="app-inbox-card" data-testid={`inbox-card-${item.kind}`}>
      <div className="app-inbox-card-head">
        <Icon icon={look.icon} intent={item.count > 0 ? look.intent : 'none'} />
        <span className="app-inbox-card-title">{t(`inbox.${item.kind}`)}</span>
        <Tag round minimal={item.count === 0} intent={item.count > 0 ? look.intent : 'none'} data-testid={`inbox-count-${item.kind}`}>
          {item.count}
        </Tag>
      </div>
      {item.count === 0 ? (
        <div className="app-muted" data-testid={`inbox-empty-${item.kind}`}>{t('inbox.nothingToDo')}</div>
      ) : (
        <ul className="app-inbox-records">
          {item.records.map((record) => (
            <li key={record.id}>
              <Link to={recordPath(item.kind, record.id)} className="app-inbox-record" data-testid={`inbox-record-${item.kind}-${record.id}`}>
                <span className="app-inbox-record-title">{record.title}</span>
                {record.subtitle && <span className="app-inbox-record-subtitle">{record.subtitle}</span>}
                <span className="app-inbox-record-date">{formatDate(record.date, zone)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && listRoute && canAccess(listRoute) && (
        <Link to={listRoute.path} className="app-inbox-more" data-testid={`inbox-more-${item.kind}`}>
          {t('inbox.more', { count: more })}
        </Link>
      )}
    </Card>
  );
}

/**
 * What awaits the user's enterprises: one card per kind the user may see, with its count and the first records.
 * Mounting it starts the inbox saga's session (loads now and after hub pushes); unmounting ends it.
 */
/** What awaits the user changes with orders and with stock. */
const INBOX_STREAMS = ['transfer', 'inventory'] as const;

export function InboxPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { items, loading, loaded, error } = useAppSelector(selectInbox);

  useLiveStreams(INBOX_STREAMS);
  useEffect(() => {
    dispatch(inboxShown());
    return () => {
      dispatch(inboxHidden());
    };
  }, [dispatch]);

  const retry = <Button icon="refresh" text={t('common.retry')} data-testid="inbox-retry" onClick={() => dispatch(inboxRequested())} />;
  const total = items.reduce((sum, item) => sum + item.count, 0);

  let body;
  if (!loaded && error && !loading) {
    body = (
      <div data-testid="inbox-error">
        <NonIdealState icon="error" title={t('inbox.loadFailed')} description={describeError(error)} action={retry} />
      </div>
    );
  } else if (!loaded) {
    body = (
      <div className="app-inbox-grid" data-testid="inbox-skeleton">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Card key={i} className={`app-inbox-card ${Classes.SKELETON}`}>&nbsp;</Card>
        ))}
      </div>
    );
  } else if (total === 0) {
    body = (
      <div data-testid="inbox-all-done">
        <NonIdealState icon="tick-circle" title={t('inbox.allDone')} description={t('inbox.allDoneHint')} />
      </div>
    );
  } else {
    const shown = INBOX_KINDS.map((kind) => items.find((i) => i.kind === kind)).filter((i): i is InboxItem => !!i);
    body = (
      <div className="app-inbox-grid">
        {shown.map((item) => <InboxCard key={item.kind} item={item} />)}
      </div>
    );
  }

  return (
    <Card className="app-home-card" data-testid="inbox" data-loading={loading ? 'true' : 'false'}>
      <h3 className="app-card-title">
        {t('inbox.title')}
        {loaded && total > 0 && <Tag minimal round intent="primary" className="app-inbox-total" data-testid="inbox-total">{total}</Tag>}
      </h3>
      {loaded && error && (
        <Callout intent="warning" compact className="app-inbox-stale" data-testid="inbox-stale">
          {t('inbox.reloadFailed', { message: describeError(error) })} {retry}
        </Callout>
      )}
      {body}
    </Card>
  );
}
