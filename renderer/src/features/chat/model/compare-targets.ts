/**
 * The models a message goes to when the creator compares (docs/chat-versions.md, "Side by side"):
 * the conversation's own model first, then one to three more, each through an API that takes it.
 * Kept in the composer's draft, so they stay while the creator writes and after a reload.
 */
import type { CompareTarget } from '@shared/contract/chat-compare.js';
import { COMPARE_MAX } from '@shared/contract/chat-compare-limits.js';
import { TEXT_API_FEATURES, TEXT_MODELS, textModel } from '@shared/gateway/catalog.js';
import type { ChatApi } from './settings-form.js';

export type { CompareTarget };

/** How many models may be added beside the conversation's own. */
export const MORE_MAX = COMPARE_MAX - 1;

/** A model to add: of another vendor than those chosen already, through its first API. */
export function nextTarget(chosen: readonly CompareTarget[]): CompareTarget {
  const vendors = new Set(chosen.map((t) => textModel(t.model).vendor));
  const ids = new Set(chosen.map((t) => t.model));
  const pick = TEXT_MODELS.find((m) => !vendors.has(m.vendor)) ?? TEXT_MODELS.find((m) => !ids.has(m.id)) ?? TEXT_MODELS[0];
  return { model: pick.id, api: pick.apis[0] ?? 'chat' };
}

/** The APIs that take a model (a model the catalog does not know goes through chat completions). */
export const apisOf = (model: string): readonly ChatApi[] => textModel(model.trim()).apis;

/** Another model in a row: its API kept if the model takes it, else the model's first. */
export function withModel(target: CompareTarget, model: string): CompareTarget {
  const apis = apisOf(model);
  return { model, api: apis.includes(target.api) ? target.api : (apis[0] ?? 'chat') };
}

/** The first target whose API cannot carry the message's images, if any. */
export const lacksImages = (targets: readonly CompareTarget[], hasImages: boolean) =>
  hasImages ? targets.find((t) => !TEXT_API_FEATURES[t.api].images) : undefined;
