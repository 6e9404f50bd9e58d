/*
 * The `electron` module a sandboxed preload sees (docs/desktop-harness.md, "Preload and
 * contextBridge"), installed in the preload's isolated world before the preload itself runs:
 * `contextBridge.exposeInMainWorld` over the world bridge, and `ipcRenderer` over a CDP binding
 * that exists in this world only (the page's main world cannot reach it). Arguments must survive
 * a structured clone, as Electron's IPC requires. `require` gives `electron` and refuses every
 * other module, as a sandboxed preload's does. This file is read as text and evaluated in the
 * page: it must stay plain browser JavaScript.
 */
(function installPreloadElectron(token, bridge, bindingName) {
  const binding = globalThis[bindingName];
  const post = (message) => binding(JSON.stringify(message));
  const pending = new Map();
  const listeners = new Map();
  let nextId = 1;

  const cloned = (args) => {
    try {
      return structuredClone(args);
    } catch {
      throw new Error('An object could not be cloned.');
    }
  };
  const channelOf = (channel) => {
    if (typeof channel !== 'string') throw new TypeError('The channel must be a string');
    return channel;
  };

  const ipcRenderer = {
    async invoke(channel, ...args) {
      const message = { kind: 'invoke', id: nextId++, channel: channelOf(channel), args: cloned(args) };
      return new Promise((resolve, reject) => {
        pending.set(message.id, { resolve, reject });
        post(message);
      });
    },
    send(channel, ...args) {
      post({ kind: 'send', channel: channelOf(channel), args: cloned(args) });
    },
    on(channel, listener) {
      if (!listeners.has(channelOf(channel))) listeners.set(channel, new Set());
      listeners.get(channel).add(listener);
      return ipcRenderer;
    },
    once(channel, listener) {
      const once = (...args) => {
        ipcRenderer.removeListener(channel, once);
        listener(...args);
      };
      return ipcRenderer.on(channel, once);
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    off(channel, listener) {
      return ipcRenderer.removeListener(channel, listener);
    },
    removeAllListeners(channel) {
      if (channel === undefined) listeners.clear();
      else listeners.delete(channel);
      return ipcRenderer;
    },
  };

  // Called by the emulated main process (Runtime.evaluate in this world only).
  globalThis.__studioIpcDeliver = (json) => {
    const m = JSON.parse(json);
    if (m.kind === 'reply') {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (p && m.ok) p.resolve(m.result);
      else if (p) p.reject(new Error(m.error));
    } else if (m.kind === 'message') {
      const event = { sender: ipcRenderer, senderId: 0, ports: [] };
      for (const listener of [...(listeners.get(m.channel) ?? [])]) {
        try {
          listener(event, ...m.args);
        } catch (error) {
          console.error(error);
        }
      }
    }
  };

  const api = { contextBridge: { exposeInMainWorld: (key, value) => bridge.expose(key, value) }, ipcRenderer };
  // An API the emulation lacks is reported, so a test fails on it rather than on its consequence.
  const electron = new Proxy(api, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target) && key !== '__esModule' && key !== 'default' && key !== 'then') {
        post({ kind: 'missing-api', name: `electron.${key} (preload)` });
      }
      return key === 'default' ? electron : target[key];
    },
  });

  globalThis[`__studioPreloadRequire_${token}`] = (name) => {
    if (name === 'electron') return electron;
    const error = new Error(`module not found: ${name}`);
    post({ kind: 'preload-error', message: `A sandboxed preload can require only 'electron': ${error.message}` });
    throw error;
  };
})
