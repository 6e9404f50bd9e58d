/**
 * The words of a reply's elements (code block labels, blocked images, tables), from one
 * useTranslation at the top of the reply. react-i18next's hook copies the i18n instance's
 * properties into a per-component wrapper on every mount; a long reply mounts hundreds of code
 * blocks with two hooks each, which cost 37 ms of main thread in a 20,000-token stream; and the
 * code blocks' labels, three lookups a block, another 10 ms.
 */
import { createContext, useContext } from 'react';
import type { UseTranslationResponse } from 'react-i18next';

export type MarkdownT = UseTranslationResponse<'markdown', undefined>['t'];

/** A code block's words, looked up once a reply rather than three times a block. */
export interface CodeWords {
  plain: string;
  copy: string;
  copied: string;
  copyFailed: string;
  copyLabel: string;
  copiedStatus: string;
  failedStatus: string;
}

export interface MarkdownWords {
  t: MarkdownT;
  code: CodeWords;
}

export function markdownWords(t: MarkdownT): MarkdownWords {
  return {
    t,
    code: {
      plain: t('code.plain'),
      copy: t('code.copy'),
      copied: t('code.copied'),
      copyFailed: t('code.copyFailed'),
      copyLabel: t('code.copyLabel'),
      copiedStatus: t('code.copiedStatus'),
      failedStatus: t('code.failedStatus'),
    },
  };
}

export const MarkdownWordsContext = createContext<MarkdownWords | null>(null);

function useWords(): MarkdownWords {
  const words = useContext(MarkdownWordsContext);
  if (!words) throw new Error('Markdown elements render inside <Markdown>, which provides their words.');
  return words;
}

export const useMarkdownT = (): MarkdownT => useWords().t;
export const useCodeWords = (): CodeWords => useWords().code;
