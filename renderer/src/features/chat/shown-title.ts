/**
 * A conversation's title as shown: the titles the host gives one before it has words of its own
 * ("New conversation", or "Image" for a first turn of images only; host/chat/
 * conversation-file.ts) are its data, stored in English, and are shown in the studio's language.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const DEFAULTS = { 'New conversation': 'defaultTitle.untitled', Image: 'defaultTitle.image' } as const;

export function useShownTitle(): (title: string) => string {
  const { t } = useTranslation('chat');
  return useCallback((title: string) => (title in DEFAULTS ? t(DEFAULTS[title as keyof typeof DEFAULTS]) : title), [t]);
}
