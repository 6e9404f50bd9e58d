/**
 * The open conversation's title bar: its settings toggle, and "Export Markdown" and "Export JSON",
 * which save the host's rendering as a file through an <a download> (it works in both shells):
 * the branch shown, or with "Every version" each turn's other versions too (docs/chat-versions.md).
 */
import { memo, useContext, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { PaneTitleContext, useShownTitle } from '../model/shown-title.js';
import { saveText, shownLanguage } from '../model/save-file.js';


interface Props {
  id: string;
  settingsOpen: boolean;
  onToggleSettings(): void;
  /** Where focus returns when the settings panel closes (use-side-panel.ts). */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Settings at fault: said on the toggle even while the panel is closed. */
  problems: number;
  /** Some turn of the branch shown has other versions: the export can hold every branch (docs/chat-versions.md). */
  versions: boolean;
}

/** Memoized: a send and a stream's start and end render the pane, and change nothing here. */
export const ConversationHeader = memo(function ConversationHeader({ id, settingsOpen, onToggleSettings, toggleRef, problems, versions }: Props) {
  const { t, i18n } = useTranslation('chat');
  const f = useFormats();
  const shownTitle = useShownTitle();
  const title = useContext(PaneTitleContext);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [allVersions, setAllVersions] = useState(false);

  const exportAs = async (kind: 'markdown' | 'json') => {
    setBusy(true);
    setStatus(null);
    try {
      const branches = versions && !allVersions ? 'shown' : 'all';
      let fileName: string;
      if (kind === 'json') {
        const out = await call('chat.exportJson', { id, branches });
        saveText((fileName = out.fileName), out.json, 'application/json');
      } else {
        // The export's own words in the language shown (the conversation's text stays as written).
        const out = await call('chat.exportMarkdown', { id, language: shownLanguage(i18n.language), branches });
        saveText((fileName = out.fileName), out.markdown, 'text/markdown;charset=utf-8');
      }
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
      <button type="button" className="button chat-small" onClick={() => void exportAs('markdown')} disabled={busy}>
        {t('header.exportMarkdown')}
      </button>
      <button type="button" className="button chat-small" onClick={() => void exportAs('json')} disabled={busy}>
        {t('header.exportJson')}
      </button>
      <button type="button" ref={toggleRef} className="button chat-small" aria-expanded={settingsOpen} aria-controls="chat-settings-panel" onClick={onToggleSettings}>
        {problems ? t('header.settingsToFix', { n: f.number(problems) }) : t('header.settings')}
      </button>
    </header>
  );
});
