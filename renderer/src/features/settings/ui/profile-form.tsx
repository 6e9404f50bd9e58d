/**
 * Add or edit a gateway profile. The API key input is uncontrolled on purpose: its value lives only
 * in the DOM input (never React state, a store or the query cache, and never mirrored into a
 * `value` attribute), is read once on submit, and is wiped as soon as the host has saved it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorData, ProfileView } from '@shared/contract/index.js';
import { call } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { useMessageText } from '../../../i18n/messages.js';
import { KeyStorageNotice } from './key-storage-notice.js';
import { maskedTail } from '../../../components/masked-tail.js';
import { FormActions } from '../../../components/FormActions.js';

type FieldName = 'name' | 'baseUrl' | 'apiKey';
type Errors = Partial<Record<FieldName | 'form', string>>;

interface Props {
  /** Absent: a new profile. */
  profile?: ProfileView;
  /** Opened from "Replace key": the key is the point, so it is required and focused. */
  replaceKey?: boolean;
  onSaved(profile: ProfileView): void;
  onCancel(): void;
}

const FIELDS: readonly FieldName[] = ['name', 'baseUrl', 'apiKey'];

/** The host names the parameter at fault; it may be a path such as "baseUrl" or "input.baseUrl". */
function fieldOf(error: ErrorData): FieldName | undefined {
  const last = error.param?.split('.').pop();
  return FIELDS.find((f) => f === last);
}

export function ProfileForm({ profile, replaceKey = false, onSaved, onCancel }: Props) {
  const { t } = useTranslation(['settings', 'common']);
  const say = useMessageText();
  const titleId = useId();
  const [name, setName] = useState(profile?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [needsConsent, setNeedsConsent] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);

  const showErrors = (next: Errors) => {
    setErrors(next);
    // Take the user to the first field at fault.
    const first = FIELDS.find((f) => next[f]);
    const target = first === 'name' ? nameInput : first === 'baseUrl' ? baseUrlInput : first === 'apiKey' ? keyInput : null;
    target?.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const apiKey = keyInput.current?.value.trim() ?? '';
    if (replaceKey && !apiKey) {
      showErrors({ apiKey: t('form.newKeyRequired') });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const saved = await call('profiles.save', {
        id: profile?.id,
        name,
        baseUrl,
        ...(apiKey ? { apiKey } : {}),
      });
      if (keyInput.current) keyInput.current.value = '';
      setNeedsConsent(false);
      onSaved(saved);
    } catch (caught) {
      const error = caught as ErrorData;
      if (error.code === 'consent_required') {
        setNeedsConsent(true);
        showErrors({ form: say(error) });
      } else if (error.code === 'invalid_input' && fieldOf(error)) {
        showErrors({ [fieldOf(error)!]: say(error) });
      } else {
        showErrors({ form: say(error) });
      }
    } finally {
      setSaving(false);
    }
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
        <TextField
          label={replaceKey ? t('form.newApiKey') : t('form.apiKey')}
          className="field-wide"
          type="password"
          ref={keyInput}
          hint={keyHint}
          error={errors.apiKey}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus={replaceKey}
        />
      </div>
      <KeyStorageNotice emphasize={needsConsent} />
      <FormActions error={errors.form} saving={saving} save={t('form.save')} savingLabel={t('form.saving')} onCancel={onCancel} />
    </form>
  );
}
