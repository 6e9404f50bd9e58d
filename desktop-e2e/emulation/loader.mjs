// Module resolution hook (node:module register): `electron` is the emulation, for every importer.
// Resolved through the next hooks (tsx's), so the TypeScript file loads as any other.
const EMULATION = new URL('./electron.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  return next(specifier === 'electron' ? EMULATION : specifier, context);
}
