/**
 * "Use as prompt": a button that opens a menu of the two prompts a reply's words can go to, the
 * Image tab's and the Video tab's (state/prompt-handoff.ts). Keyboard as "Use in…"
 * (components/use-in/use-in-menu.tsx): Enter/Space/↓ open it on its first entry, ↑ on its last;
 * ↑/↓/Home/End move, Esc closes it back onto the button, Tab closes it and moves on. A press keeps
 * the reply's selection (no focus is taken on pointer down), so the selected words are the ones sent.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { menuKeyDown } from '../../../components/menu-keys.js';
import '../../../components/use-in/use-in.css';
import { PROMPT_TARGETS } from '../../../state/prompt-handoff.js';
import type { PromptTab } from '../../../state/prompt-source.js';

const keepSelection = (e: MouseEvent) => e.preventDefault();

interface Props {
  label: string;
  onChoose(target: PromptTab): void;
}

export function PromptTargetMenu({ label, onChoose }: Props) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const entries = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = entries();
    (open === 'first' ? list[0] : list[list.length - 1])?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.parentElement?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) button.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent) => menuKeyDown(e, entries(), close);
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  return (
    <div className="use-in reply-prompt-menu">
      <button
        type="button"
        className="button chat-small"
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        onMouseDown={keepSelection}
        onClick={() => setOpen(open ? null : 'first')}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={t('nextStep.menuLabel')} className="use-in-menu" ref={menu} onKeyDown={onMenuKey}>
          {PROMPT_TARGETS.map((target) => (
            <li role="none" key={target}>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="use-in-entry"
                onMouseDown={keepSelection}
                onClick={() => {
                  close(false);
                  onChoose(target);
                }}
              >
                {t(target === 'image' ? 'nextStep.toImage' : 'nextStep.toVideo')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
