/**
 * A tab's panel whose code is loaded apart (in idle time, or on first open), without React.lazy:
 * a lazy component shows its Suspense fallback and React then reveals the boundary no sooner than
 * 300 ms after that fallback appeared (its fallback throttle), which was most of the wait between
 * a click on the Gallery tab and its first thumbnails (docs/performance-findings.md, "Opening a tab"). Here
 * the panel is an ordinary state change once its module has come, drawn in the next frame. A
 * module that cannot come (a dropped connection to the browser shell, files replaced under a
 * running studio) is said so in the panel with a way to try again, where a thrown import would
 * blank the studio.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A tab's panel (or a feature's part app/ puts in a slot: feature-slots.ts, with its props), and
 * ways to start on it before it is shown.
 */
export type LazyPanel<P extends object = object> = ComponentType<P> & {
  /**
   * Fetches its code ahead of the first open (tab-registry.ts, preloadTabs), and with `client` the
   * data it always needs first and that never changes; never rejects.
   */
  preload(client?: QueryClient): Promise<void>;
  /** Its first data and code asked for now: a press on its tab, before the click that opens it (TabNav.tsx). */
  warm(client: QueryClient): void;
};

interface Data {
  /** The tab's first data, asked on its first open (or the press before it), while its code loads if it has not come yet: its queries then find it cached. */
  open?: (client: QueryClient) => void;
  /** What the first open's answers need that never changes in a session, asked in idle time with the tab's code, so that the open waits on no more than its own answers. */
  ahead?: (client: QueryClient) => void;
}

export function lazyPanel<P extends object = object>(load: Load<P>, { open: prefetch, ahead }: Data = {}): LazyPanel<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  let prefetched = false;
  let readAhead = false;
  const prefetchOnce = (client: QueryClient) => {
    if (prefetched) return;
    prefetched = true;
    prefetch?.(client);
  };
  const start = () =>
    (pending ??= load().then(
      (m) => (loaded = m.default),
      (e: unknown) => {
        // The next attempt asks again rather than replaying this failure.
        pending = undefined;
        throw e;
      },
    ));

  function LazyPanel(props: P) {
    const { t } = useTranslation('common');
    const client = useQueryClient();
    const [Panel, setPanel] = useState<{ C: ComponentType<P> } | undefined>(loaded && { C: loaded });
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => prefetchOnce(client), [client]);
    useEffect(() => {
      if (Panel) return;
      let live = true;
      start().then(
        (C) => live && setPanel({ C }),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [Panel, attempt, client]);

    if (Panel) return <Panel.C {...props} />;
    if (failed) {
      return (
        <div className="banner">
          <p className="banner-text" role="alert">{t('tabLoadFailed')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('tryAgain')}
          </button>
        </div>
      );
    }
    return <p className="muted">{t('loading')}</p>;
  }
  // A preload that fails is forgotten (start() clears it): the first open then asks again and,
  // failing too, says so.
  const preload = (client?: QueryClient) => {
    if (client && !readAhead) {
      readAhead = true;
      ahead?.(client);
    }
    return start().then(() => undefined, () => undefined);
  };
  return Object.assign(LazyPanel, {
    preload,
    warm(client: QueryClient) {
      prefetchOnce(client);
      void preload();
    },
  });
}
