import { useId, useState, type FormEvent } from 'react';
import { ISSUER_USER_ROLES } from '@ledgerwell/shared/issuer-auth';
import { ISSUER_ROLE_LABELS, inviteIssuerUserSchema } from '@ledgerwell/shared/issuer-users';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiRequestError } from '../../../lib/api-client';
import { actionErrorMessage } from '../../../lib/action-error';
import { inviteIssuerUser } from '../api/users';

const ROLE_OPTIONS = ISSUER_USER_ROLES.map((role) => ({ value: role, label: ISSUER_ROLE_LABELS[role] }));

/** Invite a colleague: the shared schema checks the form before it is sent; the server's field messages show too. */
export function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('ISSUER_VIEWER');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    const parsed = inviteIssuerUserSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await inviteIssuerUser(parsed.data);
      setEmail('');
      onInvited(parsed.data.email);
    } catch (error) {
      if (isApiRequestError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else setFailure(actionErrorMessage(error, 'The invitation could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="issuer-users__invite form" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId}>Invite a colleague</h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <SelectField
        label="Role"
        options={ROLE_OPTIONS}
        value={role}
        onChange={(event) => setRole(event.target.value)}
        error={errors.role}
      />
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}
