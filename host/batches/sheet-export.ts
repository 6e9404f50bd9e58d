/**
 * The contact sheet's export (`batches.exportSheet`): one PNG grid with labels and its manifest.
 * Not built yet: the call answers with a clear message instead of failing to boot the studio.
 */
import type { TakeOutcome } from '@shared/contract/library.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import type { HostContext } from '../module.js';

export function exportSheet(_ctx: HostContext, _input: { id: string; rows: string; columns: string }): Promise<TakeOutcome> {
  return Promise.reject(coreError('conflict', msg('batches.sheet.unavailable')));
}
