/**
 * The local library (Gallery tab). Media never crosses the contract
 * (docs/house-rules.md, "Media never crosses the contract"):
 * items carry paths relative to the library root, which the renderer loads through
 * `AppInfo.mediaBase` (the desktop's custom protocol, or the browser shell's authenticated route).
 */
import { z } from 'zod';

export const LibraryItemView = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  file: z.string(),
  mime: z.string(),
  bytes: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  durationSeconds: z.number().optional(),
  prompt: z.string(),
  model: z.string(),
  params: z.record(z.string(), z.unknown()),
  taskId: z.string().optional(),
  sourceUrl: z.string().optional(),
  createdAt: z.number(),
  savedAt: z.number(),
  usage: z.record(z.string(), z.unknown()).optional(),
  cost: z.object({ amount: z.number(), currency: z.string() }).optional(),
  thumb: z.string().optional(),
});
export type LibraryItemView = z.infer<typeof LibraryItemView>;

export const LibraryQuery = z.object({
  kind: z.enum(['image', 'video', 'audio']).optional(),
  model: z.string().optional(),
  from: z.number().optional(),
  to: z.number().optional(),
  text: z.string().max(500).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

const id = z.object({ id: z.string().min(1) });

export const libraryMethods = {
  'library.list': { input: LibraryQuery, output: z.object({ items: z.array(LibraryItemView), total: z.number(), models: z.array(z.string()) }) },
  'library.get': { input: id, output: LibraryItemView },
  'library.remove': { input: id, output: z.object({ removed: z.boolean() }) },
  /** Desktop only: show the file in the system's file manager. */
  'library.reveal': { input: id, output: z.object({}) },
} as const;

export const libraryEvents = {
  'library.onDidChange': z.object({ reason: z.enum(['added', 'removed', 'reset']), id: z.string().optional() }),
} as const;
