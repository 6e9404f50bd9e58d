/**
 * A conversation's title as shown: while it is the host's placeholder (the summary's `untitled`:
 * "New conversation", or "Image" for a first turn of images only) it is shown in the studio's
 * language; a title of the creator's or of the first message is shown as it is, whatever it says.
 */
import { createContext, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@shared/contract/chat.js';

/** What a title is shown from: its text, and whether that is the host's placeholder. */
export type ShownTitle = Pick<ConversationSummary, 'title' | 'untitled'>;

/**
 * The open conversation's title, given by its pane to the header that shows it: a new title (a
 * first message names the conversation) renders the header, not the whole pane.
 */
export const PaneTitleContext = createContext<ShownTitle>({ title: '' });

const PLACEHOLDERS = { conversation: 'defaultTitle.untitled', image: 'defaultTitle.image' } as const;

export function useShownTitle(): (c: ShownTitle) => string {
  const { t } = useTranslation('chat');
  return useCallback((c: ShownTitle) => (c.untitled ? t(PLACEHOLDERS[c.untitled]) : c.title), [t]);
}
