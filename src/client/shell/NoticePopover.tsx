import { Button, NonIdealState, PopoverNext, Spinner, Tab, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NoticeItem, NoticeType, type NoticeTypeValue } from '../api/types';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectLanguage } from '../session/selectors';
import { useTimeZone } from '../session/useTimeZone';
import { formatLocalDayAndTime } from '../time/display';
import { CONTRACT_EXPIRY_CATEGORY, markAllReadRequested, markReadRequested, noticesRequested, selectNotices } from './noticesSlice';

const TABS: ReadonlyArray<{ id: 'notice' | 'message' | 'task'; type: NoticeTypeValue; key: string }> = [
  { id: 'notice', type: NoticeType.notice, key: 'shell.noticeTab' },
  { id: 'message', type: NoticeType.message, key: 'shell.messageTab' },
  { id: 'task', type: NoticeType.task, key: 'shell.taskTab' },
];

function NoticeList({ items, language, zone }: { items: NoticeItem[]; language: string; zone: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  if (items.length === 0) return <NonIdealState className="app-notice-empty" icon="inbox" description={t('shell.noNotices')} />;
  return (
    <ul className="app-notice-list">
      {items.map((item) => (
        <li key={item.id} className={`app-notice-item${item.isRead ? '' : ' is-unread'}`} data-testid={`notice-item-${item.id}`}>
          <span className="app-notice-dot" aria-label={item.isRead ? undefined : t('shell.unread')} />
          <div className="app-notice-body">
            <div className="app-notice-title">
              {item.category === CONTRACT_EXPIRY_CATEGORY && (
                <Tag minimal intent="warning" style={{ marginRight: 6 }} data-testid={`notice-category-${item.id}`}>{t('contracts.expiryCategory')}</Tag>
              )}
              {item.title}
            </div>
            {item.description && <div className="app-notice-desc">{item.description}</div>}
            <div className="app-notice-time">{formatLocalDayAndTime(item.creationTime, zone, language) || item.creationTime}</div>
          </div>
          {!item.isRead && (
            <Tooltip content={t('shell.markRead')} placement="left">
              <Button size="small" variant="minimal" icon="tick" aria-label={t('shell.markRead')} onClick={() => dispatch(markReadRequested(item.id))} data-testid={`notice-read-${item.id}`} />
            </Tooltip>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The bell: unread badge; a popover with notice / message / task tabs (types 0/1/2) from the server. */
export function NoticePopover() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const zone = useTimeZone();
  const { items, unreadCount, status } = useAppSelector(selectNotices);
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('notice');
  const currentType = TABS.find((x) => x.id === tab)!.type;
  const unreadOf = (type: NoticeTypeValue) => items.filter((i) => i.type === type && !i.isRead).length;

  const panel = (
    <div className="app-notice-panel" data-testid="notice-panel">
      <Tabs id="notice-tabs" selectedTabId={tab} onChange={(id) => setTab(id as typeof tab)} fill animate renderActiveTabPanelOnly>
        {TABS.map(({ id, type, key }) => {
          const unread = unreadOf(type);
          return (
            <Tab
              key={id}
              id={id}
              data-testid={`notice-tab-${id}`}
              title={<>{t(key)}{unread > 0 && <span className="app-count">{unread}</span>}</>}
              panel={status === 'loading' && items.length === 0 ? <Spinner size={24} className="app-notice-spinner" /> : <NoticeList items={items.filter((i) => i.type === type)} language={language} zone={zone} />}
            />
          );
        })}
      </Tabs>
      <div className="app-notice-footer">
        <Button
          variant="minimal"
          size="small"
          icon="tick-circle"
          text={t('shell.markAllRead')}
          disabled={unreadOf(currentType) === 0}
          onClick={() => dispatch(markAllReadRequested(currentType))}
          data-testid="notice-mark-all"
        />
      </div>
    </div>
  );

  return (
    <PopoverNext placement="bottom-end" content={panel} onOpening={() => dispatch(noticesRequested())}>
      <Tooltip content={t('shell.notices')} placement="bottom">
        <Button variant="minimal" icon="notifications" aria-label={t('shell.notices')} data-testid="notice-bell" className="app-notice-bell">
          {unreadCount > 0 && <span className="app-badge" data-testid="notice-badge">{unreadCount > 99 ? '99+' : unreadCount}</span>}
        </Button>
      </Tooltip>
    </PopoverNext>
  );
}
