/**
 * A reply's next step, among its actions: "Read aloud" makes speech of its words and plays it on
 * the reply (model/read-aloud.ts); "Use as prompt" sends them to the Image or Video tab's prompt,
 * filled, not sent (state/prompt-handoff.ts). With words selected inside the reply, both act on
 * the selection and say so. What is made from them records the message as its source
 * (docs/library-files.md, "Lineage").
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sendToPrompt } from '../../../state/prompt-handoff.js';
import { readAloud, useReadAloudStore } from '../model/read-aloud.js';
import { useReplySource } from '../model/reply-source.js';
import { plainWords } from '../model/reply-words.js';
import { useReplySelection } from '../model/use-reply-selection.js';
import { PromptTargetMenu } from './prompt-target-menu.js';
import './reply-next-step.css';

interface Props {
  messageId: string;
  /** The reply's text shown (the alternative in use), as Markdown. */
  markdown: string;
}

export function ReplyNextStep({ messageId, markdown }: Props) {
  const { t } = useTranslation('chat');
  const anchor = useRef<HTMLButtonElement>(null);
  const selected = useReplySelection(anchor);
  const sourceOf = useReplySource();
  const making = useReadAloudStore((s) => s.byMessage[messageId]?.state === 'making');
  if (!sourceOf) return null;
  const words = () => selected || plainWords(markdown);

  return (
    <>
      <button
        type="button"
        className="button chat-small"
        ref={anchor}
        data-read-aloud=""
        // Not disabled while the speech is made: a disabled button would drop the keyboard's focus.
        aria-disabled={making || undefined}
        // A press keeps the reply's selection: it is what is read.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          const text = words();
          void readAloud(sourceOf(messageId, text), text);
        }}
      >
        {selected ? t('nextStep.readSelection') : t('nextStep.readAloud')}
      </button>
      <PromptTargetMenu
        label={selected ? t('nextStep.useSelection') : t('nextStep.usePrompt')}
        onChoose={(target) => {
          const text = words();
          sendToPrompt(target, text, sourceOf(messageId, text));
        }}
      />
    </>
  );
}
