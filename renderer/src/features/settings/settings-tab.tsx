/** The Settings tab: gateway profiles and their keys, the library folder and the theme. */
import { useRef, useState } from 'react';
import type { ProfileView } from '../../../../shared/contract/index.js';
import { EMPTY, useCall } from '../../api/client.js';
import { TabIntro } from '../../components/TabIntro.js';
import { GeneralSettings } from './general-settings.js';
import { ProfileCard } from './profile-card.js';
import { ProfileForm } from './profile-form.js';
import './settings.css';

type Editor = { mode: 'add' } | { mode: 'edit'; id: string; replaceKey: boolean } | null;

/** The built-in sandbox always leads; the rest keep the host's order. */
const sandboxFirst = (profiles: ProfileView[]) =>
  [...profiles].sort((a, b) => Number(a.kind !== 'sandbox') - Number(b.kind !== 'sandbox'));

export default function SettingsTab() {
  const profiles = useCall('profiles.list', EMPTY);
  const [editor, setEditor] = useState<Editor>(null);
  const [note, setNote] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const view = profiles.data;

  const closeAdd = (saved?: ProfileView) => {
    setEditor(null);
    if (saved) setNote(`Saved “${saved.name}”. Activate it to use it in every tab.`);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <>
      <TabIntro title="Settings">
        Gateway profiles and their keys, where your outputs are saved, and how the studio looks.
      </TabIntro>

      <section className="settings-section" aria-labelledby="settings-profiles">
        <div className="section-head">
          <h3 id="settings-profiles">Profiles</h3>
          <button
            type="button"
            className="button button-primary"
            ref={addButton}
            aria-expanded={editor?.mode === 'add'}
            onClick={() => {
              setNote('');
              setEditor({ mode: 'add' });
            }}
          >
            Add profile
          </button>
        </div>
        <p className="muted">
          The active profile is used by every tab. Keys are write-only: once saved, the studio shows only their last four
          characters.
        </p>
        <p role="status" className="saved-note">
          {note}
        </p>

        {editor?.mode === 'add' && <ProfileForm onSaved={closeAdd} onCancel={() => closeAdd()} />}

        {profiles.isError && <p className="form-error">{profiles.error.message}</p>}
        {!view && !profiles.isError && <p className="muted">Loading profiles…</p>}
        {view && (
          <ul className="profile-list" aria-label="Profiles">
            {sandboxFirst(view.profiles).map((profile) => (
              <ProfileCard
                key={profile.id}
                profile={profile}
                active={profile.id === view.activeId}
                editing={editor?.mode === 'edit' && editor.id === profile.id ? { replaceKey: editor.replaceKey } : null}
                onEdit={(replaceKey) => {
                  setNote('');
                  setEditor({ mode: 'edit', id: profile.id, replaceKey });
                }}
                onEditDone={(saved) => {
                  setEditor(null);
                  if (saved) setNote(`Saved “${saved.name}”.`);
                }}
                onRemoved={(name) => {
                  setNote(`Removed “${name}”.`);
                  addButton.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </section>

      <GeneralSettings />
    </>
  );
}
