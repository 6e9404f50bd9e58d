/** The synchronous media calls (`attachments.*`, `images.*`, `speech.*`): results go straight to the library. */
import type { DomainHandlers } from '../dispatch.js';
import { generateNativeImage, synthesizeSpeech } from '../media/generators.js';
import type { CoreServices } from '../services.js';

export function mediaHandlers({ attachments, generators, afterBilledCall }: CoreServices): DomainHandlers<'attachments' | 'images' | 'speech'> {
  return {
    'attachments.add': (i) => attachments.add(i.name, i.data),
    'attachments.remove': async (i) => {
      await attachments.remove(i.id);
      return {};
    },
    'images.generateNative': async (i) => {
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
