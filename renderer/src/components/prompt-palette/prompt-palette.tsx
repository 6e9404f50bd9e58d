/**
 * The prompt palette (docs/prompts.md, "The palette"): a modal dialog over the page, opened by
 * Ctrl+P (⌘P) or the button beside a prompt field. It searches the saved prompts and the field's
 * recent ones as the creator types; ↑ ↓ choose, Enter inserts at the field's cursor. A prompt with
 * variables asks for their values first (one box each, Enter inserts), and offers its preset for
 * the form's model. Esc closes it and gives the focus back to the field.
 */
import './strings.js';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { expandPrompt, type PromptView } from '@shared/contract/prompts.js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../api/client.js';
import { MOD_KEY } from '../platform.js';
import { fieldByKey, insertIntoField, usePromptPalette, type PromptFieldHandle } from './prompt-fields.js';
import { usePromptEvents } from './use-prompt-events.js';
import { VariablesForm } from './variables-form.js';
import './prompt-palette.css';

type Option = { kind: 'saved'; prompt: PromptView } | { kind: 'recent'; text: string };

const RECENT_SHOWN = 8;

export function PromptPalette() {
  const open = usePromptPalette((s) => s.open);
  const fieldKey = usePromptPalette((s) => s.fieldKey);
  return open ? <PaletteDialog fieldKey={fieldKey} /> : null;
}

function PaletteDialog({ fieldKey }: { fieldKey?: string }) {
  const { t } = useTranslation('prompts');
  usePromptEvents();
  const dialog = useRef<HTMLDialogElement>(null);
  const field = fieldByKey(fieldKey);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<PromptView | null>(null);
  const listId = useId();
  const q = query.trim();
  // While the next search runs, the last answer stays on screen rather than an empty list.
  const saved = useQuery({ ...callQuery('prompts.list', { ...(q ? { query: q } : {}), limit: 30 }), placeholderData: keepPreviousData });
  const items = saved.data?.items;

  const options = useMemo<Option[]>(() => {
    const lower = q.toLowerCase();
    const recent = (field?.history() ?? []).filter((p) => !lower || p.toLowerCase().includes(lower)).slice(0, RECENT_SHOWN);
    return [...(items ?? []).map((prompt): Option => ({ kind: 'saved', prompt })), ...recent.map((text): Option => ({ kind: 'recent', text }))];
  }, [items, field, q]);
  const current = Math.min(active, Math.max(0, options.length - 1));

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const closeTo = (handle: PromptFieldHandle | undefined) => {
    usePromptPalette.getState().close();
    const el = handle?.element();
    if (el) requestAnimationFrame(() => el.focus());
  };

  const insert = (text: string, promptId?: string) => {
    usePromptPalette.getState().close();
    if (field) insertIntoField(field, text, promptId);
  };

  const choose = (o: Option | undefined) => {
    if (!o || !field) return;
    if (o.kind === 'recent') return insert(o.text);
    const model = field.model?.();
    if (o.prompt.variables.length || (model && o.prompt.presets[model])) setChosen(o.prompt);
    else insert(o.prompt.text, o.prompt.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % Math.max(1, options.length));
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      choose(options[current]);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const savedCount = items?.length ?? 0;

  return (
    <dialog
      ref={dialog}
      className="prompt-palette"
      aria-label={t('palette.label')}
      onCancel={(e) => {
        e.preventDefault();
        closeTo(field);
      }}
      onClick={(e) => e.target === e.currentTarget && closeTo(field)}
    >
      {chosen && field ? (
        <VariablesForm
          prompt={chosen}
          model={field.model?.()}
          onBack={() => setChosen(null)}
          onInsert={(values, preset) => {
            if (preset) field.applyPreset?.(preset);
            insert(expandPrompt(chosen.text, values), chosen.id);
          }}
        />
      ) : (
        <div className="prompt-palette-search">
          <input
            type="search"
            role="combobox"
            aria-label={t('palette.search')}
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={options.length ? optionId(current) : undefined}
            placeholder={t('palette.searchPlaceholder')}
            value={query}
            autoFocus
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {!field && <p className="hint" role="status">{t('palette.noField', { shortcut: `${MOD_KEY}+P` })}</p>}
          <ul id={listId} role="listbox" aria-label={t('palette.label')} className="prompt-palette-list">
            {options.map((o, i) => (
              <li
                key={o.kind === 'saved' ? o.prompt.id : `recent:${o.text}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                className={i === current ? 'active' : undefined}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(o)}
              >
                {i === 0 && o.kind === 'saved' && <span className="prompt-palette-group">{t('palette.saved')}</span>}
                {i === savedCount && o.kind === 'recent' && <span className="prompt-palette-group">{t('palette.recent')}</span>}
                {o.kind === 'saved' ? (
                  <>
                    <span className="prompt-palette-title" dir="auto">{o.prompt.title}</span>
                    <span className="prompt-palette-text" dir="auto">{o.prompt.text}</span>
                    {o.prompt.uses > 0 && <span className="hint">{t('palette.uses', { count: o.prompt.uses })}</span>}
                  </>
                ) : (
                  <span className="prompt-palette-text" dir="auto">{o.text}</span>
                )}
              </li>
            ))}
          </ul>
          {saved.isSuccess && options.length === 0 && <p className="muted">{q ? t('palette.none') : t('palette.empty')}</p>}
          <div className="prompt-palette-foot">
            <span className="hint" aria-hidden="true">{t('palette.keys')}</span>
            <button type="button" className="button" onClick={() => usePromptPalette.getState().openLibrary()}>
              {t('palette.manage')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
