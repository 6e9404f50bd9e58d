/**
 * A single job (`tasks.submit`: the Image and Video tabs' Generate) goes through the host's job
 * queue like a Compare's (docs/robust-host.md, "The job queue"): a creator who clicks Generate
 * ten times with one model sends at most the per-model limit at once, the rest wait in the Tasks
 * tab; Pause queue holds a single job too. The page still gets the job's id in the answer, and a
 * submission the gateway refuses is still answered with the gateway's words, leaving no job.
 * A real HTTP hop in front of the sandbox holds the POSTs, to count what is under way at once.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_LIMITS } from '../queue/job-queue.js';
import { openChat } from '../chat/test/chat-harness.js';

const POST = '/v1/images/generations';
const image = (prompt: string) => ({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
type Answer = { ok: boolean; value?: { id: string; state: string; prompt: string }; error?: { code: string; message: string } };

async function open() {
  const c = await openChat();
  const submissions = async (): Promise<Record<string, number>> =>
    ((await (await fetch(`${c.sandboxUrl}/_sandbox/submissions`)).json()) as { prompts: Record<string, number> }).prompts;
  const tasks = async () => (await c.value('tasks.list')) as { id: string; prompt: string; state: string }[];
  return Object.assign(c, { submissions, tasks });
}

describe('a single job goes through the queue', () => {
  it('ten Generate clicks of one model: at most the per-model limit is sent at once, the rest wait in the Tasks tab, each bought once', async () => {
    const c = await open();
    const limit = DEFAULT_QUEUE_LIMITS.perModel;
    c.hop.hold(POST, 'POST');
    const prompts = Array.from({ length: 10 }, (_, i) => `a kite number ${i}`);
    const calls = prompts.map((p) => c.call('tasks.submit', image(p)) as Promise<Answer>);
    const answered: Answer[] = [];
    for (const call of calls) void call.then((a) => answered.push(a));

    await c.hop.arrived('POST', POST, limit);
    // Either the others answer that they wait, or one more POST reaches the gateway first.
    const others = c.until(async () => answered.length >= prompts.length - limit).then(() => 'the others wait');
    const oneMore = c.hop.arrived('POST', POST, limit + 1).then(() => 'one more was sent');
    expect(await Promise.race([others, oneMore])).toBe('the others wait');
    expect(c.hop.held()).toBe(limit);
    // Each waiting answer already names its job: the page follows it by that id.
    expect(answered.map((a) => a.ok && a.value!.state)).toEqual(Array(prompts.length - limit).fill('waiting'));
    const listed = await c.tasks();
    expect(listed.filter((t) => t.state === 'waiting').map((t) => t.id).sort()).toEqual(answered.map((a) => a.value!.id).sort());
    expect(listed.filter((t) => t.state === 'submitting')).toHaveLength(limit);
    expect(await c.value('tasks.queue')).toMatchObject({ waiting: prompts.length - limit, running: limit });

    c.hop.release();
    const all = await Promise.all(calls);
    expect(all.every((a) => a.ok)).toBe(true);
    await c.until(async () => (await c.tasks()).filter((t) => t.state === 'saved').length === prompts.length, 90_000);
    expect(await c.submissions()).toEqual(Object.fromEntries(prompts.map((p) => [p, 1])));
  });

  it('Pause queue holds a single job too: nothing is sent until Resume', async () => {
    const c = await open();
    await c.value('tasks.pauseQueue');
    const job = await c.value('tasks.submit', image('held by the pause'));
    expect(job.state).toBe('waiting');
    expect(c.hop.count('POST', POST)).toBe(0);
    expect(await c.value('tasks.queue')).toMatchObject({ paused: true, waiting: 1 });
    await c.value('tasks.resumeQueue');
    await c.until(async () => (await c.tasks()).find((t) => t.id === job.id)?.state === 'saved');
    expect(await c.submissions()).toEqual({ 'held by the pause': 1 });
  });

  it('a job the gateway rate-limits waits its turn and is sent again, instead of failing the click', async () => {
    const c = await open();
    c.hop.on(POST, { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '0' }, body: '{"error":{"message":"slow down"}}' }, 1, 'POST');
    const job = await c.value('tasks.submit', image('asked again later'));
    expect(job.id).toEqual(expect.any(String));
    await c.until(async () => (await c.tasks()).find((t) => t.id === job.id)?.state === 'saved');
    expect(c.hop.count('POST', POST)).toBe(2);
    expect(await c.submissions()).toEqual({ 'asked again later': 1 });
  });

  it.each([
    [400, 'invalid_request'],
    [401, 'unauthorized'],
    [402, 'payment_required'],
  ])('a submission the gateway refuses with %i is answered with its words where the creator clicked, and leaves no job', async (status, code) => {
    const c = await open();
    await c.admin('faults/fail', { status, match: POST, message: `refused with ${status}` });
    const r = (await c.call('tasks.submit', image('refused'))) as Answer;
    expect(r.ok).toBe(false);
    expect(r.error!.code).toBe(code);
    expect(r.error!.message).toContain(`refused with ${status}`);
    expect(await c.tasks()).toEqual([]);
    expect(c.events.filter((e) => e.event === 'tasks.onDidRemove')).toHaveLength(1);
    // The next click is sent as usual.
    const next = await c.value('tasks.submit', image('the next one'));
    await c.until(async () => (await c.tasks()).find((t) => t.id === next.id)?.state === 'saved');
  });
});
