/**
 * Places where one feature shows another's UI without importing it: a feature never imports
 * another (docs/architecture.md, "The renderer's layers"), so app/ fills these slots
 * (app/feature-slots.tsx) and the page's shell provides them. A slot takes plain data and
 * callbacks, typed here, and gives what to draw, so neither side knows the other's files.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface FeatureSlots {
  /** Settings → "MCP servers": adding, checking and removing the studio's own servers (features/mcp/). */
  mcpServers(): ReactNode;
  /** Chat → Tools: which of those servers offer their tools to this conversation (features/mcp/). */
  mcpServerChoice(props: { chosen: readonly string[]; onChange(ids: string[]): void }): ReactNode;
}

const Slots = createContext<FeatureSlots | null>(null);

export const FeatureSlotsProvider = Slots.Provider;

/** The slots app/ filled; a missing provider is a wiring mistake, said at once. */
export function useFeatureSlots(): FeatureSlots {
  const slots = useContext(Slots);
  if (!slots) throw new Error('No FeatureSlotsProvider above this feature (app/App.tsx provides it).');
  return slots;
}
