/**
 * Storyboards (docs/storyboards.md): boards kept in the studio database, checked as a run would
 * send them before anything is kept, edited by their whole shot list (the dependency rule resets
 * only the stages a change makes stale), priced before a run, and run by the chain
 * (storyboard-chain.ts), which lives in the host: the window may close.
 */
import { randomUUID } from 'node:crypto';
import type { BudgetCheck } from '@shared/contract/budgets.js';
import type { QuoteInput, QuoteView } from '@shared/contract/ledger-quote.js';
import { STAGES, type BoardEstimate, type BoardInput, type BoardSummary, type BoardView, type StageName } from '@shared/contract/storyboard.js';
import { msg, type Message } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import type { LibraryItem } from '../library/library-item.js';
import { asFailure } from '../tasks/job-submit.js';
import type { JobService } from '../tasks/job-service.js';
import { specOf } from '../tasks/job-spec.js';
import { LINK_STAND_IN, narrationInput, pictureLink, pictureSpec, ratioRefusal, staleStages, videoSpec } from './stage-specs.js';
import { boardView, shotViews, type Board } from './stage-view.js';
import type { NarrationSpeech } from './narration-speech.js';
import { StoryboardChain } from './storyboard-chain.js';
import type { BoardRow, StoryboardTable } from './storyboard-table.js';

/** At most this often per board is a change told to the page. */
export const CHANGE_EVERY_MS = 150;

export interface StoryboardDeps {
  table: StoryboardTable;
  jobs: JobService;
  /** How a narration's speech call is made and, after a kill, recovered (narration-speech.ts). */
  narration: NarrationSpeech;
  item(id: string): LibraryItem | undefined;
  quote(input: QuoteInput): QuoteView;
  budget(estimate: { money?: number }): BudgetCheck;
  now(): number;
  log(line: string): void;
  onChange(view: BoardView): void;
  onRemove(id: string): void;
}

export class StoryboardService {
  private readonly boards = new Map<string, Board>();
  private readonly chain: StoryboardChain;
  private readonly due = new Map<string, NodeJS.Timeout>();

  constructor(private readonly d: StoryboardDeps) {
    for (const { board, stages } of d.table.all()) {
      this.boards.set(board.id, { row: board, stages: new Map(stages.map((s) => [`${s.shotId}/${s.stage}`, s])) });
    }
    this.chain = new StoryboardChain({
      table: d.table, boards: this.boards, jobs: d.jobs, narration: d.narration, item: d.item, now: d.now, log: d.log,
      changed: (id) => this.changedLater(id),
    });
  }

  /** Once the window is served: running boards go on (module `resume`). */
  resume(): void {
    this.chain.resume();
  }

  close(): void {
    this.chain.close();
    for (const t of this.due.values()) clearTimeout(t);
    this.due.clear();
  }

  /**
   * Each shot checked as a run would send it; throws naming the first shot refused. Nothing
   * written. `videoKept`: a shot whose video is done and stays so needs no link to its picture.
   */
  private check(input: BoardInput, id: string, videoKept: (shotId: string) => boolean = () => false): void {
    const facts = { id, title: input.title, aspectRatio: input.aspectRatio };
    const seen = new Set<string>();
    input.shots.forEach((shot, i) => {
      const refuse = (message: Message) => {
        throw coreError('invalid_input', msg('storyboard.shot.refused', { shot: i + 1, message }), `shots.${i}`);
      };
      if (seen.has(shot.id)) throw coreError('invalid_input', msg('storyboard.board.sameShot'), `shots.${i}.id`);
      seen.add(shot.id);
      const ratio = ratioRefusal(facts, shot);
      if (ratio) refuse(ratio);
      let link = LINK_STAND_IN;
      let itemId: string | undefined;
      if (shot.picture.source === 'library') {
        itemId = shot.picture.itemId;
        const item = this.d.item(itemId);
        const found = pictureLink(item, this.d.now());
        if ('link' in found) link = found.link;
        // Its link dies 24 hours after the save; a video already made from it does not need it.
        else if (!(item?.kind === 'image' && videoKept(shot.id))) refuse(found.error);
      }
      try {
        const picture = pictureSpec(facts, shot);
        // As read back before a send (job-spec.ts): the model's own rules, the field named.
        if (picture) this.d.jobs.prepare(specOf({ route: 'generic', kind: 'image', params: picture.request }));
        this.d.jobs.prepare(specOf({ route: 'generic', kind: 'video', params: videoSpec(facts, shot, { itemId, link }).request }));
      } catch (err) {
        refuse(asFailure(err).text);
      }
    });
  }

  create(input: BoardInput): BoardView {
    const id = randomUUID();
    this.check(input, id);
    const now = this.d.now();
    const row: BoardRow = { id, title: input.title, aspectRatio: input.aspectRatio, shots: input.shots, running: false, createdAt: now, updatedAt: now };
    this.d.table.putBoard(row);
    this.boards.set(id, { row, stages: new Map() });
    return this.told(id);
  }

  /** The new title, ratio and shot list; the stages the change made stale are reset (docs/storyboards.md, "Editing"). */
  update(input: BoardInput & { id: string }): BoardView {
    const board = this.require(input.id);
    const before = board.row;
    const after: BoardRow = { ...before, title: input.title, aspectRatio: input.aspectRatio, shots: input.shots, updatedAt: this.d.now() };
    const kept = new Map(input.shots.map((s) => [s.id, s]));
    const stale: { shotId: string; stage: StageName }[] = [];
    for (const old of before.shots) {
      const next = kept.get(old.id);
      const stages = next ? staleStages({ board: before, shot: old }, { board: after, shot: next }) : STAGES;
      for (const stage of stages) stale.push({ shotId: old.id, stage });
    }
    // Records of shots no longer listed (or never listed) go too.
    const listed = new Set(before.shots.map((s) => s.id));
    for (const rec of board.stages.values()) if (!listed.has(rec.shotId)) stale.push({ shotId: rec.shotId, stage: rec.stage });
    const doneVideos = new Set(shotViews(board, this.d.jobs).filter((s) => s.stages.video.state === 'done').map((s) => s.id));
    this.check(input, input.id, (shotId) => doneVideos.has(shotId) && !stale.some((x) => x.shotId === shotId && x.stage === 'video'));
    this.d.table.updateBoard(after, stale);
    this.chain.reset(board, stale);
    board.row = after;
    this.chain.advance(board.row.id);
    return this.told(board.row.id);
  }

  list(): BoardSummary[] {
    return [...this.boards.values()].map((b) => {
      const shots = shotViews(b, this.d.jobs);
      const count = (state: string) => shots.reduce((n, s) => n + Object.values(s.stages).filter((x) => x.state === state).length, 0);
      const { id, title, aspectRatio, running, createdAt, updatedAt } = b.row;
      return { id, title, aspectRatio, running, createdAt, updatedAt, shots: shots.length, done: count('done'), failed: count('failed') };
    }).sort((a, b) => b.createdAt - a.createdAt);
  }

  get(id: string): BoardView {
    return boardView(this.require(id), this.d.jobs);
  }

  /** Forgets a board; its waiting jobs are cancelled, jobs under way and saved files stay. */
  remove(id: string): boolean {
    const board = this.boards.get(id);
    if (!board) return false;
    this.chain.cancel(board);
    this.chain.reset(board, [...board.stages.values()].map((s) => ({ shotId: s.shotId, stage: s.stage })));
    this.d.table.remove(id);
    this.boards.delete(id);
    clearTimeout(this.due.get(id));
    this.due.delete(id);
    this.d.onRemove(id);
    return true;
  }

  /** The stages a run would make now (not done, not under way), their summed quotes and the budgets' verdict. */
  estimate(id: string): BoardEstimate {
    const board = this.require(id);
    const shots = shotViews(board, this.d.jobs);
    const stages: BoardEstimate['stages'] = [];
    const quotes: QuoteView[] = [];
    for (const [i, view] of shots.entries()) {
      const shot = board.row.shots[i];
      const todo = (stage: StageName) => ['idle', 'failed'].includes(view.stages[stage].state) || (view.stages[stage].state === 'waiting' && !view.stages[stage].jobId);
      const picture = pictureSpec(board.row, shot);
      if (picture && todo('picture')) {
        stages.push({ shotId: shot.id, stage: 'picture' });
        quotes.push(this.d.quote({ route: 'image', request: picture.request }));
      }
      if (todo('video')) {
        stages.push({ shotId: shot.id, stage: 'video' });
        quotes.push(this.d.quote({ route: 'video-generations', request: videoSpec(board.row, shot, { link: LINK_STAND_IN }).request }));
      }
      const narration = narrationInput(board.row, shot);
      if (narration && todo('narration')) {
        stages.push({ shotId: shot.id, stage: 'narration' });
        quotes.push(this.d.quote({ route: 'speech', model: narration.model, characters: narration.input.length }));
      }
    }
    const unpriced = quotes.filter((q) => q.money === undefined).length;
    const sum = (f: (q: QuoteView) => number | undefined) => quotes.reduce((n, q) => n + (f(q) ?? 0), 0);
    const basis = unpriced > 0 ? 'unpriced' : quotes.some((q) => q.basis === 'estimated') ? 'estimated' : 'user';
    const money = unpriced === 0 && quotes.length ? sum((q) => q.money) : undefined;
    const cost = {
      basis, unpriced, ...(money !== undefined ? { money, low: sum((q) => q.range?.low ?? q.money), high: sum((q) => q.range?.high ?? q.money) } : {}),
    } as BoardEstimate['cost'];
    return { jobs: stages.length, stages, cost, budget: this.d.budget(money !== undefined ? { money } : {}) };
  }

  /** Starts the chain (or lets it go on): every stage not done is made once its input is saved. */
  run(id: string): BoardView {
    const board = this.require(id);
    this.setRunning(board, true);
    this.chain.advance(id);
    return this.told(id);
  }

  /** Stops the chain: waiting jobs cancelled (nothing bought); what is under way goes on. */
  cancel(id: string): BoardView {
    const board = this.require(id);
    this.setRunning(board, false);
    this.chain.cancel(board);
    return this.told(id);
  }

  /** Makes the shot's failed stages again, and only them; the board runs on. */
  retryShot(id: string, shotId: string): BoardView {
    const board = this.require(id);
    const view = shotViews(board, this.d.jobs).find((s) => s.id === shotId);
    if (!view) throw coreError('not_found', msg('storyboard.board.noShot'), 'shotId');
    const failed = STAGES.filter((s) => view.stages[s].state === 'failed');
    if (!failed.length || this.chain.retry(board, shotId, failed) === 0) throw coreError('conflict', msg('storyboard.board.nothingToRetry'));
    this.setRunning(board, true);
    this.chain.advance(id);
    return this.told(id);
  }

  private setRunning(board: Board, running: boolean): void {
    if (board.row.running === running) return;
    const at = this.d.now();
    this.d.table.setRunning(board.row.id, running, at);
    board.row = { ...board.row, running, updatedAt: at };
  }

  private require(id: string): Board {
    const b = this.boards.get(id);
    if (!b) throw coreError('not_found', msg('storyboard.board.gone'));
    return b;
  }

  /** Told to every window now (the creator acted). */
  private told(id: string): BoardView {
    const view = this.get(id);
    this.d.onChange(view);
    return view;
  }

  /** Told gathered: at most once per CHANGE_EVERY_MS per board, as its stages move. */
  private changedLater(id: string): void {
    if (this.due.has(id)) return;
    const t = setTimeout(() => {
      this.due.delete(id);
      if (this.boards.has(id)) this.d.onChange(this.get(id));
    }, CHANGE_EVERY_MS);
    t.unref?.();
    this.due.set(id, t);
  }
}
