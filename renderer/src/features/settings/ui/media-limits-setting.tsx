/**
 * "Largest file to save": the size, per kind, past which the host stops a download and marks the
 * job "needs attention" instead of filling the disk. What was typed stays in its field when it is
 * refused, with the reason beside it, so a slip is corrected rather than retyped.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '@shared/contract/index.js';
import { TextField } from '../../../components/TextField.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useSettingsAction } from '../model/use-settings-action.js';
import { checkLimits, DEFAULT_LIMITS, draftOf, LIMIT_BOUNDS, LIMIT_KINDS, type LimitDraft, type LimitKind, type LimitProblem } from '../model/media-limits.js';

const LABEL = { imageMb: 'general.limits.image', videoMb: 'general.limits.video', audioMb: 'general.limits.audio' } as const;

/** Keyed by the saved limits, so a change from elsewhere resets the draft instead of fighting it. */
function LimitsForm({ saved, update }: { saved: SettingsView['mediaLimits']; update: ReturnType<typeof useSettingsAction>['update'] }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  const [draft, setDraft] = useState<LimitDraft>(() => draftOf(saved));
  const [problems, setProblems] = useState<Partial<Record<LimitKind, LimitProblem>>>({});
  const inputs = useRef<Partial<Record<LimitKind, HTMLInputElement | null>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLimits(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      inputs.current[LIMIT_KINDS.find((k) => checked.problems[k])!]?.focus();
      return;
    }
    setProblems({});
    update.mutate({ mediaLimits: checked.limits });
  };
  const problemText = (kind: LimitKind) => {
    const problem = problems[kind];
    if (!problem) return undefined;
    const { min, max } = LIMIT_BOUNDS[kind];
    return problem === 'notWhole' ? t('general.limits.notWhole') : t('general.limits.outOfRange', { min: f.number(min), max: f.number(max) });
  };
  // The host's refusal goes beside the field it names, else under the form.
  const refused = update.error;
  const refusedKind = refused && LIMIT_KINDS.find((k) => refused.param?.endsWith(k));

  return (
    <form className="limits-form" onSubmit={submit} noValidate>
      {LIMIT_KINDS.map((kind) => (
        <TextField
          key={kind}
          label={t(LABEL[kind])}
          ref={(el) => {
            inputs.current[kind] = el;
          }}
          inputMode="numeric"
          autoComplete="off"
          value={draft[kind]}
          onChange={(e) => {
            setDraft((d) => ({ ...d, [kind]: e.target.value }));
            // "Saved" no longer describes what the fields show.
            if (update.isSuccess) update.reset();
          }}
          error={problemText(kind) ?? (refused && refusedKind === kind ? say(refused) : undefined)}
          hint={t('general.limits.range', { min: f.number(LIMIT_BOUNDS[kind].min), max: f.number(LIMIT_BOUNDS[kind].max), default: f.number(DEFAULT_LIMITS[kind]) })}
        />
      ))}
      <button type="submit" className="button" aria-disabled={update.isPending}>
        {t('general.limits.save')}
      </button>
      {refused && !refusedKind && <p className="form-error">{say(refused)}</p>}
    </form>
  );
}

export function MediaLimitsSetting({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  // Here, not in the form: a save changes the form's key, and the outcome must outlive it.
  const { update } = useSettingsAction();
  // A host from before the limits existed sends none: the form shows the defaults it applies.
  const limits = settings.mediaLimits ?? DEFAULT_LIMITS;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('general.limits.heading')}</h3>
      <p className="muted">{t('general.limits.about')}</p>
      <LimitsForm key={LIMIT_KINDS.map((k) => limits[k]).join('/')} saved={limits} update={update} />
      <p role="status" className="saved-note">
        {update.isSuccess && t('general.limits.saved')}
      </p>
    </section>
  );
}
