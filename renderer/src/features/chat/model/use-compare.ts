/**
 * Comparing models from the composer (docs/chat-versions.md, "Side by side"): whether it is on,
 * the targets the next message goes to (the conversation's own model first), and why Send waits
 * while one of them cannot take the message.
 */
import { useTranslation } from 'react-i18next';
import type { ChatSettings } from '@shared/contract/chat.js';
import { lacksImages, nextTarget, type CompareTarget } from './compare-targets.js';
import { apiLabel, toolsOn } from './settings-form.js';

export function useCompare(more: CompareTarget[] | undefined, change: (more: CompareTarget[] | undefined) => void, first: CompareTarget, settings: ChatSettings, hasImages: boolean) {
  const { t } = useTranslation('chat');
  const on = !!more?.length;
  const targets = on ? [first, ...more!] : undefined;
  const lacking = targets && lacksImages(targets, hasImages);
  const blocked = !targets
    ? undefined
    : toolsOn(settings.tools)
      ? t('compare.noTools')
      : lacking
        ? t('compare.noImages', { model: lacking.model, api: apiLabel(lacking.api, t) })
        : undefined;
  return { on, more: more ?? [], targets, blocked, toggle: () => change(on ? undefined : [nextTarget([first])]) };
}
