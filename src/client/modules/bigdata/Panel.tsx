import type { ReactNode } from 'react';
import type { Translate } from '../../crud/types';

interface PanelProps {
  title: string;
  testId: string;
  /** Shown when the panel's data is older than it should be. */
  age?: string | null;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Panel({ title, testId, age, extra, className, children }: PanelProps) {
  return (
    <section className={`bd-panel ${className ?? ''}`} data-testid={testId}>
      <header className="bd-panel-head">
        <h3>{title}</h3>
        {age && <span className="bd-age" data-testid={`${testId}-age`}>{age}</span>}
        {extra}
      </header>
      <div className="bd-panel-body">{children}</div>
    </section>
  );
}

/** "数据更新于 3 分钟前" once data read at `readAt` is older than `expectedMs`; null while it is fresh. */
export function ageText(readAt: number | null, now: number, expectedMs: number, t: Translate): string | null {
  if (readAt === null || now - readAt <= expectedMs) return null;
  const minutes = Math.floor((now - readAt) / 60_000);
  const age = minutes < 60 ? t('monitoring.minutesAgo', { count: minutes }) : t('monitoring.hoursAgo', { count: Math.floor(minutes / 60) });
  return t('bigdata.age', { age });
}
