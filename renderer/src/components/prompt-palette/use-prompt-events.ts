/** Keeps the library's answers current: a prompt saved, removed, imported or used anywhere refreshes them. */
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../api/client.js';

export function usePromptEvents() {
  const client = useQueryClient();
  useEvent('prompts.onDidChange', () => {
    void client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('prompts.') });
  });
}
