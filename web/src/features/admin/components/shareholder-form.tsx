import { useRef, useState, type FormEvent } from 'react';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { HOLDING_TYPES, shareholderInputSchema, type HoldingType } from '@ledgerwell/shared/registry';
import { isApiRequestError } from '../../../lib/api-client';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../../../components/ui/select-field';
import { createShareholder, type ShareholderView } from '../api/shareholders';

interface AccountDraft {
  key: number;
  accountNumber: string;
  registrationName: string;
  issuer: string;
  shareClass: string;
  sharesHeld: string;
  holdingType: HoldingType;
  certificateNumbers: string;
}
type AccountField = Exclude<keyof AccountDraft, 'key'>;

type HolderField = 'code' | 'name' | 'email' | 'phone' | 'taxId';
type AddressField = 'line1' | 'line2' | 'city' | 'state' | 'postalCode';

interface Draft {
  holder: Record<HolderField, string>;
  address: Record<AddressField, string>;
  accounts: AccountDraft[];
}

/** One labelled text input of the form; the key names the draft field and the server's error path. */
interface FieldSpec<K extends string> {
  key: K;
  label: string;
  required?: boolean;
  type?: 'email' | 'tel';
  inputMode?: 'numeric';
  maxLength?: number;
}

const HOLDER_FIELDS: FieldSpec<HolderField>[] = [
  { key: 'code', label: 'Code', required: true, maxLength: 10 },
  { key: 'name', label: 'Name', required: true },
  { key: 'email', label: 'E-mail', required: true, type: 'email' },
  { key: 'phone', label: 'Phone (optional)', type: 'tel' },
  { key: 'taxId', label: 'Tax ID (optional)' },
];
const ADDRESS_FIELDS: FieldSpec<AddressField>[] = [
  { key: 'line1', label: 'Street address', required: true },
  { key: 'line2', label: 'Address line 2 (optional)' },
  { key: 'city', label: 'City', required: true },
  { key: 'state', label: 'State', required: true },
  { key: 'postalCode', label: 'ZIP code', required: true, inputMode: 'numeric' },
];
const ACCOUNT_FIELDS: FieldSpec<Exclude<AccountField, 'holdingType' | 'certificateNumbers'>>[] = [
  { key: 'accountNumber', label: 'Account number', required: true },
  { key: 'registrationName', label: 'Registration name', required: true },
  { key: 'issuer', label: 'Issuer', required: true },
  { key: 'shareClass', label: 'Share class', required: true },
  { key: 'sharesHeld', label: 'Shares held', required: true, inputMode: 'numeric' },
];

const HOLDING_OPTIONS = HOLDING_TYPES.map((type) => ({
  value: type,
  label: type === 'DRS' ? 'DRS (book entry)' : 'Certificated',
}));

function emptyAccount(key: number): AccountDraft {
  return {
    key,
    accountNumber: '',
    registrationName: '',
    issuer: '',
    shareClass: '',
    sharesHeld: '',
    holdingType: 'DRS',
    certificateNumbers: '',
  };
}

/** The draft as the shared schema expects it; blanks of optional fields are left out. */
function toCandidate(draft: Draft) {
  const optional = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    code: draft.holder.code,
    name: draft.holder.name,
    email: draft.holder.email,
    phone: optional(draft.holder.phone),
    taxId: optional(draft.holder.taxId),
    address: {
      line1: draft.address.line1,
      line2: optional(draft.address.line2),
      city: draft.address.city,
      state: draft.address.state,
      postalCode: draft.address.postalCode,
    },
    accounts: draft.accounts.map((account) => {
      const shares = account.sharesHeld.trim().replace(/,/g, '');
      return {
        accountNumber: account.accountNumber,
        registrationName: account.registrationName,
        issuer: account.issuer,
        shareClass: account.shareClass,
        // Anything but plain digits is left for the schema to refuse with its message.
        sharesHeld: /^\d+$/.test(shares) ? Number(shares) : Number.NaN,
        holdingType: account.holdingType,
        certificateNumbers: account.certificateNumbers.split(/[,;\s]+/).filter(Boolean),
      };
    }),
  };
}

const PLACED_KEY =
  /^(code|name|email|phone|taxId|accounts|address\.(line1|line2|city|state|postalCode)|accounts\.\d+\.(accountNumber|registrationName|issuer|shareClass|sharesHeld|holdingType|certificateNumbers))$/;

/** Certificate number messages arrive per item ('accounts.0.certificateNumbers.2'): shown under the one field. */
function errorKey(key: string): string {
  return key.replace(/^(accounts\.\d+\.certificateNumbers)\.\d+$/, '$1');
}

function normaliseErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = errorKey(key);
    if (!(field in result)) result[field] = message;
  }
  return result;
}

interface ShareholderFormProps {
  onCreated: (shareholder: ShareholderView) => void;
  onCancel: () => void;
}

export function ShareholderForm({ onCreated, onCancel }: ShareholderFormProps) {
  const nextKey = useRef(1);
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => ({
    holder: { code: '', name: '', email: '', phone: '', taxId: '' },
    address: { line1: '', line2: '', city: '', state: '', postalCode: '' },
    accounts: [emptyAccount(0)],
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function clearError(key: string) {
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  function setHolder(field: HolderField, value: string) {
    setDraft((current) => ({ ...current, holder: { ...current.holder, [field]: value } }));
    clearError(field);
  }

  function setAddress(field: AddressField, value: string) {
    setDraft((current) => ({ ...current, address: { ...current.address, [field]: value } }));
    clearError(`address.${field}`);
  }

  function setAccount(index: number, field: AccountField, value: string) {
    setDraft((current) => ({
      ...current,
      accounts: current.accounts.map((account, i) => (i === index ? { ...account, [field]: value } : account)),
    }));
    clearError(`accounts.${index}.${field}`);
    if (field === 'accountNumber') clearError('accounts');
  }

  function addAccount() {
    const key = nextKey.current++;
    setDraft((current) => ({ ...current, accounts: [...current.accounts, emptyAccount(key)] }));
  }

  function removeAccount(index: number) {
    setDraft((current) => ({ ...current, accounts: current.accounts.filter((_, i) => i !== index) }));
    // Account messages are keyed by position, which just moved: drop them rather than misplace them.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('accounts'))));
  }

  function focusFirstInvalid() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = shareholderInputSchema.safeParse(toCandidate(draft));
    if (!parsed.success) {
      setErrors(normaliseErrors(zodFieldErrors(parsed.error)));
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onCreated(await createShareholder(parsed.data));
    } catch (error) {
      const serverErrors = isApiRequestError(error) ? normaliseErrors(error.fieldErrors) : {};
      setErrors(serverErrors);
      if (isApiRequestError(error) && error.status === 409) setFormError(error.message);
      else if (isApiRequestError(error) && error.isNetworkError)
        setFormError('Network error: the shareholder was not added. Please try again.');
      else if (Object.keys(serverErrors).length === 0) {
        setFormError(isApiRequestError(error) && error.fromServer ? error.message : 'Failed to add shareholder');
      }
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  }

  const errorCount = Object.keys(errors).length;
  const unplaced = Object.entries(errors).filter(([key]) => {
    if (!PLACED_KEY.test(key)) return true;
    const index = /^accounts\.(\d+)\./.exec(key)?.[1];
    return index !== undefined && Number(index) >= draft.accounts.length;
  });

  return (
    <section className="card admin-panel" aria-labelledby="add-shareholder-heading">
      <h2 id="add-shareholder-heading">Add shareholder</h2>
      <form ref={formRef} onSubmit={handleSubmit} noValidate className="form">
        {(formError || errorCount > 0) && (
          <div className="notice notice--error" role="alert">
            {formError && <p>{formError}</p>}
            {errorCount > 0 && !formError && <p>Please correct the highlighted fields.</p>}
            {unplaced.length > 0 && (
              <ul>
                {unplaced.map(([key, message]) => (
                  <li key={key}>
                    {key}: {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}

        <fieldset className="form-section">
          <legend>Holder</legend>
          <div className="form-grid">
            {HOLDER_FIELDS.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                name={field.key}
                type={field.type}
                inputMode={field.inputMode}
                maxLength={field.maxLength}
                autoComplete="off"
                required={field.required}
                value={draft.holder[field.key]}
                onChange={(event) => setHolder(field.key, event.target.value)}
                error={errors[field.key]}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Address</legend>
          <div className="form-grid">
            {ADDRESS_FIELDS.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                name={field.key}
                inputMode={field.inputMode}
                autoComplete="off"
                required={field.required}
                value={draft.address[field.key]}
                onChange={(event) => setAddress(field.key, event.target.value)}
                error={errors[`address.${field.key}`]}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Accounts</legend>
          {errors.accounts && (
            <p className="field__error" role="alert">
              {errors.accounts}
            </p>
          )}
          {draft.accounts.map((account, index) => {
            const at = (field: AccountField) => errors[`accounts.${index}.${field}`];
            return (
              <fieldset key={account.key} className="account-row">
                <legend>Account {index + 1}</legend>
                <div className="form-grid">
                  {ACCOUNT_FIELDS.map((field) => (
                    <TextField
                      key={field.key}
                      label={field.label}
                      inputMode={field.inputMode}
                      autoComplete="off"
                      required={field.required}
                      value={account[field.key]}
                      onChange={(event) => setAccount(index, field.key, event.target.value)}
                      error={at(field.key)}
                    />
                  ))}
                  <SelectField
                    label="Holding type"
                    options={HOLDING_OPTIONS}
                    value={account.holdingType}
                    onChange={(event) => setAccount(index, 'holdingType', event.target.value)}
                    error={at('holdingType')}
                  />
                  <TextField
                    label="Certificate numbers (optional, comma-separated)"
                    autoComplete="off"
                    value={account.certificateNumbers}
                    onChange={(event) => setAccount(index, 'certificateNumbers', event.target.value)}
                    error={at('certificateNumbers')}
                  />
                </div>
                {draft.accounts.length > 1 && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Remove account ${index + 1}`}
                    onClick={() => removeAccount(index)}
                  >
                    Remove account
                  </button>
                )}
              </fieldset>
            );
          })}
          <button type="button" className="button button--secondary button--small" onClick={addAccount}>
            Add another account
          </button>
        </fieldset>

        <div className="form-actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save shareholder'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
