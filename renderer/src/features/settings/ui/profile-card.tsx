/**
 * One profile in the list: what it points at, whether it holds a key (only ever the masked tail),
 * and its actions. The built-in sandbox can be activated and tested but not edited or removed.
 */
import { useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ProfileView } from '@shared/contract/index.js';
import { useAction } from '../../../api/client.js';
import { useMessageText } from '../../../i18n/messages.js';
import { ConnectionResult } from './connection-result.js';
import { ProfileForm } from './profile-form.js';
import { useProfilesCache } from '../model/profile-cache.js';
import { maskedTail } from '../../../components/masked-tail.js';

interface Props {
  profile: ProfileView;
  active: boolean;
  /** Set while this profile's form is open; `replaceKey` when opened from "Replace key". */
  editing: { replaceKey: boolean } | null;
  onEdit(replaceKey: boolean): void;
  onEditDone(saved?: ProfileView): void;
  onRemoved(name: string): void;
}

export function ProfileCard({ profile, active, editing, onEdit, onEditDone, onRemoved }: Props) {
  const { t } = useTranslation(['settings', 'common']);
  const say = useMessageText();
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const { setView, putProfile } = useProfilesCache();
  const [confirming, setConfirming] = useState(false);
  const activate = useAction('profiles.activate', { onSuccess: setView });
  const test = useAction('profiles.test');
  const clearKey = useAction('profiles.clearKey', {
    onSuccess: (view) => {
      putProfile(view);
      test.reset();
    },
  });
  const remove = useAction('profiles.remove', {
    onSuccess: (view) => {
      setView(view);
      onRemoved(profile.name);
    },
  });
  // Known by its kind, never its name: a creator's own profile may be called anything.
  const isSandbox = profile.kind === 'sandbox';
  const actionError = activate.error ?? clearKey.error ?? remove.error;

  const closeForm = (saved?: ProfileView) => {
    // A new key or address makes the last test result stale.
    if (saved) test.reset();
    onEditDone(saved);
    // Give focus back to where the user started, rather than dropping it on the page.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const keyStatus = isSandbox ? (
    t('card.sandboxKey')
  ) : profile.hasKey ? (
    <Trans t={t} i18nKey="card.keySaved" values={{ tail: maskedTail(profile.keyTail) }} components={{ tail: <span className="key-tail" /> }} />
  ) : (
    t('card.noKey')
  );

  return (
    <li className={`profile-card${active ? ' is-active' : ''}`} aria-labelledby={headingId} data-profile-id={profile.id}>
      <div className="profile-head">
        <h4 id={headingId}>{isSandbox ? t('card.sandboxName') : profile.name}</h4>
        {isSandbox && <span className="badge badge-sandbox">{t('card.builtIn')}</span>}
        {active && <span className="badge badge-active">{t('card.active')}</span>}
      </div>
      <p className="profile-url">
        <code>{profile.baseUrl}</code>
      </p>
      <p className={`key-status${profile.hasKey || isSandbox ? '' : ' muted'}`} data-testid="key-status">
        {keyStatus}
      </p>

      <div className="profile-actions">
        {!active && (
          <button type="button" className="button button-primary" onClick={() => activate.mutate({ id: profile.id })} aria-disabled={activate.isPending}>
            {t('card.activate')}
          </button>
        )}
        <button type="button" className="button" onClick={() => test.mutate({ id: profile.id })} aria-disabled={test.isPending}>
          {t('card.test')}
        </button>
        {!isSandbox && (
          <>
            <button type="button" className="button" ref={editButton} onClick={() => onEdit(false)} aria-expanded={!!editing && !editing.replaceKey}>
              {t('card.edit')}
            </button>
            <button type="button" className="button" onClick={() => onEdit(true)} aria-expanded={!!editing?.replaceKey}>
              {profile.hasKey ? t('card.replaceKey') : t('card.addKey')}
            </button>
            {profile.hasKey && (
              <button type="button" className="button button-danger" onClick={() => clearKey.mutate({ id: profile.id })}>
                {t('card.removeKey')}
              </button>
            )}
            <button type="button" className="button button-danger" onClick={() => setConfirming(true)} aria-expanded={confirming}>
              {t('card.remove')}
            </button>
          </>
        )}
      </div>

      {confirming && (
        <div className="confirm" role="group" aria-label={t('card.confirmRemove.label', { name: profile.name })}>
          <p>{t(active ? 'card.confirmRemove.bodyActive' : 'card.confirmRemove.body', { name: profile.name })}</p>
          <div className="form-actions">
            <button type="button" className="button button-danger-solid" onClick={() => remove.mutate({ id: profile.id })}>
              {t('card.confirmRemove.submit')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
              {t('common:cancel')}
            </button>
          </div>
        </div>
      )}

      {actionError && (
        <p className="form-error" role="alert">
          {say(actionError)}
        </p>
      )}
      <ConnectionResult pending={test.isPending} result={test.data} error={test.error} />

      {editing && (
        <ProfileForm
          key={editing.replaceKey ? 'replace-key' : 'edit'}
          profile={profile} replaceKey={editing.replaceKey} onSaved={closeForm} onCancel={() => closeForm()} />
      )}
    </li>
  );
}
