/**
 * Gateway profiles and key management (Settings tab). Keys are write-only across the contract
 * (docs/house-rules.md, "Secrets are write-only"): the renderer may set, test or clear one and read
 * `hasKey` / a masked tail.
 */
import { z } from 'zod';
import { MessageData, zodMessage } from '../messages/index.js';

export const SANDBOX_PROFILE_ID = 'sandbox';

export const ProfileView = z.object({
  id: z.string(),
  name: z.string(),
  /** `sandbox`: the built-in offline gateway; `gateway`: a real one the user added. */
  kind: z.enum(['sandbox', 'gateway']),
  baseUrl: z.string(),
  hasKey: z.boolean(),
  /** The last four characters of the key, e.g. "…a1b2"; never more. */
  keyTail: z.string().optional(),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const ProfilesView = z.object({
  profiles: z.array(ProfileView),
  activeId: z.string(),
});
export type ProfilesView = z.infer<typeof ProfilesView>;

const name = z.string().trim().min(1, zodMessage('rules.profile.name')).max(80, zodMessage('rules.profile.nameTooLong'));
const baseUrl = z.string().trim().refine((s) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}, zodMessage('rules.profile.baseUrl'));
const apiKey = z.string().trim().min(8, zodMessage('rules.profile.keyTooShort')).max(512, zodMessage('rules.profile.keyTooLong')).regex(/^\S+$/, zodMessage('rules.profile.keyNoSpaces'));

export const SaveProfileInput = z.object({
  /** Absent: a new profile. */
  id: z.string().min(1).optional(),
  name,
  baseUrl,
  /** Absent: keep the stored key. */
  apiKey: apiKey.optional(),
});
export type SaveProfileInput = z.infer<typeof SaveProfileInput>;

export const ConnectionTest = z.object({
  outcome: z.enum(['ok', 'rejected_key', 'unreachable', 'balance_problem', 'error']),
  /** The verdict in English (logs); `text` is what the screen shows (shared/messages). */
  message: z.string(),
  text: MessageData.optional(),
  /** Set when the balances could be read. */
  tokenBalance: z.number().optional(),
  cashBalance: z.number().optional(),
  currency: z.string().optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

export const KeyStorage = z.object({
  /** `encrypted`: the OS keychain via safeStorage; `file`: a file only this user can read;
   * `plaintext`: the OS offers no encryption (Linux basic_text), stored only with consent. */
  backend: z.enum(['encrypted', 'file', 'plaintext']),
  consentGiven: z.boolean(),
});
export type KeyStorage = z.infer<typeof KeyStorage>;

const id = z.object({ id: z.string().min(1) });

export const profileMethods = {
  'profiles.list': { input: z.object({}), output: ProfilesView },
  'profiles.save': { input: SaveProfileInput, output: ProfileView },
  'profiles.remove': { input: id, output: ProfilesView },
  'profiles.activate': { input: id, output: ProfilesView },
  'profiles.clearKey': { input: id, output: ProfileView },
  'profiles.test': { input: id, output: ConnectionTest },
  'profiles.keyStorage': { input: z.object({}), output: KeyStorage },
  'profiles.allowPlaintextKeys': { input: z.object({ allow: z.boolean() }), output: KeyStorage },
} as const;

export const profileEvents = {
  'profiles.onDidChange': ProfilesView,
} as const;
