/**
 * Storyboards (`storyboard.*`, docs/storyboards.md): boards in the studio database, run as a chain
 * of jobs in the host's queue and speech calls, going on with the window closed and after a
 * restart (`resume`). Below tasks, media, the quote module and budgets, which it uses.
 */
import { defineModule } from '../module.js';
import { quoteOf } from '../ledger/quote.js';
import { join } from 'node:path';
import { NarrationSpeech } from './narration-speech.js';
import { StoryboardService } from './storyboard-service.js';
import { StoryboardTable } from './storyboard-table.js';

export const storyboardModule = defineModule({
  name: 'storyboard',
  open({ ports, use, now, emit, log }) {
    const { current } = use('library');
    const { generators } = use('media');
    const { prices } = use('ledger-quote');
    const { service } = use('ledger');
    const { profiles } = use('settings');
    const budgets = use('budgets');
    const jobs = use('tasks');
    const narration = new NarrationSpeech({
      sender: jobs.sender, generators, log, dir: join(ports.dataDir, 'narrations'),
      savedAt: (model, at) => current.current.list({ kind: 'audio', model, from: at, to: at, limit: 100 }).items,
    });
    return new StoryboardService({
      table: new StoryboardTable(use('db').forDomain('storyboard')),
      jobs,
      narration,
      item: (id) => current.current.get(id),
      quote: (input) => quoteOf(input, prices.engine(), service.learnerOf(profiles.activeId())),
      budget: (estimate) => budgets.check({ profileId: profiles.activeId(), estimate }),
      now,
      log,
      onChange: (view) => emit('storyboard.onDidChange', view),
      onRemove: (id) => emit('storyboard.onDidRemove', { id }),
    });
  },
  close: (boards) => boards.close(),
  resume: (boards) => boards.resume(),
  handlers: ({ use }) => {
    const boards = use('storyboard');
    return {
      'storyboard.list': () => boards.list(),
      'storyboard.get': (i) => boards.get(i.id),
      'storyboard.create': (i) => boards.create(i),
      'storyboard.update': (i) => boards.update(i),
      'storyboard.remove': (i) => ({ removed: boards.remove(i.id) }),
      'storyboard.estimate': (i) => boards.estimate(i.id),
      'storyboard.run': (i) => boards.run(i.id),
      'storyboard.retryShot': (i) => boards.retryShot(i.id, i.shotId),
      'storyboard.cancel': (i) => boards.cancel(i.id),
    };
  },
});
