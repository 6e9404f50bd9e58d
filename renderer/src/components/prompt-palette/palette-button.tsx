/** The button beside a prompt field that opens the palette on it (also Ctrl+P / ⌘P). */
import './strings.js';
import { useTranslation } from 'react-i18next';
import { MOD_KEY } from '../platform.js';

export function PaletteButton({ onOpen, className = 'button' }: { onOpen(): void; className?: string }) {
  const { t } = useTranslation('prompts');
  const hint = t('openHint', { shortcut: `${MOD_KEY}+P` });
  return (
    <button type="button" className={`${className} prompt-palette-button`} title={hint} aria-keyshortcuts={MOD_KEY === 'Ctrl' ? 'Control+P' : 'Meta+P'} onClick={onOpen}>
      {t('openShort')}
    </button>
  );
}
