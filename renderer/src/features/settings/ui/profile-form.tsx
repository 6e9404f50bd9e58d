/**
 * Add or edit a gateway profile. The API key input is uncontrolled on purpose: its value lives only
 * in the DOM input (never React state, a store or the query cache, and never mirrored into a
 * `value` attribute), is read once on submit, and is wiped as soon as the host has saved it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@shared/contract/index.js';
import { call } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { SecretField } from '../../../components/SecretField.js';
import { useFormSave } from '../../../components/use-form-save.js';
import { KeyStorageNotice } from './key-storage-notice.js';
import { maskedTail } from '../../../components/masked-tail.js';
import { FormActions } from '../../../components/FormActions.js';

type FieldName = 'name' | 'baseUrl' | 'apiKey';

interface Props {
  /** Absent: a new profile. */
  profile?: ProfileView;
  /** Opened from "Replace key": the key is the point, so it is required and focused. */
  replaceKey?: boolean;
  onSaved(profile: ProfileView): void;
  onCancel(): void;
}

const FIELDS: readonly FieldName[] = ['name', 'baseUrl', 'apiKey'];

export function ProfileForm({ profile, replaceKey = false, onSaved, onCancel }: Props) {
  const { t } = useTranslation(['settings', 'common']);
  const titleId = useId();
  const [name, setName] = useState(profile?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [needsConsent, setNeedsConsent] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const { errors, saving, showErrors, placed, save, say } = useFormSave(FIELDS, { name: nameInput, baseUrl: baseUrlInput, apiKey: keyInput });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const apiKey = keyInput.current?.value.trim() ?? '';
    if (replaceKey && !apiKey) {
      showErrors({ apiKey: t('form.newKeyRequired') });
      return;
    }
    await save(
      async () => {
        const saved = await call('profiles.save', {
          id: profile?.id,
          name,
          baseUrl,
          ...(apiKey ? { apiKey } : {}),
        });
        if (keyInput.current) keyInput.current.value = '';
        setNeedsConsent(false);
        onSaved(saved);
      },
      (error) => {
        if (error.code !== 'consent_required') return placed(error);
        setNeedsConsent(true);
        return { form: say(error) };
      },
    );
  };

  const tail = maskedTail(profile?.keyTail);
  const keyHint = replaceKey
    ? t('form.keyHint.replace')
    : profile?.hasKey
      ? t('form.keyHint.keep', { tail })
      : t('form.keyHint.writeOnly');
  const title = !profile
    ? t('form.addTitle')
    : replaceKey
      ? t('form.replaceKeyTitle', { name: profile.name })
      : t('form.editTitle', { name: profile.name });

  return (
    <form className="profile-form" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h4 id={titleId}>{title}</h4>
      <div className="form-grid">
        <TextField
          label={t('form.name')}
          ref={nameInput}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoComplete="off"
          autoFocus={!replaceKey}
          placeholder={t('form.namePlaceholder')}
        />
        <TextField
          label={t('form.baseUrl')}
          type="url"
          ref={baseUrlInput}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          error={errors.baseUrl}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://gateway.example.com"
        />
        <SecretField label={replaceKey ? t('form.newApiKey') : t('form.apiKey')} ref={keyInput} hint={keyHint} error={errors.apiKey} autoFocus={replaceKey} />
      </div>
      <KeyStorageNotice emphasize={needsConsent} />
      <FormActions error={errors.form} saving={saving} save={t('form.save')} savingLabel={t('form.saving')} onCancel={onCancel} />
    </form>
  );
}
