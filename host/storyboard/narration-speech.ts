/**
 * A storyboard's narration bought once across kills (docs/storyboards.md, "Restart and pay
 * once"; docs/robust-host.md, "Speech through the sender"). Spec 4.10 answers the audio itself,
 * with no task to ask about later, so the call is made by the job queue's sender process, which
 * outlives a killed host: it writes the audio whole into `<dataDir>/narrations/<id>.audio`, then
 * `answered` into the call's hand-off row. A start reads the row: never sent (made again), answered
 * (the file saved to the library, nothing bought), still posting (waited on), or lost with its
 * sender (failed, "may have been paid", made again only when retried).
 *
 * Order of writes for one call: the row `ready`, then the stage record `sending` naming the row,
 * then the request; after the answer, the item, the stage record `done`, then the row and file go.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, link, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpeechInput } from '@shared/contract/media.js';
import { msg } from '@shared/messages/index.js';
import { GatewayFailure } from '../gateway/failure.js';
import { saveSpeech, synthesizeSpeech, type GeneratorDeps } from '../media/generators.js';
import type { LibraryItem } from '../library/library-item.js';
import { LIMITS } from '../gateway/limits.js';
import { SPEECH_ROW, type JobSender } from '../tasks/sender/job-sender.js';
import type { SpokenAudio } from '../tasks/sender/protocol.js';
import { partOf } from '../tasks/sender/speech-post.js';

/** The name under which an answer is handed to the library. */
const savingOf = (file: string) => `${file}.saving`;

export interface NarrationDeps {
  /** The job queue's sender; absent (a database in memory): narrations are called in-process. */
  sender?: JobSender;
  generators(): GeneratorDeps;
  /** Items of the library by kind, model and creation time: one an earlier save made. */
  savedAt(model: string, at: number): LibraryItem[];
  /** Where the sender writes the answered audio. */
  dir: string;
  log(line: string): void;
}

/** What a start found of a narration whose call was under way when the last session ended. */
export type NarrationRecovery = { kind: 'unsent' } | { kind: 'unknown' } | { kind: 'answered'; item: Promise<LibraryItem> };

export class NarrationSpeech {
  constructor(private readonly d: NarrationDeps) {}

  /** A new call's id, its hand-off row written `ready` (undefined without a sender): named by the stage record before the call. */
  prepare(): string | undefined {
    if (!this.d.sender) return undefined;
    const id = `${SPEECH_ROW}${randomUUID()}`;
    this.d.sender.rows.ready(id);
    return id;
  }

  /** Makes the call `prepare` named and saves its audio to the library. */
  async speak(id: string | undefined, input: SpeechInput): Promise<LibraryItem> {
    const g = this.d.generators();
    if (!id || !this.d.sender) return (await synthesizeSpeech(g, input)).item;
    // The lineage is the studio's own: the gateway gets the spec's fields only (spec 4.10).
    const { lineage: _mine, ...json } = input;
    const speech = { json, file: this.fileOf(id), maxBytes: g.maxAudioBytes ?? LIMITS.audioBytes };
    const audio = await this.d.sender.speak(id, g.client, speech);
    // No sender took it (its row taken back, so never sent by one): made here, as before, its row
    // gone first, so a kill during this call leaves its fate unknown rather than unsent.
    if (!audio) {
      this.finish(id);
      return (await synthesizeSpeech(g, input)).item;
    }
    return this.save(id, input, audio);
  }

  /**
   * At a start, a narration whose record says `sending` with the call `id`: the row taken back
   * when no sender claimed it; the audio saved when one answered (or once the one still posting
   * does); otherwise its fate is unknown.
   */
  recover(id: string, input: SpeechInput | undefined): NarrationRecovery {
    const sender = this.d.sender;
    if (!sender) return { kind: 'unknown' };
    // Taken back by an earlier start whose record was not yet cleared: still never sent.
    if (sender.rows.row(id)?.state === 'dropped') return { kind: 'unsent' };
    const found = sender.recover(id);
    if (found.kind === 'unsent') return { kind: 'unsent' };
    if (!input || found.kind === 'unknown') return { kind: 'unknown' };
    const answer = found.kind === 'answered' ? Promise.resolve(found.answer) : sender.watch(id);
    const item = answer.then((a) => {
      // The sender left without an answer: the call may have been paid, as for any lost call.
      if (!a) throw new GatewayFailure('internal', msg('storyboard.stage.narrationUnknown'), false, undefined, undefined, undefined, true);
      return this.save(id, input, sender.audioOf(a));
    });
    return { kind: 'answered', item };
  }

  /** Rows and files of calls no stage record names any more (a record reset, a board removed): cleared at a start. */
  sweep(named: Set<string>): void {
    const sender = this.d.sender;
    if (!sender) return;
    for (const row of sender.rows.all()) {
      if (!row.job_id.startsWith(SPEECH_ROW) || named.has(row.job_id)) continue;
      // One a living sender still posts is left to finish; the next start clears it.
      if (sender.recover(row.job_id).kind !== 'posting') this.finish(row.job_id);
    }
  }

  /** The audio saved once: an item an earlier session made from this answer is taken as it is. */
  private async save(id: string, input: SpeechInput, audio: SpokenAudio): Promise<LibraryItem> {
    const before = this.d.savedAt(input.model, audio.at).find((it) => it.kind === 'audio' && it.prompt === input.input);
    if (before) return before;
    // The library moves the file it is given: it gets a second name of the answer, so a kill in
    // the middle of its save leaves the answer itself for the next start (at worst saved twice,
    // never bought twice).
    const handed = savingOf(audio.file);
    await rm(handed, { force: true });
    await link(audio.file, handed).catch(() => copyFile(audio.file, handed));
    return saveSpeech(this.d.generators(), input, handed, audio, { callId: id });
  }

  private fileOf(id: string): string {
    return join(this.d.dir, `${id.slice(SPEECH_ROW.length)}.audio`);
  }

  /**
   * The call's outcome is in its stage record (written before this, so a kill between leaves the
   * row to say again what happened): its row, its file (if the library did not take it) and any
   * half-written one go.
   */
  finish(id: string): void {
    const file = this.fileOf(id);
    for (const f of [file, partOf(file), savingOf(file)]) {
      // Three unlinks at most, done at once and before the row: a row left by a kill is swept at the next start, files with it.
      try {
        rmSync(f, { force: true });
      } catch (err) {
        this.d.log(`storyboard: a narration's file stays: ${(err as Error).message}`);
      }
    }
    this.d.sender?.done(id);
  }
}
