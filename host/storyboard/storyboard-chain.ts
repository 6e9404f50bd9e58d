/**
 * A storyboard's chain (docs/storyboards.md, "The chain"): each stage starts once its input is
 * saved. Pictures and videos are jobs in the host's queue, each written with its stage record in
 * one transaction (`enqueue(…, { within })`), so a kill between the two cannot queue a stage twice;
 * a narration's speech call is made by the queue's sender process (narration-speech.ts), its record
 * saying `sending` with the call's hand-off row before the call, so a start after a kill saves the
 * answer the sender kept, and a call whose fate is unknown is never made again by itself. The chain reads everything it decides
 * from the records and the jobs' states, so a start after a kill picks up where they say.
 */
import type { Shot, StageName } from '@shared/contract/storyboard.js';
import { msg } from '@shared/messages/index.js';
import type { LibraryItem } from '../library/library-item.js';
import { coreError } from '../errors.js';
import { asFailure } from '../tasks/job-submit.js';
import type { JobService } from '../tasks/job-service.js';
import type { JobSpec } from '../tasks/job-spec.js';
import type { JobState } from '../tasks/job-record.js';
import type { NarrationSpeech } from './narration-speech.js';
import { narrationInput, pictureLink, pictureSpec, videoSpec } from './stage-specs.js';
import { jobStage, shotViews, stageKey, type Board } from './stage-view.js';
import type { StageRow, StoryboardTable } from './storyboard-table.js';

/** Narrations made at once: speech answers in seconds, and a board of 50 must not flood the gateway. */
const SPEAKING_AT_ONCE = 2;
/** The job states after which a stage's chain moves on (or stops). */
const ENDED: readonly JobState[] = ['saved', 'attention', 'failed', 'timed_out', 'expired', 'unknown', 'cancelled'];

export interface ChainDeps {
  table: StoryboardTable;
  boards: Map<string, Board>;
  jobs: JobService;
  narration: NarrationSpeech;
  item(id: string): LibraryItem | undefined;
  now(): number;
  changed(boardId: string): void;
  log(line: string): void;
}

/** The stage's record changed while its job was being written: that write is dropped. */
class Superseded extends Error {}

export class StoryboardChain {
  /** Which board and stage each job (every try) belongs to. */
  private readonly byJob = new Map<string, { boardId: string; key: string }>();
  /** Stages being queued or called now, by `<board>/<shot>/<stage>`: never twice at once. */
  private readonly pending = new Set<string>();
  /** Bumped when a stage is reset: a write for an older request is dropped. */
  private readonly epochs = new Map<string, number>();
  /** Earlier jobs of a retried stage, carried into its next record. */
  private readonly carried = new Map<string, string[]>();
  private readonly due = new Set<string>();
  private speaking = 0;
  private readonly toSpeak: (() => void)[] = [];
  private readonly unwatch: () => void;
  private closed = false;

  constructor(private readonly d: ChainDeps) {
    const named = new Set<string>();
    for (const board of d.boards.values()) {
      for (const [key, rec] of board.stages) {
        if (rec.state === 'sending' && rec.jobId) named.add(rec.jobId);
        else if (rec.jobId) this.byJob.set(rec.jobId, { boardId: board.row.id, key });
      }
    }
    d.narration.sweep(named);
    this.unwatch = d.jobs.watch((job) => {
      const t = this.byJob.get(job.id);
      if (!t) return;
      d.changed(t.boardId);
      if (ENDED.includes(job.state)) this.advanceSoon(t.boardId);
    });
  }

  close(): void {
    this.closed = true;
    this.unwatch();
  }

  /** After a start: every running board goes on from where its records and jobs are. */
  resume(): void {
    this.recoverNarrations();
    for (const id of this.d.boards.keys()) this.advance(id);
  }

  /**
   * Narrations whose call was under way when the studio stopped (narration-speech.ts): one never
   * sent is made now; one the sender answered is saved; one whose call may have been paid is
   * not made again by itself, retryShot makes it again (docs/storyboards.md).
   */
  private recoverNarrations(): void {
    for (const board of this.d.boards.values()) {
      for (const [key, rec] of [...board.stages]) {
        if (rec.state !== 'sending') continue;
        const shot = board.row.shots.find((s) => s.id === rec.shotId);
        const found = rec.jobId ? this.d.narration.recover(rec.jobId, shot && narrationInput(board.row, shot)) : { kind: 'unknown' as const };
        if (found.kind === 'unsent') {
          board.stages.delete(key);
          this.d.table.removeStage(board.row.id, rec.shotId, rec.stage);
          this.d.narration.finish(rec.jobId!);
        } else if (found.kind === 'unknown') {
          this.settleNarration(board, rec, { state: 'failed', error: msg('storyboard.stage.narrationUnknown') });
        } else {
          this.saveAnswered(board, key, rec, found.item);
        }
      }
    }
  }

  /** A narration the sender answered while no host listened: its audio saved, its record written. */
  private saveAnswered(board: Board, key: string, rec: StageRow, item: Promise<LibraryItem>): void {
    const slot = `${board.row.id}/${key}`;
    this.pending.add(slot);
    void item.then(
      (it) => ({ state: 'done' as const, itemId: it.id }),
      (err: unknown) => ({ state: 'failed' as const, error: asFailure(err).text }),
    ).then((patch) => {
      if (this.d.boards.get(board.row.id) === board && board.stages.get(key) === rec) this.settleNarration(board, rec, patch);
    }).catch((err: unknown) => this.d.log(`storyboard: a narration's record could not be written: ${(err as Error).message}`)).finally(() => {
      this.pending.delete(slot);
      if (this.closed) return;
      this.d.changed(board.row.id);
      this.advanceSoon(board.row.id);
    });
  }

  /** A narration's outcome in its record (the call's row no longer named), then its hand-off row and file go. */
  private settleNarration(board: Board, rec: StageRow, patch: Partial<StageRow>): void {
    const { jobId, ...rest } = rec;
    this.record(board, { ...rest, ...patch });
    if (jobId) this.d.narration.finish(jobId);
  }

  private advanceSoon(boardId: string): void {
    if (this.due.has(boardId)) return;
    this.due.add(boardId);
    // Out of the job service's own change: the next stage is queued from a clean stack.
    setImmediate(() => {
      this.due.delete(boardId);
      if (!this.closed) this.advance(boardId);
    });
  }

  private record(board: Board, rec: StageRow): void {
    this.d.table.putStage(board.row.id, rec, this.d.now());
    board.stages.set(stageKey(rec.shotId, rec.stage), rec);
  }

  /** Starts every stage of a running board whose input is saved and which has not started. */
  advance(boardId: string): void {
    const board = this.d.boards.get(boardId);
    if (!board || !board.row.running || this.closed) return;
    const ids = [...board.stages.values()].flatMap((s) => (s.state === 'queued' && s.jobId ? [s.jobId] : []));
    const states = this.d.jobs.statesOf(ids);
    for (const shot of board.row.shots) {
      const picture = this.pictureOf(board, shot, states);
      if (picture === 'start') this.enqueue(board, shot, 'picture', () => pictureSpec(board.row, shot)!);
      const videoRec = this.settled(board, shot, 'video', states);
      if (typeof picture === 'object' && !videoRec) this.enqueue(board, shot, 'video', () => this.videoOf(board, shot, picture.itemId));
      if (shot.narration && !board.stages.has(stageKey(shot.id, 'narration'))) this.narrate(board, shot);
    }
    this.endIfOver(board);
    this.d.changed(boardId);
  }

  /**
   * A run ends once nothing of it is waiting or under way (every stage done, or stopped): an edit
   * afterwards starts nothing until the next run, which the page prices first.
   */
  private endIfOver(board: Board): void {
    const prefix = `${board.row.id}/`;
    if ([...this.pending].some((slot) => slot.startsWith(prefix))) return;
    const active = shotViews(board, this.d.jobs).some((s) => Object.values(s.stages).some((st) => st.state === 'waiting' || st.state === 'running'));
    if (active) return;
    const at = this.d.now();
    this.d.table.setRunning(board.row.id, false, at);
    board.row = { ...board.row, running: false, updatedAt: at };
  }

  /** The picture's item once saved; `start` when it is to be made; `wait` while it is made or stopped. */
  private pictureOf(board: Board, shot: Shot, states: Map<string, { state: JobState; libraryIds: string[] }>): { itemId: string } | 'start' | 'wait' {
    if (shot.picture.source === 'library') return { itemId: shot.picture.itemId };
    const rec = this.settled(board, shot, 'picture', states);
    if (!rec) return 'start';
    return rec.state === 'done' && rec.itemId ? { itemId: rec.itemId } : 'wait';
  }

  /** A stage's record; one whose job saved its file is written down as done (its job may leave the list later). */
  private settled(board: Board, shot: Shot, stage: StageName, states: Map<string, { state: JobState; libraryIds: string[] }>): StageRow | undefined {
    const rec = board.stages.get(stageKey(shot.id, stage));
    if (rec?.state !== 'queued') return rec;
    const view = jobStage(rec, this.d.jobs, states);
    if (view.state !== 'done' || !view.itemId) return rec;
    const done: StageRow = { ...rec, state: 'done', itemId: view.itemId };
    this.record(board, done);
    return done;
  }

  /** Queues one stage's job, its record written in the job's own transaction. */
  private enqueue(board: Board, shot: Shot, stage: StageName, spec: () => JobSpec | Promise<JobSpec>): void {
    const key = stageKey(shot.id, stage);
    const slot = `${board.row.id}/${key}`;
    if (this.pending.has(slot)) return;
    this.pending.add(slot);
    const epoch = this.epochs.get(slot) ?? 0;
    const tries = this.carried.get(slot) ?? [];
    const current = () => this.d.boards.get(board.row.id) === board && (this.epochs.get(slot) ?? 0) === epoch && !this.closed;
    void (async () => {
      const made = await spec();
      if (!current() || !board.row.running) return;
      await this.d.jobs.enqueue([made], {
        within: ([job]) => {
          // Reset, removed or cancelled while the job was being written: nothing of it is kept, nothing sent.
          if (!current() || !board.row.running) throw new Superseded();
          this.record(board, { shotId: shot.id, stage, state: 'queued', jobId: job.id, tries });
          this.byJob.set(job.id, { boardId: board.row.id, key });
        },
      });
      this.carried.delete(slot);
    })().catch((err: unknown) => {
      if (err instanceof Superseded || (err as { cause?: unknown }).cause instanceof Superseded) return;
      // Refused before it was queued (a rule of the model, no link to start from, a disk that refuses): only this shot stops.
      if (current()) this.record(board, { shotId: shot.id, stage, state: 'failed', error: asFailure(err).text, tries });
    }).finally(() => {
      this.pending.delete(slot);
      if (this.closed) return;
      this.d.changed(board.row.id);
      // A reset meanwhile may have left the stage to start again.
      if ((this.epochs.get(slot) ?? 0) !== epoch) this.advanceSoon(board.row.id);
    });
  }

  /**
   * The video's job, started from its picture's link as it is now: for a picture the board made,
   * asked of the gateway again (its links live 24 hours, and may die sooner); else the link saved
   * with the picture, while it lives. No link: refused, said (spec 4.7 takes only a link).
   */
  private async videoOf(board: Board, shot: Shot, itemId: string): Promise<JobSpec> {
    const item = this.d.item(itemId);
    let link = pictureLink(item, this.d.now());
    const jobId = board.stages.get(stageKey(shot.id, 'picture'))?.jobId;
    if (item?.kind === 'image' && jobId) {
      const fresh = await this.freshLink(jobId, itemId).catch(() => undefined);
      if (fresh) link = { link: fresh };
    }
    if ('error' in link) throw coreError('invalid_input', link.error);
    return videoSpec(board.row, shot, { itemId, link: link.link, name: item?.prompt });
  }

  private async freshLink(jobId: string, itemId: string): Promise<string | undefined> {
    const job = await this.d.jobs.archivedRecord(jobId);
    if (!job?.remoteId) return undefined;
    const links = await this.d.jobs.poller.freshLinks(job);
    const at = job.downloads.findIndex((dl) => dl.libraryId === itemId);
    return links[Math.max(0, at)] ?? links[0];
  }

  /** A narration: `sending` on disk before its call; its file, or why not, after. */
  private narrate(board: Board, shot: Shot): void {
    const key = stageKey(shot.id, 'narration');
    const slot = `${board.row.id}/${key}`;
    if (this.pending.has(slot)) return;
    this.pending.add(slot);
    const epoch = this.epochs.get(slot) ?? 0;
    const current = () => this.d.boards.get(board.row.id) === board && (this.epochs.get(slot) ?? 0) === epoch && board.row.running && !this.closed;
    this.whenSpeaking(async () => {
      const input = narrationInput(board.row, shot);
      if (!current() || !input || board.stages.has(key)) return;
      // The call's hand-off row first, then the record naming it (narration-speech.ts).
      const call = this.d.narration.prepare();
      const sending: StageRow = { shotId: shot.id, stage: 'narration', state: 'sending', ...(call ? { jobId: call } : {}), tries: this.carried.get(slot) ?? [] };
      this.record(board, sending);
      this.carried.delete(slot);
      this.d.changed(board.row.id);
      const patch = await this.d.narration.speak(call, input).then(
        (item) => ({ state: 'done' as const, itemId: item.id }),
        (err: unknown) => ({ state: 'failed' as const, error: asFailure(err).text }),
      );
      // Reset meanwhile (its words changed): this file stays in the Gallery, the stage starts again.
      if (this.d.boards.get(board.row.id) !== board || board.stages.get(key) !== sending) {
        if (call) this.d.narration.finish(call);
        return;
      }
      this.settleNarration(board, sending, patch);
    }).catch((err: unknown) => this.d.log(`storyboard: a narration's record could not be written: ${(err as Error).message}`)).finally(() => {
      this.pending.delete(slot);
      this.d.changed(board.row.id);
      this.advanceSoon(board.row.id);
    });
  }

  private whenSpeaking(work: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        this.speaking += 1;
        work().then(resolve, reject).finally(() => {
          this.speaking -= 1;
          this.toSpeak.shift()?.();
        });
      };
      if (this.speaking < SPEAKING_AT_ONCE) go();
      else this.toSpeak.push(go);
    });
  }

  /**
   * Forgets stages a change made stale (the dependency rule): a job not yet sent is cancelled
   * (nothing bought); one under way goes on and its file is kept in the Gallery, loose.
   */
  reset(board: Board, stages: readonly { shotId: string; stage: StageName }[]): void {
    for (const { shotId, stage } of stages) {
      const key = stageKey(shotId, stage);
      const slot = `${board.row.id}/${key}`;
      this.epochs.set(slot, (this.epochs.get(slot) ?? 0) + 1);
      this.carried.delete(slot);
      const rec = board.stages.get(key);
      if (!rec) continue;
      if (rec.jobId) this.forgetJob(rec.jobId);
      board.stages.delete(key);
    }
  }

  private forgetJob(jobId: string): void {
    this.byJob.delete(jobId);
    if (this.d.jobs.get(jobId)?.state === 'waiting') this.d.jobs.cancel(jobId);
  }

  /** Stops the chain: waiting jobs are cancelled and their stages read as not started. */
  cancel(board: Board): void {
    for (const [key, rec] of [...board.stages]) {
      if (rec.state !== 'queued' || !rec.jobId || this.d.jobs.get(rec.jobId)?.state !== 'waiting') continue;
      this.forgetJob(rec.jobId);
      board.stages.delete(key);
      this.d.table.removeStage(board.row.id, rec.shotId, rec.stage);
    }
  }

  /**
   * Makes a shot's failed stages again: a job paid for whose files were not saved, or whose
   * answer is late, is looked at again (nothing bought twice); any other is started anew.
   * Answers how many stages it restarted.
   */
  retry(board: Board, shotId: string, failed: readonly StageName[]): number {
    let n = 0;
    for (const stage of failed) {
      const key = stageKey(shotId, stage);
      const rec = board.stages.get(key);
      if (!rec) continue;
      const job = rec.jobId ? this.d.jobs.get(rec.jobId) : undefined;
      if (job && (job.state === 'attention' || job.state === 'timed_out' || (job.state === 'expired' && job.resultUrls.length > 0))) {
        try {
          this.d.jobs.checkAgain(job.id);
          n += 1;
          continue;
        } catch {
          // Nothing to look at again: made anew below.
        }
      }
      const slot = `${board.row.id}/${key}`;
      this.carried.set(slot, [...rec.tries, ...(rec.jobId ? [rec.jobId] : [])]);
      board.stages.delete(key);
      this.d.table.removeStage(board.row.id, shotId, stage);
      n += 1;
    }
    return n;
  }
}
