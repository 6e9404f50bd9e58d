/**
 * The prompt library (`prompts.*`, docs/prompts.md): its rows in the studio database, and the
 * items each prompt's jobs saved, added when the job service announces a job ended (host/events.ts).
 */
import { defineModule } from '../module.js';
import { PromptsService } from './prompts-service.js';
import { PromptsTable } from './prompts-table.js';

export const promptsModule = defineModule({
  name: 'prompts',
  open({ ports, now, emit, events, life, use }) {
    const { store } = use('settings');
    const jobs = use('tasks');
    const table = new PromptsTable(use('db').forDomain('prompts'));
    const service = new PromptsService({
      table,
      ports,
      now,
      language: () => store.get().language,
      jobItems: (jobId) => jobs.list().find((j) => j.id === jobId)?.downloads.flatMap((d) => (d.libraryId ? [d.libraryId] : [])) ?? [],
      onChange: (id) => emit('prompts.onDidChange', id ? { id } : {}),
    });
    const off = events.on('jobEnded', (e) => service.jobEnded(e.id, e.libraryIds));
    life.started('prompts', off);
    return service;
  },
  handlers: ({ use }) => {
    const prompts = use('prompts');
    const { current } = use('library');
    return {
      'prompts.list': (i) => prompts.list(i),
      'prompts.get': (i) => prompts.get(i.id),
      'prompts.save': (i) => prompts.save(i),
      'prompts.remove': (i) => prompts.remove(i.id),
      'prompts.restore': (i) => prompts.restore(i.id),
      'prompts.import': (i) => prompts.import(i.text),
      'prompts.export': (i) => prompts.export(i.ids),
      'prompts.link': (i) => prompts.link(i),
      'prompts.results': (i) => {
        const { itemIds, jobs, replies } = prompts.results(i.id);
        // Items removed from the library since are left out; the links stay for the record.
        const items = itemIds.flatMap((id) => current.current.get(id) ?? []).slice(0, i.limit ?? 48);
        return { items, jobs, replies };
      },
    };
  },
});
