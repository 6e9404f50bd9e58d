/*
 * contextBridge between the page's main world and the preload's isolated world
 * (docs/desktop-harness.md, "How it runs"). The same function is installed in both
 * worlds with one random token; the worlds share only the DOM, so each side talks to the other by
 * synchronous CustomEvents on `document`, whose `detail` Chromium clones from one world to the
 * other. As Electron's contextBridge does, values are copied (prototypes dropped), functions and
 * promises become proxies that call back across, errors keep their message, and what cannot be
 * cloned throws. The page's scripts run after both sides are installed and never learn the token.
 * This file is read as text and evaluated in the page: it must stay plain browser JavaScript.
 */
(function installWorldBridge(token, side) {
  const other = side === 'main' ? 'preload' : 'main';
  const inbox = `studio-bridge-${token}-${side}`;
  const outbox = `studio-bridge-${token}-${other}`;
  // Taken before any page script runs: the page may replace the globals later.
  const dispatch = EventTarget.prototype.dispatchEvent;
  const listen = EventTarget.prototype.addEventListener;
  const Custom = CustomEvent;
  const clone = structuredClone;
  const doc = document;
  const local = new Map();
  const waiting = new Map();
  const replies = new Map();
  let nextId = 1;

  const send = (message) => {
    const seq = nextId++;
    dispatch.call(doc, new Custom(outbox, { detail: { ...message, seq } }));
    const reply = replies.get(seq);
    replies.delete(seq);
    return reply;
  };
  const messageOf = (error) => (error && typeof error.message === 'string' ? error.message : String(error));

  const encode = (value) => {
    if (typeof value === 'function') {
      const id = nextId++;
      local.set(id, value);
      return { fn: id };
    }
    if (value && typeof value.then === 'function' && value instanceof Promise) {
      const id = nextId++;
      value.then(
        (v) => send({ type: 'settle', id, ok: true, value: encode(v) }),
        (e) => send({ type: 'settle', id, ok: false, error: messageOf(e) }),
      );
      return { promise: id };
    }
    if (Array.isArray(value)) return { array: value.map(encode) };
    if (value instanceof Error) return { error: value.message };
    if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer)
      && !(value instanceof Date) && !(value instanceof RegExp) && !(value instanceof Map) && !(value instanceof Set) && !(value instanceof Blob)) {
      const object = {};
      for (const key of Object.keys(value)) object[key] = encode(value[key]);
      return { object };
    }
    // Primitives and the structured-clone types: the event copies them. What it could not copy
    // (a DOM node, a symbol) fails here, as contextBridge fails.
    try {
      clone(value);
    } catch {
      throw new Error('An object could not be cloned.');
    }
    return { value };
  };

  const decode = (enc) => {
    if ('fn' in enc) {
      const id = enc.fn;
      return function bridged(...args) {
        const reply = send({ type: 'call', id, args: args.map(encode) });
        if (!reply) throw new Error('The other side of the bridge is gone.');
        if (reply.threw) throw new Error(reply.error);
        return decode(reply.value);
      };
    }
    if ('promise' in enc) return new Promise((resolve, reject) => waiting.set(enc.promise, { resolve, reject }));
    if ('array' in enc) return enc.array.map(decode);
    if ('object' in enc) {
      const object = {};
      for (const key of Object.keys(enc.object)) object[key] = decode(enc.object[key]);
      return object;
    }
    if ('error' in enc) return new Error(enc.error);
    return enc.value;
  };

  const answer = (seq, reply) => dispatch.call(doc, new Custom(outbox, { detail: { type: 'reply', seq, ...reply } }));

  listen.call(doc, inbox, (event) => {
    const m = event.detail;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'reply') {
      replies.set(m.seq, m);
    } else if (m.type === 'call') {
      const fn = local.get(m.id);
      try {
        if (!fn) throw new Error('A function of the bridge was called after it was released.');
        answer(m.seq, { value: encode(fn(...m.args.map(decode))) });
      } catch (error) {
        answer(m.seq, { threw: true, error: messageOf(error) });
      }
    } else if (m.type === 'settle') {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (w && m.ok) w.resolve(decode(m.value));
      else if (w) w.reject(new Error(m.error));
    } else if (m.type === 'expose' && side === 'main') {
      // As contextBridge.exposeInMainWorld: a copy of the API under `key`, deeply frozen ("copied
      // and frozen", Electron's documentation says), which the page cannot replace. Values passed
      // later through its functions are not frozen.
      const deepFreeze = (v) => {
        if ((typeof v === 'object' && v !== null) || typeof v === 'function') {
          Object.freeze(v);
          for (const key of Object.keys(v)) deepFreeze(v[key]);
        }
        return v;
      };
      Object.defineProperty(window, m.key, { value: deepFreeze(decode(m.api)), enumerable: true, writable: false, configurable: false });
      answer(m.seq, {});
    }
  });

  return {
    expose(key, api) {
      if (typeof key !== 'string' || key === '') throw new TypeError('exposeInMainWorld needs a key');
      if (!send({ type: 'expose', key, api: encode(api) })) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
    },
  };
})
