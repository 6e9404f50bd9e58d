/**
 * The contract is its domains' list merged (shared/contract/domains.ts): a call or event declared
 * by two domains stops the merge, and a domain file whose maps are missing from the list would
 * leave its calls unreachable, so every map the contract's files export must be listed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACT_DOMAINS, mergeDomains } from '@shared/contract/domains.js';
import * as contract from '@shared/contract/index.js';

const CONTRACT_DIR = join(import.meta.dirname, '..', 'shared', 'contract');

describe('the contract assembled from its domains', () => {
  it('refuses a call two domains declare, naming both', () => {
    const call = { input: z.object({}), output: z.object({}) };
    const domains = [
      { name: 'gallery', methods: { 'library.list': call }, events: {} },
      { name: 'library', methods: { 'library.get': call, 'library.list': call }, events: {} },
    ] as const;
    expect(() => mergeDomains(domains, 'methods')).toThrow('contract: "library.list" is declared by two domains, gallery and library');
  });

  it('lists every map of calls and events the contract files export', () => {
    // Every file declaring a map is exported by index.ts, so its maps are among the contract's exports.
    const index = readFileSync(join(CONTRACT_DIR, 'index.ts'), 'utf8');
    const files = readdirSync(CONTRACT_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /^export const \w+(Methods|Events) = /m.test(readFileSync(join(CONTRACT_DIR, f), 'utf8')));
    expect(files.length).toBeGreaterThanOrEqual(CONTRACT_DOMAINS.length);
    expect(files.filter((f) => !index.includes(`export * from './${f.replace(/\.ts$/, '.js')}';`))).toEqual([]);
    const listed = new Set<object>(CONTRACT_DOMAINS.flatMap((d) => [d.methods, d.events]));
    const unlisted = Object.entries(contract as Record<string, unknown>)
      .filter(([name, value]) => /(Methods|Events)$/.test(name) && typeof value === 'object' && value !== null && !listed.has(value))
      .map(([name]) => name);
    expect(unlisted).toEqual([]);
    // Each listed call is reachable in the merged contract.
    for (const d of CONTRACT_DOMAINS) for (const name of Object.keys(d.methods)) expect(contract.methods).toHaveProperty([name]);
  });
});
