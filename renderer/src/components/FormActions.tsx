/**
 * The foot of an add or edit form: what went wrong with the whole form (announced), then Save
 * (marked busy while saving, never disabled, so focus stays on it) and Cancel.
 */
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  error?: string;
  saving: boolean;
  save: string;
  savingLabel: string;
  onCancel: () => void;
}

export function FormActions({ error, saving, save, savingLabel, onCancel }: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={saving}>
          {saving ? savingLabel : save}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </>
  );
}
