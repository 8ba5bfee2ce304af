import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { z } from 'zod';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { TextField } from '../../../../components/ui/text-field';
import { isApiRequestError } from '../../../../lib/api-client';
import { useFormFields } from '../../hooks/use-form-fields';
import { actionErrorMessage } from '../../../../lib/action-error';
import { Modal } from '../modal';
import { ModalFormActions } from '../modal-form-actions';
import type { PushToast } from './ledger-format';

export interface LedgerFieldSpec<F extends string> {
  name: F;
  label: string;
  description?: string;
  required?: boolean;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'maxLength' | 'placeholder' | 'max'>;
}

interface LedgerFormProps<F extends string, S extends z.ZodType> {
  title: string;
  intro?: string;
  fields: LedgerFieldSpec<F>[];
  initial: Record<F, string>;
  /** The shared schema the server checks the body with: checked here first, with the same messages. */
  schema: S;
  /** The body from the typed values (empty optional fields left out). */
  toBody: (values: Record<F, string>) => unknown;
  submitLabel: string;
  send: (body: z.output<S>) => Promise<unknown>;
  /** After the server took it: the toast to show. */
  successMessage: string;
  onDone: () => void;
  onCancel: () => void;
  onToast: PushToast;
}

/**
 * A ledger write in a modal: the shared schema checks the fields, the server's field errors show beside them, and
 * any other refusal (a 403, a 409 with its rule) becomes a toast in the server's words. Nothing typed is lost on a
 * refusal: the modal stays open with the values.
 */
export function LedgerForm<F extends string, S extends z.ZodType>({
  title,
  intro,
  fields,
  initial,
  schema,
  toBody,
  submitLabel,
  send,
  successMessage,
  onDone,
  onCancel,
  onToast,
}: LedgerFormProps<F, S>) {
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const { values, field, showErrors, clearErrors } = useFormFields<F>(initial, serverErrors);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = schema.safeParse(toBody(values));
    if (!result.success) {
      const errors = zodFieldErrors(result.error);
      showErrors(errors as Partial<Record<F, string>>);
      // A rule on something not typed here (an id the screen supplies) must not fail silently.
      const hidden = Object.entries(errors).find(([name]) => !fields.some((spec) => spec.name === name));
      if (hidden) onToast('error', hidden[1]);
      return;
    }
    clearErrors();
    setBusy(true);
    try {
      await send(result.data);
      onToast('success', successMessage);
      onDone();
    } catch (error) {
      if (isApiRequestError(error) && error.fromServer && Object.keys(error.fieldErrors).length > 0) {
        setServerErrors(error.fieldErrors);
      } else {
        onToast('error', actionErrorMessage(error, `Failed: ${title}`));
      }
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onCancel}>
      {intro && <p>{intro}</p>}
      <form noValidate onSubmit={submit}>
        {fields.map((spec, index) => (
          <TextField
            key={spec.name}
            label={spec.label}
            {...field(spec.name)}
            {...spec.input}
            description={spec.description}
            required={spec.required}
            autoComplete="off"
            data-autofocus={index === 0 ? true : undefined}
          />
        ))}
        <ModalFormActions busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
      </form>
    </Modal>
  );
}

/** The typed text, or nothing when the field was left empty (an optional field the server should not see). */
export const optional = (value: string) => (value.trim() ? value.trim() : undefined);
