/**
 * "Responsiveness": the host's event-loop watchdog (`app.health`) in one line. A stall there is
 * what a creator feels as a frozen studio, so the figures are there to quote in a report. Read
 * each time the Settings tab is opened and on Refresh; never polled (docs/performance.md,
 * "Targets").
 */
import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppHealth, ErrorData } from '@shared/contract/index.js';
import { EMPTY, callQuery } from '../../../api/client.js';
import { useFormats, type Formats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useUiStore } from '../../../state/ui-store.js';

const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b).toDateString();
/** Whole milliseconds: the watchdog's sub-millisecond digits are noise to a reader. */
const ms = (f: Formats, n: number) => f.number(Math.round(n));

export function HealthSetting() {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  const headingId = useId();
  const shown = useUiStore((s) => s.tab === 'settings');
  // Not fetched on mount by itself: the tab stays mounted while hidden, so opening it is the cue.
  const health = useQuery<AppHealth, ErrorData>({ ...callQuery('app.health', EMPTY), enabled: false });
  const { refetch } = health;
  useEffect(() => {
    if (shown) void refetch();
  }, [shown, refetch]);

  const data = health.data;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('general.health.heading')}</h3>
      <div className="health-line">
        <p data-testid="health-line" aria-live="polite">
          {data
            ? t('general.health.line', {
                max: ms(f, data.loop.maxMs),
                count: data.loop.stalls,
                stalls: f.number(data.loop.stalls),
                since: sameDay(data.since, health.dataUpdatedAt) ? f.clock(data.since) : f.dateTime(data.since),
              })
            : health.isError
              ? null
              : t('general.health.loading')}
        </p>
        <button type="button" className="button" aria-disabled={health.isFetching} onClick={() => !health.isFetching && void refetch()}>
          {t('general.health.refresh')}
        </button>
      </div>
      {data && <p className="hint">{t('general.health.typical', { p50: ms(f, data.loop.p50Ms), p99: ms(f, data.loop.p99Ms) })}</p>}
      {health.isError && <p className="form-error">{say(health.error)}</p>}
    </section>
  );
}
