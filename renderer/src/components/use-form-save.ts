/**
 * The state an add or edit form keeps around its Save (Settings' profiles, MCP servers): each
 * field's error and the form's own, the keyboard taken to the first field at fault, and a save
 * that marks the form busy and puts the host's refusal at the field it names, else on the form.
 */
import { useState, type RefObject } from 'react';
import type { ErrorData } from '@shared/contract/index.js';
import { useMessageText } from '../i18n/messages.js';

export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;
type Focusable = HTMLInputElement | HTMLTextAreaElement;

/**
 * The field a host refusal names. Its parameter is a path ("baseUrl", "input.baseUrl",
 * "spec.env.FOO"): the first part of it that is one of the form's fields.
 */
export function fieldAtFault<F extends string>(error: ErrorData, fields: readonly F[]): F | undefined {
  if (error.code !== 'invalid_input') return undefined;
  return (error.param ?? '').split('.').find((part): part is F => (fields as readonly string[]).includes(part));
}

export function useFormSave<F extends string>(fields: readonly F[], inputs: Record<F, RefObject<Focusable | null>>) {
  const say = useMessageText();
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [saving, setSaving] = useState(false);

  const showErrors = (next: FormErrors<F>) => {
    setErrors(next);
    const first = fields.find((f) => next[f]);
    if (first) inputs[first].current?.focus();
  };

  /** The host's refusal where it belongs: at the field it names, else on the whole form. */
  const placed = (error: ErrorData): FormErrors<F> => {
    const field = fieldAtFault(error, fields);
    return (field ? { [field]: say(error) } : { form: say(error) }) as FormErrors<F>;
  };

  /**
   * Runs `work` with the form busy and its errors cleared; a refusal it throws is shown, by
   * `refused` when the form words some refusals its own way.
   */
  const save = async (work: () => Promise<void>, refused: (error: ErrorData) => FormErrors<F> = placed) => {
    setSaving(true);
    setErrors({});
    try {
      await work();
    } catch (caught) {
      showErrors(refused(caught as ErrorData));
    } finally {
      setSaving(false);
    }
  };

  return { errors, saving, showErrors, placed, save, say };
}
