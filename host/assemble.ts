/**
 * Builds the core from its modules (module.ts, modules.ts): opens them in order on the lifecycle,
 * then gathers their handlers into one dispatch table. A list that leaves a contract call without
 * a handler, gives one call two, or has a module use one not open yet is refused at start, by name,
 * before anything is served (docs/development.md, "Adding a domain").
 */
import { METHOD_NAMES, type MethodName } from '@shared/contract/index.js';
import type { Handlers } from './dispatch.js';
import type { Lifecycle } from './lifecycle.js';
import type { DomainModule, HostContext, ServiceName, Services } from './module.js';

export interface OpenedModules {
  ctx: HostContext;
  /** Starts what each module left from the last run (Core.resumeWork). */
  resume(): void;
}

/** Opens `modules` in order; each one's close runs newest first (lifecycle.ts). */
export async function openModules(modules: readonly DomainModule[], base: Omit<HostContext, 'use' | 'life'>, life: Lifecycle): Promise<OpenedModules> {
  const names = modules.map((m) => m.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`host modules: "${twice}" is listed twice`);
  const opened = new Map<ServiceName, unknown>();
  let opening: ServiceName | undefined;
  const ctx: HostContext = {
    ...base,
    life,
    use<K extends ServiceName>(name: K): Services[K] {
      if (!opened.has(name)) {
        throw new Error(`host modules: "${opening ?? 'a handler'}" uses "${name}", which ${names.includes(name) ? 'is listed after it' : 'is not listed'}`);
      }
      return opened.get(name) as Services[K];
    },
  };
  for (const m of modules) {
    opening = m.name;
    const service = await life.start(m.name, () => m.open(ctx), (s) => m.close?.(s as never));
    opened.set(m.name, service);
  }
  opening = undefined;
  return {
    ctx,
    resume() {
      for (const m of modules) m.resume?.(opened.get(m.name) as never);
    },
  };
}

/** Every contract call's handler, each from exactly one module. */
export function assembleHandlers(modules: readonly DomainModule[], ctx: HostContext): Handlers {
  const table: Partial<Record<MethodName, unknown>> = {};
  const owner = new Map<string, string>();
  for (const m of modules) {
    for (const [method, handler] of Object.entries(m.handlers?.(ctx) ?? {})) {
      const first = owner.get(method);
      if (first) throw new Error(`host modules: "${method}" is handled by both "${first}" and "${m.name}"`);
      if (!(METHOD_NAMES as string[]).includes(method)) throw new Error(`host modules: "${m.name}" handles "${method}", which the contract does not have`);
      owner.set(method, m.name);
      table[method as MethodName] = handler;
    }
  }
  const missing = METHOD_NAMES.filter((method) => !owner.has(method));
  if (missing.length) throw new Error(`host modules: no module handles ${missing.map((m) => `"${m}"`).join(', ')}`);
  return table as Handlers;
}
