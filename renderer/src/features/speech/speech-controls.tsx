/**
 * The Speech tab's own controls: the six voices with the spec's descriptions (a radio group, so
 * all of them are visible at once), and speed as a slider for feel plus a number for precision.
 */
import { useId } from 'react';
import { SPEECH_VOICES, type SpeechVoice } from '../../../../shared/gateway/catalog.js';
import { Field } from '../../components/Field.js';
import { parseSpeed, SPEED_RANGE } from './speech-draft.js';

const VOICES = Object.entries(SPEECH_VOICES) as [SpeechVoice, string][];

export function VoicePicker({ value, onChange, error }: { value: SpeechVoice; onChange(v: SpeechVoice): void; error?: string }) {
  const name = useId();
  return (
    <fieldset className="speech-voices" aria-invalid={error ? true : undefined}>
      <legend>Voice</legend>
      <div className="speech-voice-grid">
        {VOICES.map(([voice, description]) => (
          <label key={voice} className="speech-voice" data-checked={voice === value || undefined}>
            <input type="radio" name={name} value={voice} checked={voice === value} onChange={() => onChange(voice)} />
            <span className="speech-voice-name">{voice}</span>
            <span className="speech-voice-desc">{description}</span>
          </label>
        ))}
      </div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

export function SpeedField({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  // The slider shows the last valid speed while the number box holds a half-typed one.
  const slider = parseSpeed(value) ?? SPEED_RANGE.default;
  return (
    <Field label="Speed" hint={`${SPEED_RANGE.min} to ${SPEED_RANGE.max}; 1 is normal, lower is slower`} error={error} className="speech-speed">
      {(control) => (
        <div className="speech-speed-controls">
          <input
            type="range"
            aria-label="Speed slider"
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
