/**
 * "Use in…": a button that opens a menu of the steps a saved image can go to next (Image
 * references, the Video tab's starting image, a Chat message). Choosing one stashes the item
 * (state/handoff.ts) and opens that tab, where the target takes it, as the Gallery's Remix does.
 * Keyboard: Enter/Space/↓ open the menu on its first entry, ↑ on its last; ↑/↓/Home/End move, Esc
 * closes it back onto the button, Tab closes it and moves on. Only images have somewhere to go, so
 * other kinds get no menu.
 */
import './strings.js';
import './use-in.css';
import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { tabDomId } from '../../state/tab-ids.js';
import { HANDOFF_TARGETS, itemName, usableKind, useHandoffStore, type HandoffTarget } from '../../state/handoff.js';
import { useUiStore } from '../../state/ui-store.js';
import { menuKeyDown } from '../menu-keys.js';

/** Stashes the item for `target`, opens that tab and puts the focus on its tab button, as Remix does. */
export function handOff(target: HandoffTarget, item: LibraryItemView): void {
  useHandoffStore.getState().stash(target, item);
  useUiStore.getState().openTab(target);
  requestAnimationFrame(() => document.getElementById(tabDomId(target))?.focus());
}

interface MenuListProps {
  item: LibraryItemView;
  /** Which entry takes the focus as it opens. */
  start: 'first' | 'last';
  /** Esc (refocus: true), Tab or a press elsewhere (false), or after a choice (false). */
  onClose(refocus: boolean): void;
  onChoose?(target: HandoffTarget, go: () => void): void;
  /** Where it opens when it is not under a button (a grid's context menu), px in the viewport. */
  at?: { x: number; y: number };
  id?: string;
}

/** The menu itself: entries, their keys, closing. Shown under its button, or at a point. */
export function UseInMenuList({ item, start, onClose, onChoose, at, id }: MenuListProps) {
  const { t } = useTranslation('handoff');
  const menu = useRef<HTMLUListElement>(null);
  const entries = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  const close = useEffectEvent(() => onClose(false));
  useEffect(() => {
    const list = entries();
    (start === 'first' ? list[0] : list[list.length - 1])?.focus();
    // A press anywhere else closes it, as any menu does (its own button toggles it itself).
    const away = (e: PointerEvent) => {
      if (!menu.current?.parentElement?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [start]);

  const choose = (target: HandoffTarget) => {
    onClose(false);
    const go = () => handOff(target, item);
    if (onChoose) onChoose(target, go);
    else go();
  };
  const onKeyDown = (e: KeyboardEvent) => menuKeyDown(e, entries(), onClose);
  const style = at ? { position: 'fixed' as const, left: at.x, top: at.y } : undefined;
  return (
    <ul id={id} role="menu" aria-label={t('menu.label')} className="use-in-menu" style={style} ref={menu} onKeyDown={onKeyDown}>
      {HANDOFF_TARGETS.map((target) => (
        <li role="none" key={target}>
          <button type="button" role="menuitem" tabIndex={-1} className="use-in-entry" onClick={() => choose(target)}>
            {t(`menu.${target}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface UseInMenuProps {
  item: LibraryItemView;
  /**
   * Called instead of going at once, when the caller must do something first (a dialog closing
   * itself): it calls `go()` when ready.
   */
  onChoose?(target: HandoffTarget, go: () => void): void;
  className?: string;
}

export function UseInMenu({ item, onChoose, className }: UseInMenuProps) {
  const { t } = useTranslation('handoff');
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (!usableKind(item)) return null;
  const name = itemName(item, t('untitled'));

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  return (
    <div className={`use-in${className ? ` ${className}` : ''}`}>
      <button
        type="button"
        className="button"
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        aria-label={t('menu.buttonLabel', { name })}
        onClick={() => setOpen(open ? null : 'first')}
        onKeyDown={onButtonKey}
      >
        {t('menu.button')}
      </button>
      {open && (
        <UseInMenuList
          id={menuId}
          item={item}
          start={open}
          onChoose={onChoose}
          onClose={(refocus) => {
            setOpen(null);
            if (refocus) button.current?.focus();
          }}
        />
      )}
    </div>
  );
}
