/**
 * Add an MCP server (docs/mcp.md): a local command (stdio) or a URL (Streamable HTTP). Arguments
 * are one per line, so one may hold spaces; the environment is one `NAME=value` per line. The
 * bearer token input is uncontrolled, like the API key's (profile-form.tsx): its value lives only
 * in the DOM input, is read once on submit, sent with `call` (never useAction, whose cache keeps
 * its input) and wiped once the host has it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerSpec, McpServerView } from '@shared/contract/index.js';
import { call } from '../../../api/client.js';
import { Field } from '../../../components/Field.js';
import { TextField } from '../../../components/TextField.js';
import { SecretField } from '../../../components/SecretField.js';
import { useFormSave, type FormErrors } from '../../../components/use-form-save.js';
import { FormActions } from '../../../components/FormActions.js';

type Transport = McpServerSpec['transport'];
type FieldName = 'name' | 'command' | 'args' | 'env' | 'url' | 'token';
type Errors = FormErrors<FieldName>;

/** The contract's bounds (shared/contract/mcp.ts), checked here so the message is at the field. */
const MAX_ARGS = 64;
const MAX_ENV = 32;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

const FIELDS: readonly FieldName[] = ['name', 'command', 'args', 'env', 'url', 'token'];
const TRANSPORTS: readonly Transport[] = ['stdio', 'http'];

/** Each non-blank line is one argument, exactly as typed: spaces inside it are part of it. */
export const argsOf = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '');

type EnvResult = { env: Record<string, string> } | { error: { key: 'form.envLine'; line: number } | { key: 'form.envTwice'; line: number; name: string } | { key: 'form.envTooMany' } };

/** `NAME=value` lines; the value is everything after the first `=`, as typed (it may hold `=`). */
export function envOf(text: string): EnvResult {
  const env: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    const name = at < 0 ? '' : line.slice(0, at).trim();
    if (!ENV_NAME.test(name)) return { error: { key: 'form.envLine', line: i + 1 } };
    if (Object.hasOwn(env, name)) return { error: { key: 'form.envTwice', line: i + 1, name } };
    env[name] = line.slice(at + 1);
  }
  if (Object.keys(env).length > MAX_ENV) return { error: { key: 'form.envTooMany' } };
  return { env };
}

interface Props {
  onSaved(server: McpServerView): void;
  onCancel(): void;
}

export function McpServerForm({ onSaved, onCancel }: Props) {
  const { t } = useTranslation(['mcp', 'common']);
  const titleId = useId();
  const [transport, setTransport] = useState<Transport>('stdio');
  const [name, setName] = useState('');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [env, setEnv] = useState('');
  const [url, setUrl] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const commandInput = useRef<HTMLInputElement>(null);
  const argsInput = useRef<HTMLTextAreaElement>(null);
  const envInput = useRef<HTMLTextAreaElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const tokenInput = useRef<HTMLInputElement>(null);
  // The host names the field at fault as a path: "spec.command", "spec.env.FOO", "token".
  const { errors, saving, showErrors, save } = useFormSave(FIELDS, { name: nameInput, command: commandInput, args: argsInput, env: envInput, url: urlInput, token: tokenInput });

  const specOf = (): { spec: McpServerSpec } | { errors: Errors } => {
    if (transport === 'http') return { spec: { transport, name: name.trim(), url: url.trim() } };
    const argList = argsOf(args);
    const parsed = envOf(env);
    const found: Errors = {};
    if (argList.length > MAX_ARGS) found.args = t('form.argsTooMany', { max: MAX_ARGS });
    if ('error' in parsed) {
      const e = parsed.error;
      found.env = e.key === 'form.envTooMany' ? t(e.key, { max: MAX_ENV }) : e.key === 'form.envTwice' ? t(e.key, { line: e.line, name: e.name }) : t(e.key, { line: e.line });
    }
    if (found.args || found.env || !('env' in parsed)) return { errors: found };
    return { spec: { transport, name: name.trim(), command: command.trim(), args: argList, env: parsed.env } };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = specOf();
    if ('errors' in checked) return showErrors(checked.errors);
    const token = transport === 'http' ? (tokenInput.current?.value.trim() ?? '') : '';
    await save(async () => {
      const saved = await call('mcp.add', { spec: checked.spec, ...(token ? { token } : {}) });
      if (tokenInput.current) tokenInput.current.value = '';
      onSaved(saved);
    });
  };

  return (
    <form
      className="profile-form mcp-form"
      aria-labelledby={titleId}
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <h4 id={titleId}>{t('form.title')}</h4>
      <div className="form-grid">
        <TextField
          label={t('form.name')}
          ref={nameInput}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoComplete="off"
          autoFocus
          placeholder={t('form.namePlaceholder')}
        />
        <fieldset className="theme-choice">
          <legend>{t('kind.legend')}</legend>
          <div className="segmented">
            {TRANSPORTS.map((kind) => (
              <label key={kind} className="segment">
                <input type="radio" name={`${titleId}-kind`} value={kind} checked={transport === kind} onChange={() => setTransport(kind)} />
                <span>{t(`kind.${kind}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {transport === 'stdio' ? (
          <>
            <TextField
              label={t('form.command')}
              className="field-wide"
              ref={commandInput}
              value={command}
              onChange={(e) => setCommand(e.target.value)}
              error={errors.command}
              hint={t('form.commandHint')}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('form.commandPlaceholder')}
            />
            <Field label={t('form.args')} hint={t('form.argsHint')} error={errors.args}>
              {(control) => (
                <textarea {...control} ref={argsInput} rows={4} value={args} onChange={(e) => setArgs(e.target.value)} spellCheck={false} />
              )}
            </Field>
            <Field label={t('form.env')} hint={t('form.envHint')} error={errors.env}>
              {(control) => (
                <textarea {...control} ref={envInput} rows={4} value={env} onChange={(e) => setEnv(e.target.value)} spellCheck={false} placeholder={t('form.envPlaceholder')} />
              )}
            </Field>
          </>
        ) : (
          <>
            <TextField
              label={t('form.url')}
              className="field-wide"
              type="url"
              ref={urlInput}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              error={errors.url}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://mcp.example.com/mcp"
            />
            <SecretField label={t('form.token')} ref={tokenInput} hint={t('form.tokenHint')} error={errors.token} />
          </>
        )}
      </div>
      <FormActions error={errors.form} saving={saving} save={t('form.save')} savingLabel={t('form.saving')} onCancel={onCancel} />
    </form>
  );
}
