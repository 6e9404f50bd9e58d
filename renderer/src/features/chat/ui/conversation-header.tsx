/**
 * The open conversation's title bar: its settings toggle and "Export Markdown", which saves
 * the host's rendering as a .md file through an <a download> (it works in both shells): the
 * branch shown, or with "Every version" each turn's other versions too (docs/chat-versions.md).
 */
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useShownTitle, type ShownTitle } from '../model/shown-title.js';
import { LANGUAGES, type StudioLanguage } from '@shared/languages.js';

const shownLanguage = (language: string): StudioLanguage => (LANGUAGES as readonly string[]).includes(language) ? (language as StudioLanguage) : 'en';

interface Props {
  id: string;
  title: ShownTitle;
  settingsOpen: boolean;
  onToggleSettings(): void;
  /** Where focus returns when the settings panel closes (use-side-panel.ts). */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Settings at fault: said on the toggle even while the panel is closed. */
  problems: number;
  /** Some turn of the branch shown has other versions: the export can hold every branch (docs/chat-versions.md). */
  versions: boolean;
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // The click has started the download by the next task; the URL is not needed after that.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ConversationHeader({ id, title, settingsOpen, onToggleSettings, toggleRef, problems, versions }: Props) {
  const { t, i18n } = useTranslation('chat');
  const f = useFormats();
  const shownTitle = useShownTitle();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [allVersions, setAllVersions] = useState(false);

  const exportMarkdown = async () => {
    setBusy(true);
    setStatus(null);
    try {
      // The export's own words in the language shown (the conversation's text stays as written).
      const branches = versions && allVersions ? 'all' : 'shown';
      const { fileName, markdown } = await call('chat.exportMarkdown', { id, language: shownLanguage(i18n.language), branches });
      download(fileName, markdown);
      setStatus(t('header.exported', { fileName }));
    } catch (e) {
      setStatus(t('header.exportFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <header className="chat-conv-head">
      <h3 className="chat-conv-heading">{shownTitle(title)}</h3>
      <span className="hint chat-export-status" role="status">
        {status}
      </span>
      {versions && (
        <label className="chat-export-versions">
          <input type="checkbox" checked={allVersions} onChange={(e) => setAllVersions(e.target.checked)} /> {t('header.allVersions')}
        </label>
      )}
      <button type="button" className="button chat-small" onClick={() => void exportMarkdown()} disabled={busy}>
        {t('header.exportMarkdown')}
      </button>
      <button type="button" ref={toggleRef} className="button chat-small" aria-expanded={settingsOpen} aria-controls="chat-settings-panel" onClick={onToggleSettings}>
        {problems ? t('header.settingsToFix', { n: f.number(problems) }) : t('header.settings')}
      </button>
    </header>
  );
}
