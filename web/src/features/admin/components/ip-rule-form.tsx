import { useState, type FormEvent } from 'react';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { IP_RULE_DESCRIPTION_MAX_LENGTH, IP_RULE_MAX_LENGTH, ipRuleInputSchema, type IpRule } from '@ledgerwell/shared/ip-rules';
import { TextField } from '../../../components/ui/text-field';
import type { IpRuleBody } from '../api/ip-whitelist';
import { expiryFromDateInput, localDateInput } from '../utils/ip-rules-view';
import { Modal } from './modal';

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
  const [values, setValues] = useState<Record<Field, string>>({
    ipAddress: rule?.ipAddress ?? '',
    description: rule?.description ?? '',
    expiresAt: rule?.expiresAt ? localDateInput(rule.expiresAt) : '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Server errors show until their field is edited, like the form's own.
  const [clearedServerErrors, setClearedServerErrors] = useState<ReadonlySet<Field>>(new Set());
  const shown = (field: Field) => errors[field] ?? (clearedServerErrors.has(field) ? undefined : serverErrors[field]);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setClearedServerErrors((current) => new Set(current).add(field));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ipAddress: values.ipAddress.trim(),
      description: values.description.trim(),
      expiresAt: expiryFromDateInput(values.expiresAt),
    };
    const result = ipRuleInputSchema().safeParse(body);
    if (!result.success) {
      setErrors(zodFieldErrors(result.error) as Partial<Record<Field, string>>);
      setClearedServerErrors(new Set(['ipAddress', 'description', 'expiresAt']));
      return;
    }
    setErrors({});
    setClearedServerErrors(new Set());
    onSubmit({ ipAddress: result.data.ipAddress, description: result.data.description, expiresAt: result.data.expiresAt?.toISOString() ?? null });
  }

  return (
    <Modal title={rule ? 'Edit IP Rule' : 'Add IP Rule'} onClose={onCancel}>
      <p className="notice notice--warning">Changes take effect immediately: the next admin request from any address is checked against the saved rules.</p>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          label="IP address or CIDR range"
          name="ipAddress"
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          placeholder="192.168.1.10 or 192.168.1.0/24"
          maxLength={IP_RULE_MAX_LENGTH + 10}
          required
          data-autofocus
          value={values.ipAddress}
          error={shown('ipAddress')}
          description="A single IPv4 or IPv6 address, or a range in CIDR notation (IPv4 /0-32, IPv6 /0-128)."
          onChange={(event) => change('ipAddress', event.target.value)}
        />
        <TextField
          label="Description"
          name="description"
          maxLength={IP_RULE_DESCRIPTION_MAX_LENGTH}
          required
          value={values.description}
          error={shown('description')}
          onChange={(event) => change('description', event.target.value)}
        />
        <TextField
          label="Expires (optional)"
          name="expiresAt"
          type="date"
          min={localDateInput(new Date())}
          value={values.expiresAt}
          error={shown('expiresAt')}
          description="The rule stops applying at the end of this day. Leave empty for no expiry."
          onChange={(event) => change('expiresAt', event.target.value)}
        />
        <div className="form-actions modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving...' : rule ? 'Save changes' : 'Add rule'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
