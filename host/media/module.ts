/**
 * The synchronous media calls (`attachments.*`, `images.*`, `speech.*`): the creator's reference
 * pictures, native image generation and speech, whose results go straight to the library. The
 * gateway client announces what they cost (host/events.ts); nothing here does.
 */
import { join } from 'node:path';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { defineModule } from '../module.js';
import { AttachmentStore } from './attachments.js';
import { generateNativeImage, synthesizeSpeech, type GeneratorDeps } from './generators.js';
import { referencesOf } from './item-references.js';

const MB = 1024 * 1024;

export const mediaModule = defineModule({
  name: 'media',
  async open({ ports, log, now, life, use }) {
    const { problems } = use('app');
    const { profiles, view } = use('settings');
    const { current } = use('library');
    const attachments = new AttachmentStore(join(ports.dataDir, 'attachments'), now, log, problems.reporter('attachment index'));
    // An index rebuilt from the pictures on disk is whole before a draft's attachment is looked up.
    await life.start('attachments', () => attachments.open(), () => attachments.close());
    const generators = (): GeneratorDeps => ({
      client: profiles.connect().client, library: current.saver, attachments, scratchDir: join(ports.dataDir, 'downloads'), now,
      maxAudioBytes: view().mediaLimits.audioMb * MB,
    });
    return { attachments, generators };
  },
  handlers: ({ log, use }) => {
    const { attachments, generators } = use('media');
    const { current } = use('library');
    return {
      'attachments.add': (i) => attachments.add(i.name, i.data),
      'attachments.remove': async (i) => {
        await attachments.remove(i.id);
        return {};
      },
      'attachments.fromItem': async (i) => {
        const item = current.current.get(i.itemId);
        if (!item) throw coreError('not_found', msg('app.settings.itemGone'));
        return { references: await referencesOf(item.params, attachments) };
      },
      'images.generateNative': async (i) => {
        // Kept for a later remix; a disk that refuses costs the remix its picture, never the job.
        await attachments.keep(i.attachmentIds ?? []).catch((err: unknown) => log(`attachments: not kept for a remix: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
        return generateNativeImage(generators(), i);
      },
      'speech.synthesize': (i) => synthesizeSpeech(generators(), i),
    };
  },
});
