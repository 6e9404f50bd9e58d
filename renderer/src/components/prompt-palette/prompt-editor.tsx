/**
 * A prompt's fields in the library dialog: title, the text with its `{variables}`, description,
 * tags (comma separated) and presets (model -> the form's parameters, as JSON). A new prompt may
 * start from the prompt field in use: its text, and the form's parameters as its model's preset. Nothing typed is lost on a refusal: the host's message shows
 * and the fields stay.
 */
import './strings.js';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promptVariables, type PromptView } from '@shared/contract/prompts.js';
import { call, errorMessage } from '../../api/client.js';
import type { PromptFieldHandle } from './prompt-fields.js';

interface Props {
  prompt?: PromptView;
  field?: PromptFieldHandle;
  onDone(): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function PromptEditor({ prompt, field, onDone }: Props) {
  const { t } = useTranslation('prompts');
  const id = useId();
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [text, setText] = useState(prompt?.text ?? '');
  const [description, setDescription] = useState(prompt?.description ?? '');
  const [tags, setTags] = useState(prompt?.tags.join(', ') ?? '');
  const [presets, setPresets] = useState(prompt && Object.keys(prompt.presets).length ? JSON.stringify(prompt.presets, null, 2) : '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!title.trim() || !text.trim()) return setError(t('editor.required'));
    let parsed: Record<string, Record<string, unknown>> = {};
    if (presets.trim()) {
      try {
        const v = JSON.parse(presets) as unknown;
        if (!isObject(v) || !Object.values(v).every(isObject)) throw new Error('shape');
        parsed = v as Record<string, Record<string, unknown>>;
      } catch {
        return setError(t('editor.presetsInvalid'));
      }
    }
    setBusy(true);
    try {
      await call('prompts.save', {
        ...(prompt ? { id: prompt.id } : {}),
        title: title.trim(),
        text,
        description,
        tags: tags.split(/[,，]/).map((x) => x.trim()).filter(Boolean),
        presets: parsed,
      });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const fromField = field?.value().trim();
  const takeField = () => {
    if (!field || !fromField) return;
    setText(fromField);
    const model = field.model?.();
    const params = field.params?.();
    if (model && params && Object.keys(params).length) setPresets(JSON.stringify({ [model]: params }, null, 2));
  };
  return (
    <form
      className="prompt-editor"
      aria-label={prompt ? t('editor.titleEdit') : t('editor.titleNew')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3>{prompt ? t('editor.titleEdit') : t('editor.titleNew')}</h3>
      {!prompt && fromField && (
        <button type="button" className="button" onClick={takeField}>
          {t('editor.fromField')}
        </button>
      )}
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('editor.name')}</label>
        <input id={`${id}-title`} dir="auto" value={title} autoFocus onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('editor.text')}</label>
        <textarea id={`${id}-text`} dir="auto" rows={4} value={text} aria-describedby={`${id}-text-hint`} onChange={(e) => setText(e.target.value)} />
        <p className="hint" id={`${id}-text-hint`}>
          {t('editor.textHint')}
          {promptVariables(text).length > 0 && ` ${t('library.variablesLine', { names: promptVariables(text).join(', ') })}`}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('editor.description')}</label>
        <input id={`${id}-description`} dir="auto" value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-tags`}>{t('editor.tags')}</label>
        <input id={`${id}-tags`} dir="auto" value={tags} aria-describedby={`${id}-tags-hint`} onChange={(e) => setTags(e.target.value)} />
        <p className="hint" id={`${id}-tags-hint`}>{t('editor.tagsHint')}</p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-presets`}>{t('editor.presets')}</label>
        <textarea id={`${id}-presets`} rows={3} value={presets} placeholder={t('editor.presetsHint')} onChange={(e) => setPresets(e.target.value)} />
      </div>
      {error && <p role="alert" className="form-error">{error}</p>}
      <div className="prompt-palette-foot">
        <button type="button" className="button" onClick={onDone}>
          {t('editor.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('editor.save')}
        </button>
      </div>
    </form>
  );
}
