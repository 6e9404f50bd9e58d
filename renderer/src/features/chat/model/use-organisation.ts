/** The host's pins and folders, cached by react-query and replaced by each change's answer (organisation.ts). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatOrganisation } from '@shared/contract/chat-organise.js';
import { callKey, EMPTY } from '../../../api/call-key.js';
import { useCall } from '../../../api/client.js';

const KEY = callKey('chat.organisation', EMPTY);
const NONE: ChatOrganisation = { folders: [], placements: [] };

/** The organisation as the host last said, and `apply` for a change's answer. */
export function useOrganisation() {
  const client = useQueryClient();
  const query = useCall('chat.organisation', EMPTY);
  const apply = useCallback((o: ChatOrganisation): void => {
    client.setQueryData(KEY, { folders: o.folders, placements: o.placements });
  }, [client]);
  return { organisation: query.data ?? NONE, apply };
}
