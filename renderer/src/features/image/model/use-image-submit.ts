/**
 * Sending the Image form: one model, or the same prompt to each compared model. Every request is
 * checked first with the rules the host applies (image-draft.ts, `validate`); a single run the
 * host refuses leaves no result and marks the field at fault, the draft kept as it was. In a
 * compare run each model is adapted and checked on its own (one model's refusal shows in its cell
 * and never stops the others); the jobs go to the host's queue in one call (`tasks.submitBatch`),
 * written to disk before it answers, so the run finishes with the window closed
 * (docs/robust-host.md, "The job queue"). Models that answer at once are called as for one model.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.js';
import { linkPromptUse } from '../../../components/prompt-palette/prompt-fields.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import type { ImageJobRequest } from '@shared/contract/job-request.js';
import { isNativeImageModel } from '@shared/gateway/catalog.js';
import { useFormats } from '../../../i18n/format.js';
import { messageText } from '../../../i18n/messages.js';
import { asyncRequest, hostErrors, nativeRequest, validate, type FieldErrors, type ImageDraft } from './image-draft.js';
import { COMPARE_MAX, COMPARE_MIN, comparedDrafts, comparedModels } from './compared-models.js';
import type { Cell, ImageRuns, Outcome } from './use-image-runs.js';
import { withLineage, withNativeLineage } from '../../../state/lineage-store.js';

interface Options {
  draft: ImageDraft;
  runs: ImageRuns;
  /** A new run is added: the tab brings it into view. */
  onAdded(key: string): void;
  onErrors(errors: FieldErrors): void;
  onFailure(error: ErrorData | null): void;
  remember(prompt: string): void;
}

/** The settings a cell is sent with: what the results show, and the shape of its placeholders. */
const settingsOf = (d: ImageDraft): Omit<Cell, 'outcome'> =>
  isNativeImageModel(d.model) ? { model: d.model } : { model: d.model, size: d.size, resolution: d.resolution, n: d.n };

/** The draft's job request; image-draft.ts `validate` checked it by the same rules first, and the contract checks it again. */
const imageJobRequest = (d: ImageDraft) => asyncRequest(d) as ImageJobRequest;

/** Queues the compared models' jobs in one call; each cell follows its job (or shows the refusal). */
async function queueCells(key: string, cells: { d: ImageDraft; i: number }[], runs: ImageRuns): Promise<void> {
  if (cells.length === 0) return;
  try {
    const jobs = await call('tasks.submitBatch', { requests: cells.map(({ d }) => withLineage({ route: 'image' as const, request: imageJobRequest(d) })) });
    linkPromptUse('image', cells[0].d.prompt, { jobIds: jobs.map((j) => j.id) });
    jobs.forEach((job, k) => {
      runs.seedJob(job);
      runs.settle(key, cells[k].i, { kind: 'async', jobId: job.id });
    });
  } catch (e) {
    const err = e as ErrorData;
    for (const { i } of cells) runs.settle(key, i, { kind: 'refused', refusal: { message: messageText(err, 'en'), text: err.text } });
  }
}

/** One request sent; the answer as a cell's outcome (the library items go into the cache first). */
async function send(d: ImageDraft, runs: ImageRuns): Promise<{ outcome: Outcome; prompt: string; key?: string }> {
  if (isNativeImageModel(d.model)) {
    const { items, ...rest } = await call('images.generateNative', withNativeLineage(nativeRequest(d)));
    runs.seedItems(items);
    linkPromptUse('image', d.prompt, { itemIds: items.map((i) => i.id) });
    return { outcome: { kind: 'native', itemIds: items.map((i) => i.id), ...rest }, prompt: d.prompt.trim() };
  }
  const job = await call('tasks.submit', withLineage({ route: 'image', request: imageJobRequest(d) }));
  runs.seedJob(job);
  linkPromptUse('image', d.prompt, { jobIds: [job.id] });
  return { outcome: { kind: 'async', jobId: job.id }, prompt: job.prompt, key: job.id };
}

export function useImageSubmit({ draft, runs, onAdded, onErrors, onFailure, remember }: Options) {
  const { t } = useTranslation('image');
  const f = useFormats();
  const [busy, setBusy] = useState(false);

  const single = async () => {
    const found = validate(draft, t, f);
    if (Object.keys(found).length) return onErrors(found);
    onErrors({});
    setBusy(true);
    remember(draft.prompt);
    try {
      const { outcome, prompt, key = crypto.randomUUID() } = await send(draft, runs);
      runs.add({ key, prompt, compare: false, cells: [{ ...settingsOf(draft), outcome }] });
      onAdded(key);
    } catch (e) {
      // The draft is left exactly as it was: only the explanation and the marked field change.
      const err = e as ErrorData;
      onErrors(hostErrors(err, draft));
      onFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const compare = async () => {
    const models = comparedModels(draft);
    if (models.length < COMPARE_MIN || models.length > COMPARE_MAX) {
      return onErrors({ compareModels: t('compare.pickRange', { min: f.number(COMPARE_MIN), max: f.number(COMPARE_MAX) }) });
    }
    const drafts = comparedDrafts(draft);
    const problems = drafts.map((d) => validate(d, t, f));
    // Refused by every model (no prompt, say): shown at the fields, as for one model.
    if (problems.every((p) => Object.keys(p).length)) return onErrors(problems[Math.max(0, models.indexOf(draft.model))]);
    onErrors({});
    const key = crypto.randomUUID();
    const prompt = draft.prompt.trim();
    remember(prompt);
    runs.add({
      key,
      prompt,
      compare: true,
      cells: drafts.map((d, i) => {
        const wrong = Object.values(problems[i]);
        return { ...settingsOf(d), outcome: wrong.length ? { kind: 'refused', refusal: { message: wrong.join(' ') } } : { kind: 'pending' } };
      }),
    });
    onAdded(key);
    setBusy(true);
    const sendable = drafts.map((d, i) => ({ d, i })).filter(({ i }) => Object.keys(problems[i]).length === 0);
    await Promise.all([
      queueCells(key, sendable.filter(({ d }) => !isNativeImageModel(d.model)), runs),
      ...sendable.filter(({ d }) => isNativeImageModel(d.model)).map(async ({ d, i }) => {
        try {
          runs.settle(key, i, (await send(d, runs)).outcome);
        } catch (e) {
          const err = e as ErrorData;
          runs.settle(key, i, { kind: 'refused', refusal: { message: messageText(err, 'en'), text: err.text } });
        }
      }),
    ]);
    setBusy(false);
  };

  const submit = async () => {
    if (busy) return;
    onFailure(null);
    await (draft.compare ? compare() : single());
  };

  return { submit, busy };
}
