/**
 * The MCP calls running now, by call (docs/mcp.md): what `chat.onToolRun` reports, and the runs
 * this renderer asked for until their call returns. Kept outside react-query, like the stream
 * store: a run is not part of the stored conversation, progress may come many times a second,
 * and only the card of that call (and the composer's Stop) need to hear of it.
 */
import { useSyncExternalStore } from 'react';

export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface ToolRun {
  conversationId: string;
  messageId: string;
  /** The last progress the tool reported, if it reports any. */
  progress?: ToolProgress;
}

export interface ToolRunEvent {
  conversationId: string;
  messageId: string;
  callId: string;
  state: 'running' | 'ended';
  progress?: ToolProgress;
}

type Listener = () => void;

const runs = new Map<string, ToolRun>();
const listeners = new Set<Listener>();

const notify = () => listeners.forEach((l) => l());

export const toolRunStore = {
  /** A run began or reported progress (a new snapshot each time), or ended (forgotten). */
  apply(e: ToolRunEvent) {
    if (e.state === 'ended') return toolRunStore.end(e.callId);
    const before = runs.get(e.callId);
    // A `running` without progress (the start, or a tool that reports none) keeps what was shown.
    runs.set(e.callId, { conversationId: e.conversationId, messageId: e.messageId, progress: e.progress ?? before?.progress });
    notify();
  },

  /** This renderer asked for the run: running at once, before the host's first event arrives. */
  start(conversationId: string, messageId: string, callId: string) {
    if (runs.has(callId)) return;
    runs.set(callId, { conversationId, messageId });
    notify();
  },

  /** The run is over: its `ended` event, or its call returned (whichever comes first). */
  end(callId: string) {
    if (runs.delete(callId)) notify();
  },

  get: (callId: string) => runs.get(callId),

  /** Whether any call of the conversation runs now (the composer's Stop). */
  runningIn(conversationId: string): boolean {
    for (const run of runs.values()) if (run.conversationId === conversationId) return true;
    return false;
  },

  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The call's run while it runs; undefined otherwise. */
export function useToolRun(callId: string): ToolRun | undefined {
  return useSyncExternalStore(toolRunStore.subscribe, () => toolRunStore.get(callId));
}

export function useToolsRunning(conversationId: string): boolean {
  return useSyncExternalStore(toolRunStore.subscribe, () => toolRunStore.runningIn(conversationId));
}
