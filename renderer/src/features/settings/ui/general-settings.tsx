/** Studio-wide settings: where outputs are saved, the theme, the language, file size limits and the host's responsiveness. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shared/languages.js';
import type { SettingsView } from '@shared/contract/index.js';
import { EMPTY, useCall } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { useMessageText } from '../../../i18n/messages.js';
import { LANGUAGE_NAMES, resolveLanguage, systemLanguages } from '../../../i18n/languages.js';
import { SUBMIT_SHORTCUT } from '../../../components/generator/keyboard.js';
import { ChatDefaultsSetting } from './chat-defaults-setting.js';
import { HealthSetting } from './health-setting.js';
import { MediaLimitsSetting } from './media-limits-setting.js';
import { QueueLimitsSetting } from './queue-limits-setting.js';
import { useSettingsAction } from '../model/use-settings-action.js';
import { LibraryMoveProgress, useLibraryMove } from './library-move-status.js';

const THEMES = ['system', 'light', 'dark'] as const;

/**
 * Keyed by the saved path, so a change from elsewhere resets the draft instead of fighting it. In
 * the browser shell a move waits for the code printed in the terminal (`confirmation_required`):
 * the page cannot confirm it alone (docs/architecture.md); the desktop asks in a native dialog.
 */
function LibraryForm({ current, moving, stopped }: { current: string; moving: boolean; stopped: boolean }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const [draft, setDraft] = useState(current);
  const [code, setCode] = useState('');
  /** The folder a code was printed for: its field shows while that folder is the draft. */
  const [codeFor, setCodeFor] = useState<string>();
  const codeInput = useRef<HTMLInputElement>(null);
  const asking = codeFor !== undefined && codeFor === draft;
  useEffect(() => {
    if (asking) codeInput.current?.focus();
  }, [asking, codeFor]);
  const { update } = useSettingsAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // One move at a time; a stopped one is finished or undone first (its buttons are below).
    if (update.isPending || moving) return;
    // Without a code, the shell prints a fresh one.
    const confirmCode = asking ? code.trim() : '';
    update.mutate(confirmCode ? { libraryDir: draft, confirmCode } : { libraryDir: draft }, {
      onError: (error) => {
        if (error.code !== 'confirmation_required' || error.param !== 'libraryDir') return;
        setCodeFor(draft);
        setCode('');
      },
    });
  };
  const error = update.error;
  const codeError = error?.param === 'confirmCode' ? say(error) : undefined;
  const waiting = error?.code === 'confirmation_required' && error.param === 'libraryDir';
  // A move that stopped says so below, with its buttons; the field does not say it twice.
  const fieldError = error && !codeError && !waiting && !stopped && (error.param === undefined || error.param.endsWith('libraryDir')) ? say(error) : undefined;
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <TextField
        label={t('general.library.folder')}
        className="field-grow"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        error={fieldError}
        hint={t('general.library.folderHint')}
        spellCheck={false}
        autoComplete="off"
      />
      {asking && (
        <TextField
          ref={codeInput}
          label={t('general.library.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={codeError}
          hint={t('general.library.codeHint', { path: codeFor })}
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
        />
      )}
      <button type="submit" className="button" aria-disabled={update.isPending || moving}>
        {t('general.library.saveFolder')}
      </button>
    </form>
  );
}

export function LibrarySetting({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const move = useLibraryMove();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('general.library.heading')}</h3>
      <p className="muted">
        <Trans t={t} i18nKey="general.library.savedIn" values={{ path: settings.libraryDir }} components={{ path: <code data-testid="library-dir" /> }} />
      </p>
      <LibraryForm key={settings.libraryDir} current={settings.libraryDir} moving={move?.state === 'moving'} stopped={move?.state === 'failed'} />
      {move && <LibraryMoveProgress status={move} />}
    </section>
  );
}

/** A setting chosen among a few options, as a row of radio buttons. */
function Choice<T extends string>({ name, heading, options, value, hint, onChoose, error }: {
  name: string;
  heading: string;
  options: readonly { value: T; label: string }[];
  value: T;
  hint: string;
  onChoose(value: T): void;
  error?: string;
}) {
  return (
    <section className="settings-section">
      <fieldset className="theme-choice">
        <legend>
          <h3>{heading}</h3>
        </legend>
        <div className="segmented">
          {options.map((o) => (
            <label key={o.value} className="segment">
              <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChoose(o.value)} />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
        <p className="hint">{hint}</p>
        {error && <p className="form-error">{error}</p>}
      </fieldset>
    </section>
  );
}

export function ThemeSetting({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const { update, choose } = useSettingsAction();
  return (
    <Choice
      name="theme"
      heading={t('general.theme.heading')}
      options={THEMES.map((value) => ({ value, label: t(`general.theme.${value}`) }))}
      value={settings.theme}
      hint={t('general.theme.hint')}
      onChoose={(theme) => choose({ theme })}
      error={update.error ? say(update.error) : undefined}
    />
  );
}

export function LanguageSetting({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const { update, choose } = useSettingsAction();
  const system = LANGUAGE_NAMES[resolveLanguage('system', systemLanguages())];
  return (
    <Choice
      name="language"
      heading={t('general.language.heading')}
      options={[
        { value: 'system' as const, label: t('general.language.system', { language: system }) },
        ...LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] })),
      ]}
      value={settings.language}
      hint={t('general.language.hint')}
      onChoose={(language) => choose({ language })}
      error={update.error ? say(update.error) : undefined}
    />
  );
}

export function ChatSendKeySetting({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const { update, choose } = useSettingsAction();
  return (
    <Choice
      name="chatSendKey"
      heading={t('general.sendKey.heading')}
      options={[
        { value: 'enter' as const, label: t('general.sendKey.enter') },
        { value: 'mod-enter' as const, label: t('general.sendKey.modEnter', { shortcut: SUBMIT_SHORTCUT }) },
      ]}
      value={settings.chatSendKey}
      hint={t('general.sendKey.hint', { shortcut: SUBMIT_SHORTCUT })}
      onChoose={(chatSendKey) => choose({ chatSendKey })}
      error={update.error ? say(update.error) : undefined}
    />
  );
}

export function GeneralSettings() {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const settings = useCall('settings.get', EMPTY);
  if (settings.isError) return <p className="form-error">{say(settings.error)}</p>;
  if (!settings.data) return <p className="muted">{t('general.loading')}</p>;
  return (
    <>
      <LibrarySetting settings={settings.data} />
      <ThemeSetting settings={settings.data} />
      <LanguageSetting settings={settings.data} />
      <ChatSendKeySetting settings={settings.data} />
      <ChatDefaultsSetting settings={settings.data} />
      <MediaLimitsSetting settings={settings.data} />
      <QueueLimitsSetting />
      <HealthSetting />
    </>
  );
}
