/** The Settings tab: gateway profiles and their keys, MCP servers, the library folder, theme, language and the keyboard shortcuts. */
import './strings/register.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@shared/contract/index.js';
import { EMPTY, useCall } from '../../api/client.js';
import { useMessageText } from '../../i18n/messages.js';
import { ShortcutList } from '../../components/shortcuts/ShortcutList.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useFeatureSlots } from '../../components/feature-slots.js';
import { useUiStore } from '../../state/ui-store.js';
import { BackupsSetting } from './ui/backups-setting.js';
import { BudgetsSetting } from './ui/budgets-setting.js';
import { GeneralSettings } from './ui/general-settings.js';
import { ProfileCard } from './ui/profile-card.js';
import { ProfileForm } from './ui/profile-form.js';
import { PricesSetting } from './ui/prices-setting.js';
import './ui/settings.css';

type Editor = { mode: 'add' } | { mode: 'edit'; id: string; replaceKey: boolean } | null;
/** The last outcome, kept as data so its text follows a language switch. */
type Note = { key: 'profiles.savedNew' | 'profiles.saved' | 'profiles.removed'; name: string } | null;

/** The built-in sandbox always leads; the rest keep the host's order. */
const sandboxFirst = (profiles: ProfileView[]) =>
  [...profiles].sort((a, b) => Number(a.kind !== 'sandbox') - Number(b.kind !== 'sandbox'));

/** The add form asked for before this tab was first drawn. */
const addIntended = (): Editor => (useUiStore.getState().settingsIntent === 'add-profile' ? { mode: 'add' } : null);

export default function SettingsTab() {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const slots = useFeatureSlots();
  const profiles = useCall('profiles.list', EMPTY);
  const [editor, setEditor] = useState<Editor>(addIntended);
  const [note, setNote] = useState<Note>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const view = profiles.data;
  // Asked for from elsewhere (the Welcome's "Add a gateway key"): the add form opens, taken once,
  // whether Settings opens now or was open before (tabs stay mounted once visited).
  useEffect(() => {
    useUiStore.getState().clearSettingsIntent();
    return useUiStore.subscribe((s) => {
      if (s.settingsIntent !== 'add-profile') return;
      s.clearSettingsIntent();
      setNote(null);
      setEditor({ mode: 'add' });
    });
  }, []);

  const closeAdd = (saved?: ProfileView) => {
    setEditor(null);
    if (saved) setNote({ key: 'profiles.savedNew', name: saved.name });
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <>
      <TabIntro title={t('tab.title')}>{t('tab.intro')}</TabIntro>

      <section className="settings-section" aria-labelledby="settings-profiles">
        <div className="section-head">
          <h3 id="settings-profiles">{t('profiles.heading')}</h3>
          <button
            type="button"
            className="button button-primary"
            ref={addButton}
            aria-expanded={editor?.mode === 'add'}
            onClick={() => {
              setNote(null);
              setEditor({ mode: 'add' });
            }}
          >
            {t('profiles.add')}
          </button>
        </div>
        <p className="muted">{t('profiles.about')}</p>
        <p role="status" className="saved-note">
          {note && t(note.key, { name: note.name })}
        </p>

        {editor?.mode === 'add' && <ProfileForm onSaved={closeAdd} onCancel={() => closeAdd()} />}

        {profiles.isError && <p className="form-error">{say(profiles.error)}</p>}
        {!view && !profiles.isError && <p className="muted">{t('profiles.loading')}</p>}
        {view && (
          <ul className="profile-list" aria-label={t('profiles.listLabel')}>
            {sandboxFirst(view.profiles).map((profile) => (
              <ProfileCard
                key={profile.id}
                profile={profile}
                active={profile.id === view.activeId}
                editing={editor?.mode === 'edit' && editor.id === profile.id ? { replaceKey: editor.replaceKey } : null}
                onEdit={(replaceKey) => {
                  setNote(null);
                  setEditor({ mode: 'edit', id: profile.id, replaceKey });
                }}
                onEditDone={(saved) => {
                  setEditor(null);
                  if (saved) setNote({ key: 'profiles.saved', name: saved.name });
                }}
                onRemoved={(name) => {
                  setNote({ key: 'profiles.removed', name });
                  addButton.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </section>

      {slots.mcpServers()}
      <GeneralSettings />
      <PricesSetting />
      <BudgetsSetting />
      <BackupsSetting />
      <ShortcutList />
    </>
  );
}
