/**
 * A function call's arguments on its card: pretty-printed when they are JSON and small, as written
 * otherwise. Long arguments and results come from the host as their first characters
 * (`argumentsChars`, `answerChars` say how many there are; docs/robust-host.md, "Limits"); "Show
 * all" reads the rest then, for this card only: a 30 MB call sent with its conversation held the
 * page for seconds at every open.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCall } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import type { ChatActions } from '../model/chat-actions.js';

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

type Load = () => Promise<{ text: string } | { error: ErrorData }>;

/** The whole of a text the page holds the start of, once "Show all" has read it. */
export function useWholeText(load: Load) {
  const [whole, setWhole] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const showAll = async () => {
    if (loading) return;
    setLoading(true);
    setFailure(null);
    const got = await load();
    setLoading(false);
    if ('error' in got) setFailure(got.error);
    else setWhole(got.text);
  };
  return { whole, loading, failure, showAll };
}

interface NoteProps {
  /** Characters shown, and there are. */
  shown: number;
  total: number;
  state: ReturnType<typeof useWholeText>;
}

/** "The first 2,000 of N characters." with Show all, and why the rest could not be read. */
export function PreviewNote({ shown, total, state }: NoteProps) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const f = useFormats();
  return (
    <>
      <p className="hint tool-preview">
        {t('toolCall.preview', { shown: f.number(shown), total: f.number(total) })}{' '}
        <button type="button" className="button chat-small" aria-busy={state.loading || undefined} onClick={() => void state.showAll()}>
          {state.loading ? t('toolCall.showingAll') : t('toolCall.showAll')}
        </button>
      </p>
      {state.failure && (
        <p className="field-error" role="alert">
          {t('toolCall.showAllFailed', { message: say(state.failure) })}
        </p>
      )}
    </>
  );
}

interface Props {
  messageId: string;
  call: ToolCall;
  /** The accessible name of the arguments' box. */
  label: string;
  wholeText: ChatActions['wholeText'];
}

export function ToolArgumentsView({ messageId, call, label, wholeText }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const state = useWholeText(() => wholeText(messageId, call.id, 'arguments'));
  const preview = call.argumentsChars !== undefined && state.whole === null;
  const text = state.whole ?? call.arguments;
  const args = useMemo(() => shownArguments(text, preview), [text, preview]);
  const empty = call.argumentsRefused !== undefined ? t('toolCall.refused', { chars: f.number(call.argumentsRefused) }) : t('toolCall.noArguments');
  return (
    <>
      {/* Reachable by Tab: long arguments scroll within the card. */}
      <pre className="tool-pre" role="group" aria-label={label} tabIndex={0}>
        {args.text || empty}
      </pre>
      {args.json === false && call.arguments !== '' && <p className="hint">{t('toolCall.notJson')}</p>}
      {preview && <PreviewNote shown={call.arguments.length} total={call.argumentsChars!} state={state} />}
    </>
  );
}
