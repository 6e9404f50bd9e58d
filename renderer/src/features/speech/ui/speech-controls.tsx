/**
 * The Speech tab's own controls: the six voices with the spec's descriptions (a radio group, so
 * all of them are visible at once), and speed as a slider for feel plus a number for precision.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEECH_VOICES, type SpeechVoice } from '@shared/gateway/catalog.js';
import { Field } from '../../../components/Field.js';
import { useFormats } from '../../../i18n/format.js';
import { parseSpeed, SPEED_RANGE } from '../model/speech-draft.js';

/** The voice ids stay as the gateway names them; their descriptions are translated. */
const VOICES = Object.keys(SPEECH_VOICES) as SpeechVoice[];

export function VoicePicker({ value, onChange, error }: { value: SpeechVoice; onChange(v: SpeechVoice): void; error?: string }) {
  const { t } = useTranslation('speech');
  const name = useId();
  return (
    <fieldset className="speech-voices" aria-invalid={error ? true : undefined}>
      <legend>{t('voice.legend')}</legend>
      <div className="speech-voice-grid">
        {VOICES.map((voice) => (
          <label key={voice} className="speech-voice" data-checked={voice === value || undefined}>
            <input type="radio" name={name} value={voice} checked={voice === value} onChange={() => onChange(voice)} />
            <span className="speech-voice-name">{voice}</span>
            <span className="speech-voice-desc">{t(`voice.${voice}`)}</span>
          </label>
        ))}
      </div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

export function SpeedField({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  const { t } = useTranslation('speech');
  const f = useFormats();
  // The slider shows the last valid speed while the number box holds a half-typed one.
  const slider = parseSpeed(value) ?? SPEED_RANGE.default;
  return (
    <Field
      label={t('speed.label')}
      hint={t('speed.hint', { min: f.number(SPEED_RANGE.min), max: f.number(SPEED_RANGE.max) })}
      error={error}
      className="speech-speed"
    >
      {(control) => (
        <div className="speech-speed-controls">
          <input
            type="range"
            aria-label={t('speed.slider')}
            min={SPEED_RANGE.min}
            max={SPEED_RANGE.max}
            step={0.05}
            value={slider}
            onChange={(e) => onChange(e.target.value)}
          />
          <input {...control} type="number" inputMode="decimal" min={SPEED_RANGE.min} max={SPEED_RANGE.max} step={0.05} value={value} onChange={(e) => onChange(e.target.value)} />
        </div>
      )}
    </Field>
  );
}
