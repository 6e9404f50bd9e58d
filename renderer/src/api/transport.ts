/**
 * The renderer's one door to the host, free of React: over Electron IPC when the desktop preload
 * exposed `window.studio`, else over the browser shell's HTTP + event stream. It is what the
 * first screen's early requests (app/first-screen.ts) run on before React is even evaluated;
 * everything else reaches it through client.ts.
 */
import { apiFromBridge } from '@shared/contract/bridge.js';
import type { Input, MethodName, Output, StudioApi, StudioBridge } from '@shared/contract/index.js';
import { errorData } from '@shared/contract/error-data.js';
import { msg } from '@shared/messages/message.js';
import { createHttpApi } from './http.js';
import { EMPTY } from './call-key.js';
import { connectionLost, connectionOpened, connectionState, setRetry } from './connection.js';

declare global {
  interface Window {
    studio?: StudioBridge;
  }
}

export const api: StudioApi = window.studio ? apiFromBridge(window.studio) : createHttpApi();

/** The desktop's pauses between asking a silent host side again (as the browser shell's stream does). */
const PROBE_FIRST_MS = 3_000;
const PROBE_MAX_MS = 30_000;
let probing = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeWait = PROBE_FIRST_MS;

function scheduleProbe() {
  probeTimer = setTimeout(runProbe, probeWait);
  probeWait = Math.min(PROBE_MAX_MS, probeWait * 2);
}

function runProbe() {
  probeTimer = undefined;
  // Any answer, even a refusal, is the host side answering.
  void api.invoke('app.info', EMPTY).then(hostAnswered, scheduleProbe);
}

/**
 * Desktop only: an IPC call the host side could not answer leaves the page `lost` (connection.ts),
 * and a cheap call is tried again, less and less often, until one is answered; `now` is "Try now".
 */
function probeHost(now = false) {
  if (now) {
    clearTimeout(probeTimer);
    probing = true;
    return runProbe();
  }
  if (probing) return;
  probing = true;
  scheduleProbe();
}

function hostAnswered() {
  if (probing) {
    clearTimeout(probeTimer);
    probing = false;
    probeWait = PROBE_FIRST_MS;
  }
  if (connectionState().state === 'lost') connectionOpened();
}

if (window.studio) setRetry(() => probeHost(true));

const answeredWithError = (err: unknown) => err instanceof Error && err.message.startsWith('Error invoking remote method');

/** Invokes a contract call and unwraps its Result; a failure rejects with its ErrorData. */
export async function call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> {
  let result;
  try {
    result = await api.invoke(method, input);
  } catch (err) {
    // A shell that throws (a dropped connection) still reaches the UI as data, and the page says
    // it lost its host (the browser shell's stream says so itself, and tries again by itself).
    // Electron's "Error invoking remote method" is the main process answering with an error: the
    // host is there, only this call failed; taken for a loss, every probe that found the host
    // would make the page read everything again, and the failing call with it.
    if (answeredWithError(err)) throw errorData('internal', msg('app.calls.failed'), true);
    if (window.studio) {
      connectionLost();
      probeHost();
    }
    throw errorData('internal', msg('app.calls.lostContact'), true);
  }
  if (window.studio) hostAnswered();
  if (result.ok) return result.value;
  // A 402 raises the top-up banner through the host's account.onDidRequirePayment (client.ts),
  // which names the profile it was refused for; the failure alone does not.
  throw result.error;
}

export { callKey, EMPTY } from './call-key.js';
