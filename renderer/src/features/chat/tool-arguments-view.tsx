/**
 * A function call's arguments on its card: pretty-printed when they are JSON and small, as written
 * otherwise. Long ones come from the host as their first characters (`argumentsChars` says how
 * many there are, docs/robust-host.md, "Limits"); "Show all" reads the rest then, for this card
 * only: a 30 MB call sent with its conversation held the page for seconds at every open.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCall } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { useFormats } from '../../i18n/format.js';
import { useMessageText } from '../../i18n/messages.js';
import type { ChatActions } from './chat-actions.js';

/** Larger arguments are shown as written: parsing and laying out megabytes again costs the page. */
const PRETTY_MAX_CHARS = 100_000;

/** The text to show, and whether it is JSON (undefined: not looked at, a preview or too large). */
function shownArguments(text: string, preview: boolean): { text: string; json?: boolean } {
  if (preview || text.length > PRETTY_MAX_CHARS) return { text };
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}

interface Props {
  messageId: string;
  call: ToolCall;
  /** The accessible name of the arguments' box. */
  label: string;
  wholeArguments: ChatActions['wholeArguments'];
}

export function ToolArgumentsView({ messageId, call, label, wholeArguments }: Props) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const f = useFormats();
  const [whole, setWhole] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const preview = call.argumentsChars !== undefined && whole === null;
  const text = whole ?? call.arguments;
  const args = useMemo(() => shownArguments(text, preview), [text, preview]);

  const showAll = async () => {
    if (loading) return;
    setLoading(true);
    setFailure(null);
    const got = await wholeArguments(messageId, call.id);
    setLoading(false);
    if ('error' in got) setFailure(got.error);
    else setWhole(got.arguments);
  };

  const empty = call.argumentsRefused !== undefined ? t('toolCall.refused', { chars: f.number(call.argumentsRefused) }) : t('toolCall.noArguments');
  return (
    <>
      {/* Reachable by Tab: long arguments scroll within the card. */}
      <pre className="tool-pre" role="group" aria-label={label} tabIndex={0}>
        {args.text || empty}
      </pre>
      {args.json === false && call.arguments !== '' && <p className="hint">{t('toolCall.notJson')}</p>}
      {preview && (
        <p className="hint tool-preview">
          {t('toolCall.preview', { shown: f.number(call.arguments.length), total: f.number(call.argumentsChars!) })}{' '}
          <button type="button" className="button chat-small" aria-busy={loading || undefined} onClick={() => void showAll()}>
            {loading ? t('toolCall.showingAll') : t('toolCall.showAll')}
          </button>
        </p>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {t('toolCall.showAllFailed', { message: say(failure) })}
        </p>
      )}
    </>
  );
}
