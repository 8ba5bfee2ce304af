import type { FormEvent } from 'react';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import {
  IP_RULE_DESCRIPTION_MAX_LENGTH,
  IP_RULE_MAX_LENGTH,
  ipRuleInputSchema,
  type IpRule,
} from '@ledgerwell/shared/ip-rules';
import { TextField } from '../../../components/ui/text-field';
import type { IpRuleBody } from '../api/ip-whitelist';
import { useFormFields } from '../hooks/use-form-fields';
import { expiryFromDateInput, localDateInput } from '../utils/ip-rules-view';
import { Modal } from './modal';
import { ModalFormActions } from './modal-form-actions';

type Field = 'ipAddress' | 'description' | 'expiresAt';

interface IpRuleFormProps {
  /** The rule being edited; none to add one. */
  rule: IpRule | null;
  busy: boolean;
  /** Field errors the server sent back (400 or a duplicate 409). */
  serverErrors: Partial<Record<Field, string>>;
  onSubmit: (body: IpRuleBody) => void;
  onCancel: () => void;
}

/** The Add / Edit IP Rule modal: the shared rule of spec 5.1, checked here before the server checks it again. */
export function IpRuleForm({ rule, busy, serverErrors, onSubmit, onCancel }: IpRuleFormProps) {
  const { values, field, showErrors, clearErrors } = useFormFields<Field>(
    {
      ipAddress: rule?.ipAddress ?? '',
      description: rule?.description ?? '',
      expiresAt: rule?.expiresAt ? localDateInput(rule.expiresAt) : '',
    },
    serverErrors,
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ipAddress: values.ipAddress.trim(),
      description: values.description.trim(),
      expiresAt: expiryFromDateInput(values.expiresAt),
    };
    const result = ipRuleInputSchema().safeParse(body);
    if (!result.success) {
      showErrors(zodFieldErrors(result.error) as Partial<Record<Field, string>>);
      return;
    }
    clearErrors();
    onSubmit({
      ipAddress: result.data.ipAddress,
      description: result.data.description,
      expiresAt: result.data.expiresAt?.toISOString() ?? null,
    });
  }

  return (
    <Modal title={rule ? 'Edit IP Rule' : 'Add IP Rule'} onClose={onCancel}>
      <p className="notice notice--warning">
        Changes take effect immediately: the next admin request from any address is checked against the saved rules.
      </p>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          label="IP address or CIDR range"
          {...field('ipAddress')}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          placeholder="192.168.1.10 or 192.168.1.0/24"
          maxLength={IP_RULE_MAX_LENGTH + 10}
          required
          data-autofocus
          description="A single IPv4 or IPv6 address, or a range in CIDR notation (IPv4 /0-32, IPv6 /0-128)."
        />
        <TextField label="Description" {...field('description')} maxLength={IP_RULE_DESCRIPTION_MAX_LENGTH} required />
        <TextField
          label="Expires (optional)"
          {...field('expiresAt')}
          type="date"
          min={localDateInput(new Date())}
          description="The rule stops applying at the end of this day. Leave empty for no expiry."
        />
        <ModalFormActions busy={busy} submitLabel={rule ? 'Save changes' : 'Add rule'} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
