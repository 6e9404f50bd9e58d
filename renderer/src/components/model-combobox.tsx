/**
 * A text model picker: an editable combobox over a listbox (the WAI-ARIA combobox pattern), with
 * the catalog's models grouped by vendor and what each can do shown beside it (shared/gateway
 * `TEXT_MODELS`). Typing filters (by id, vendor or ability: "vision", "thinking"); ↑ ↓ move,
 * Enter picks, Esc closes the list and keeps the model it had (and goes no further: an Esc that
 * closed a list does not also close a panel or stop a reply). The box has a fixed width and cuts a
 * long id with an ellipsis, so nothing beside it moves when another model is chosen.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_MODELS, textModel, type TextModelInfo } from '@shared/gateway/catalog.js';
import './model-combobox.css';

export const BADGES = ['vision', 'tools', 'native', 'thinking'] as const;
type Badge = (typeof BADGES)[number];

const badgesOf = (m: TextModelInfo): Badge[] => BADGES.filter((b) => m[b]);

interface Item {
  id: string;
  model?: TextModelInfo;
}

/** The models a query keeps: every word must be in the id, the vendor or an ability's name. */
export function filterModels(models: readonly TextModelInfo[], query: string, words: (b: Badge) => string): TextModelInfo[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) return [...models];
  return models.filter((m) => {
    const text = [m.id, m.vendor, ...badgesOf(m).flatMap((b) => [b, words(b)])].join(' ').toLowerCase();
    return terms.every((term) => text.includes(term));
  });
}

interface Props {
  label: string;
  /** The label is read by screen readers only (the composer's compact picker). */
  labelHidden?: boolean;
  value: string;
  onChange(id: string): void;
  /** The models offered; the whole catalog by default. */
  models?: readonly TextModelInfo[];
  /** Offers what was typed as a model id of the creator's own (the gateway's chat list is open-ended). */
  allowCustom?: boolean;
  /** Opens upward, for a picker at the bottom of the window. */
  up?: boolean;
  className?: string;
  describedBy?: string;
  invalid?: boolean;
}

export function ModelCombobox({ label, labelHidden, value, onChange, models = TEXT_MODELS, allowCustom, up, className, describedBy, invalid }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const word = (b: Badge) => t(`modelPicker.${b}`);

  const shown = useMemo(() => filterModels(models, query ?? '', word), [models, query, t]); // eslint-disable-line react-hooks/exhaustive-deps
  const custom = allowCustom && query?.trim() && !shown.some((m) => m.id === query.trim()) ? query.trim() : undefined;
  const items: Item[] = useMemo(() => [...shown.map((m) => ({ id: m.id, model: m })), ...(custom ? [{ id: custom }] : [])], [shown, custom]);
  const groups = useMemo(() => {
    const out = new Map<string, { item: Item; index: number }[]>();
    items.forEach((item, index) => {
      if (!item.model) return;
      const list = out.get(item.model.vendor) ?? [];
      list.push({ item, index });
      out.set(item.model.vendor, list);
    });
    return [...out];
  }, [items]);
  const optionId = (i: number) => `${id}-opt-${i}`;
  const activeIndex = Math.min(active, items.length - 1);

  useEffect(() => {
    if (open && activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, index));
  };
  const pick = (item: Item | undefined) => {
    close();
    if (item && item.id !== value) onChange(item.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openAt(items.findIndex((i) => i.id === value));
      setActive(e.key === 'ArrowDown' ? (activeIndex >= last ? 0 : activeIndex + 1) : activeIndex <= 0 ? last : activeIndex - 1);
    } else if (open && (e.key === 'Home' || e.key === 'End') && query === null) {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : last);
    } else if (e.key === 'Enter') {
      if (!open) return;
      // Picks, and never also submits the form around it (the composer sends on Enter).
      e.preventDefault();
      pick(items[activeIndex]);
    } else if (e.key === 'Escape' && (open || query !== null)) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const info = textModel(value);
  const valueBadges = query === null ? badgesOf(info) : [];
  return (
    <div className={`model-combobox${up ? ' is-up' : ''}${className ? ` ${className}` : ''}`} onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && close()}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
      </label>
      <div className="model-combobox-box">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('modelPicker.placeholder')}
          title={value}
          value={query ?? value}
          onChange={(e) => {
            setQuery(e.target.value);
            openAt(0);
          }}
          onClick={() => !open && openAt(items.findIndex((i) => i.id === value))}
          onKeyDown={onKeyDown}
        />
        {valueBadges.length > 0 && (
          <span className="model-combobox-marks" aria-hidden="true">
            {valueBadges.map((b) => (
              <span key={b} className={`model-badge is-${b}`} title={t(`modelPicker.${b}Title`)}>
                {word(b)[0]}
              </span>
            ))}
          </span>
        )}
      </div>
      {/* The options are drawn only while the list is open: closed, each picker drew the whole
          catalog hidden (22 options, two strings a badge), at every render of the composer and the
          Compare bar (docs/performance-findings.md, "Pickers drawn closed"). */}
      <ul id={listId} role="listbox" aria-label={t('modelPicker.list')} className="model-combobox-list" hidden={!open}>
        {open && (
          <>
            {groups.map(([vendor, entries]) => (
              <li key={vendor} role="group" aria-labelledby={`${id}-g-${vendor}`}>
                <div id={`${id}-g-${vendor}`} className="model-combobox-vendor" role="presentation">
                  {vendor}
                </div>
                <ul role="presentation">
                  {entries.map(({ item, index }) => (
                    <Option key={item.id} id={optionId(index)} item={item} selected={item.id === value} active={index === activeIndex} onPick={() => pick(item)} onHover={() => setActive(index)} />
                  ))}
                </ul>
              </li>
            ))}
            {custom && (
              <Option id={optionId(items.length - 1)} item={{ id: custom }} selected={false} active={activeIndex === items.length - 1} onPick={() => pick({ id: custom })} onHover={() => setActive(items.length - 1)} />
            )}
            {!items.length && (
              <li role="presentation" className="model-combobox-none">
                {t('modelPicker.none', { query: query ?? '' })}
              </li>
            )}
          </>
        )}
      </ul>
    </div>
  );
}

interface OptionProps {
  id: string;
  item: Item;
  selected: boolean;
  active: boolean;
  onPick(): void;
  onHover(): void;
}

function Option({ id, item, selected, active, onPick, onHover }: OptionProps) {
  const { t } = useTranslation('common');
  const m = item.model;
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className={`model-combobox-option${active ? ' is-active' : ''}`}
      // Keeps the focus in the box, so the list's own blur does not close it before the click.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
      onMouseMove={onHover}
    >
      <span className="model-combobox-id">{m ? item.id : t('modelPicker.useCustom', { id: item.id })}</span>
      {m && (
        <span className="model-combobox-badges">
          {badgesOf(m).map((b) => (
            <span key={b} className={`model-badge is-${b}`} title={t(`modelPicker.${b}Title`)}>
              {t(`modelPicker.${b}`)}
            </span>
          ))}
          {!m.apis.includes('chat') && <span className="model-badge is-only">{t('modelPicker.responsesOnly')}</span>}
        </span>
      )}
    </li>
  );
}
