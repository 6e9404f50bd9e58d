/** Studio-wide settings: where outputs are saved, and the theme. */
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsView } from '../../../../shared/contract/index.js';
import { EMPTY, callKey, useAction, useCall } from '../../api/client.js';
import { TextField } from '../../components/TextField.js';

const THEMES = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;

function useSettingsAction() {
  const queryClient = useQueryClient();
  return useAction('settings.update', {
    onSuccess: (view) => queryClient.setQueryData(callKey('settings.get', EMPTY), view),
  });
}

/** Keyed by the saved path, so a change from elsewhere resets the draft instead of fighting it. */
function LibraryForm({ current }: { current: string }) {
  const [draft, setDraft] = useState(current);
  const update = useSettingsAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ libraryDir: draft });
  };
  const error = update.error;
  const fieldError = error && (error.param === undefined || error.param.endsWith('libraryDir')) ? error.message : undefined;
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <TextField
        label="Library folder"
        className="field-grow"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        error={fieldError}
        hint="Generated images, video and audio are saved here."
        spellCheck={false}
        autoComplete="off"
      />
      <button type="submit" className="button" aria-disabled={update.isPending}>
        Save folder
      </button>
    </form>
  );
}

export function LibrarySetting({ settings }: { settings: SettingsView }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Library</h3>
      <p className="muted">
        Outputs are saved in <code data-testid="library-dir">{settings.libraryDir}</code>
      </p>
      <LibraryForm key={settings.libraryDir} current={settings.libraryDir} />
    </section>
  );
}

export function ThemeSetting({ settings }: { settings: SettingsView }) {
  const queryClient = useQueryClient();
  const update = useSettingsAction();
  const choose = (theme: SettingsView['theme']) => {
    // Apply at once; the host's answer (or event) confirms it.
    queryClient.setQueryData<SettingsView>(callKey('settings.get', EMPTY), (old) => old && { ...old, theme });
    update.mutate({ theme });
  };
  return (
    <section className="settings-section">
      <fieldset className="theme-choice">
        <legend>
          <h3>Theme</h3>
        </legend>
        <div className="segmented">
          {THEMES.map((t) => (
            <label key={t.value} className="segment">
              <input type="radio" name="theme" value={t.value} checked={settings.theme === t.value} onChange={() => choose(t.value)} />
              <span>{t.label}</span>
            </label>
          ))}
        </div>
        <p className="hint">System follows your operating system&apos;s light or dark appearance.</p>
        {update.error && <p className="form-error">{update.error.message}</p>}
      </fieldset>
    </section>
  );
}

export function GeneralSettings() {
  const settings = useCall('settings.get', EMPTY);
  if (settings.isError) return <p className="form-error">{settings.error.message}</p>;
  if (!settings.data) return <p className="muted">Loading settings…</p>;
  return (
    <>
      <LibrarySetting settings={settings.data} />
      <ThemeSetting settings={settings.data} />
    </>
  );
}
