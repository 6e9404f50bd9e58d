/**
 * The studio's navigation: a vertical tablist following the WAI-ARIA tabs pattern (one tab in the
 * Tab order, arrow keys move between tabs, Home/End jump), activated on focus.
 */
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useUiStore } from '../state/ui-store.js';
import { isLazy, TABS } from './tab-registry.js';
import { panelDomId, tabDomId } from '../state/tab-ids.js';

export function TabNav() {
  const { t } = useTranslation('shell');
  const current = useUiStore((s) => s.tab);
  const openTab = useUiStore((s) => s.openTab);
  const list = useRef<HTMLDivElement>(null);
  const client = useQueryClient();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === current);
    const next: Record<string, number> = {
      ArrowDown: (index + 1) % TABS.length,
      ArrowRight: (index + 1) % TABS.length,
      ArrowUp: (index - 1 + TABS.length) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = TABS[target];
    openTab(tab.id);
    list.current?.querySelector<HTMLElement>(`#${tabDomId(tab.id)}`)?.focus();
  };

  return (
    <nav className="sidebar" aria-label={t('tabs.nav')}>
      <div role="tablist" aria-orientation="vertical" aria-label={t('tabs.label')} ref={list} onKeyDown={onKeyDown}>
        {TABS.map((tab) => {
          const selected = tab.id === current;
          const panel = tab.Panel;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabDomId(tab.id)}
              aria-selected={selected}
              aria-controls={panelDomId(tab.id)}
              tabIndex={selected ? 0 : -1}
              className="tab"
              // The press, before the click: a tab's first requests leave while the button is still
              // down (docs/performance-findings.md, "Opening a tab").
              onPointerDown={isLazy(panel) ? () => panel.warm(client) : undefined}
              onClick={() => openTab(tab.id)}
            >
              <tab.Icon />
              <span>{t(`tabs.${tab.id}`)}</span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
