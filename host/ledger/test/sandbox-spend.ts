/**
 * The sandbox's true-spend record as the ledger's tests read it (docs/sandbox.md,
 * `GET /_sandbox/spend`), and a charge put in the same words as a ledger row's units, so a row
 * and the sandbox's charge can be matched.
 */
import type { LedgerRowView } from '@shared/contract/ledger.js';

export interface SpendRow { seq: number; model: string; kind: 'charge' | 'refund'; units: Record<string, number | string>; amount_units: number; task_id?: string }

export function spendKey(r: SpendRow): string {
  const u = r.units;
  if ('prompt_tokens' in u) return `${r.model} text ${u.prompt_tokens}/${u.completion_tokens}/${u.thinking_tokens}`;
  if ('resolution' in u) return `${r.model} image ${u.images}×${u.resolution}`;
  if ('images' in u) return `${r.model} native-image ${u.images}`;
  if ('seconds' in u) return `${r.model} video ${u.seconds}×${u.size}`;
  return `${r.model} speech ${u.characters}`;
}

/** A call's units (a ledger row's, or the engine's `BilledUnits`) in the same words. */
export function unitsKey(model: string, u: NonNullable<LedgerRowView['units']>): string {
  switch (u.kind) {
    case 'text': return `${model} text ${u.input}/${u.output}/${u.thinking}`;
    case 'image': return `${model} image ${u.images}×${u.resolution}`;
    case 'native-image': return `${model} native-image ${u.images}`;
    case 'video': return `${model} video ${u.seconds}×${u.size}`;
    case 'speech': return `${model} speech ${u.characters}`;
  }
}
