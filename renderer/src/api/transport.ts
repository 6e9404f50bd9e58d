/**
 * The renderer's one door to the host, free of React: over Electron IPC when the desktop preload
 * exposed `window.studio`, else over the browser shell's HTTP + event stream. It is what the
 * first screen's early requests (first-screen.ts) run on before React is even evaluated;
 * everything else reaches it through client.ts.
 */
import { apiFromBridge } from '@shared/contract/bridge.js';
import type { Input, MethodName, Output, StudioApi, StudioBridge } from '@shared/contract/index.js';
import { errorData } from '@shared/contract/error-data.js';
import { msg } from '@shared/messages/message.js';
import { createHttpApi } from './http.js';

declare global {
  interface Window {
    studio?: StudioBridge;
  }
}

export const api: StudioApi = window.studio ? apiFromBridge(window.studio) : createHttpApi();

/** Invokes a contract call and unwraps its Result; a failure rejects with its ErrorData. */
export async function call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> {
  let result;
  try {
    result = await api.invoke(method, input);
  } catch {
    // A shell that throws (a dropped connection) still reaches the UI as data.
    throw errorData('internal', msg('app.calls.lostContact'), true);
  }
  if (result.ok) return result.value;
  // A 402 raises the top-up banner through the host's account.onDidRequirePayment (client.ts),
  // which names the profile it was refused for; the failure alone does not.
  throw result.error;
}

export { callKey, EMPTY } from './call-key.js';
