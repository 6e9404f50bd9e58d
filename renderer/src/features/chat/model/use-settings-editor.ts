/**
 * The conversation's settings as the panel edits them. Every change that checks out is saved
 * through `chat.update` after a short pause; a send, a conversation switch and closing the
 * window save at once, so nothing typed is lost. Fields at fault stay in the form (not saved)
 * with their message, and sending waits until they are fixed.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatSettings, ConversationView } from '@shared/contract/chat.js';
import type { Input } from '@shared/contract/index.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { call } from '../../../api/client.js';
import { applyMeta } from './conversation-cache.js';
import { formFromSettings, NUMBER_FIELDS, settingsFromForm, type SettingsErrors, type SettingsForm } from './settings-form.js';

const SAVE_AFTER_MS = 500;

type Patch = NonNullable<Input<'chat.update'>['settings']>;

/** An emptied number box is sent as null, which clears the saved value (JSON drops undefined). */
function toPatch(settings: Partial<ChatSettings>): Patch {
  const patch: Patch = { ...settings };
  for (const f of NUMBER_FIELDS) if (f in settings && settings[f] === undefined) patch[f] = null;
  return patch;
}

export interface SettingsEditor {
  form: SettingsForm;
  errors: SettingsErrors;
  /** The settings as they will be sent (the valid part of the form over the saved ones). */
  settings: ChatSettings;
  change(patch: Partial<SettingsForm>): void;
  /** Saves what is pending now; rejects with the host's ErrorData if it refuses. */
  flush(): Promise<void>;
  /** Whether `flush` has anything to wait for: a change not yet saved, a save on its way or refused. */
  needsFlush(): boolean;
  saveError: ErrorData | null;
  /** A change is waiting for its pause, or on its way to the host. */
  saving: boolean;
}

export function useSettingsEditor(conversation: ConversationView): SettingsEditor {
  const { t } = useTranslation('chat');
  const client = useQueryClient();
  const id = conversation.id;
  const [form, setForm] = useState(() => formFromSettings(conversation.settings));
  // Re-checked when the language changes too, so the messages follow it.
  const { settings: valid, errors } = useMemo(() => settingsFromForm(form, t), [form, t]);
  const settings = useMemo(() => ({ ...conversation.settings, ...valid }) as ChatSettings, [conversation.settings, valid]);
  const [saveError, setSaveError] = useState<ErrorData | null>(null);
  const [saving, setSaving] = useState(false);
  const pending = useRef<Patch | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  const unsettled = useRef({ saves: 0, refused: false });

  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const patch = pending.current;
    pending.current = null;
    if (patch) {
      unsettled.current.saves += 1;
      // One save at a time, in order: a later one never lands before an earlier one.
      inFlight.current = inFlight.current.catch(() => undefined).then(async () => {
        try {
          applyMeta(client, await call('chat.update', { id, settings: patch }));
          setSaveError(null);
          unsettled.current.refused = false;
        } catch (e) {
          setSaveError(e as ErrorData);
          unsettled.current.refused = true;
          throw e;
        } finally {
          unsettled.current.saves -= 1;
          // Saved, unless a newer change is already waiting for its own save.
          if (!pending.current) setSaving(false);
        }
      });
    }
    await inFlight.current;
  }, [client, id]);

  const change = useCallback((patch: Partial<SettingsForm>) => {
    setForm((f) => {
      const next = { ...f, ...patch };
      pending.current = toPatch(settingsFromForm(next, t).settings);
      return next;
    });
    setSaving(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void flush().catch(() => undefined), SAVE_AFTER_MS);
  }, [flush, t]);

  // Leaving the conversation or closing the window saves what is pending.
  useEffect(() => {
    const save = () => void flush().catch(() => undefined);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [flush]);

  const needsFlush = useCallback(() => pending.current !== null || unsettled.current.saves > 0 || unsettled.current.refused, []);

  return { form, errors, settings, change, flush, needsFlush, saveError, saving };
}
