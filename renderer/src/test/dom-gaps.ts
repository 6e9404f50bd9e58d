/**
 * What happy-dom lacks and the contract client needs at import: an EventSource (the browser
 * shell's event stream). Tests replace `api.subscribe` anyway (fake-host.ts), so it never connects.
 * Imported before anything that imports the client.
 */
if (typeof globalThis.EventSource === 'undefined') {
  class NoEventSource extends EventTarget {
    onmessage: ((event: MessageEvent) => void) | null = null;
    close(): void {}
  }
  (globalThis as { EventSource?: unknown }).EventSource = NoEventSource;
}
