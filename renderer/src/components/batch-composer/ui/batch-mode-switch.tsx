/** Single form or batch composer, for the Image and Video tabs: two radio buttons, arrow keys between them. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../strings.js';

export function BatchModeSwitch({ batch, onChange }: { batch: boolean; onChange(batch: boolean): void }) {
  const { t } = useTranslation('batch');
  // Both tabs may be mounted at once: each switch's radios are a group of their own.
  const name = useId();
  return (
    <div className="batch-mode" role="radiogroup" aria-label={t('mode.label')}>
      {([false, true] as const).map((on) => (
        <label key={String(on)} className={on === batch ? 'batch-mode-on' : undefined}>
          <input type="radio" name={name} checked={on === batch} onChange={() => onChange(on)} />
          {on ? t('mode.batch') : t('mode.single')}
        </label>
      ))}
    </div>
  );
}
