/** The synchronous media calls (`attachments.*`, `images.*`, `speech.*`): results go straight to the library. */
import type { DomainHandlers } from '../dispatch.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { generateNativeImage, synthesizeSpeech } from '../media/generators.js';
import { referencesOf } from '../media/item-references.js';
import type { CoreServices } from '../services.js';

export function mediaHandlers({ attachments, generators, afterBilledCall, library, log }: CoreServices): DomainHandlers<'attachments' | 'images' | 'speech'> {
  return {
    'attachments.add': (i) => attachments.add(i.name, i.data),
    'attachments.remove': async (i) => {
      await attachments.remove(i.id);
      return {};
    },
    'attachments.fromItem': async (i) => {
      const item = library.current.get(i.itemId);
      if (!item) throw coreError('not_found', msg('app.settings.itemGone'));
      return { references: await referencesOf(item.params, attachments) };
    },
    'images.generateNative': async (i) => {
      // Kept for a later remix; a disk that refuses costs the remix its picture, never the job.
      await attachments.keep(i.attachmentIds ?? []).catch((err: unknown) => log(`attachments: not kept for a remix: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
      try {
        return await generateNativeImage(generators(), i);
      } finally {
        afterBilledCall();
      }
    },
    'speech.synthesize': async (i) => {
      try {
        return await synthesizeSpeech(generators(), i);
      } finally {
        afterBilledCall();
      }
    },
  };
}
