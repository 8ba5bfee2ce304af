import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, type MfaStatus } from '@ledgerwell/shared/admin-mfa';
import { TextField } from '../ui/text-field';
import { isApiRequestError } from '../../lib/api-client';
import type { AccountApi, FactorAccount } from './account-api';
import { addPasskey, passkeyErrorMessage, passkeyProof, removePasskey } from './passkeys-api';
import { formatDay } from './mfa-view';
import { CodeDialog } from './code-dialog';
import { RecoveryCodes } from './recovery-codes';
import './passkeys.css';

type Passkey = MfaStatus['passkeys'][number];

interface PasskeysSectionProps {
  api: AccountApi;
  account: FactorAccount;
  /** Re-reads the signed-in profile (mfaEnabled / mustEnrollMfa may have changed); may throw. */
  refreshProfile: () => Promise<unknown>;
  /** Where 'I have saved these codes' goes after a required enrolment. */
  homePath: string;
  /** The Security screen's status (null while it loads). */
  status: MfaStatus | null;
  /** Tells the screen to read the status again after a change. */
  onChanged: () => void;
}

/**
 * The Security screen's passkeys: the list (name, added, last used), 'Add a passkey' with an optional
 * name, removal against a current factor. A user who must enrol can choose a passkey instead of the
 * app; the first factor shows the recovery codes once.
 */
export function PasskeysSection({ api, account, refreshProfile, homePath, status, onChanged }: PasskeysSectionProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [codes, setCodes] = useState<{ codes: string[]; afterEnrolment: boolean } | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  async function changed() {
    try {
      // mfaEnabled / mustEnrollMfa may have changed.
      await refreshProfile();
    } catch {
      // The change itself succeeded; the guard re-reads the profile on the next load.
    }
    onChanged();
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim().length > PASSKEY_NAME_MAX) {
      setNameError(PASSKEY_MESSAGES.nameTooLong);
      return;
    }
    const afterEnrolment = account.mustEnrollMfa;
    setAdding(true);
    setError(null);
    setNotice(null);
    setNameError(undefined);
    try {
      const recoveryCodes = await addPasskey(api, name.trim());
      setName('');
      setNotice(PASSKEY_MESSAGES.added);
      if (recoveryCodes) setCodes({ codes: recoveryCodes, afterEnrolment });
      await changed();
    } catch (failure) {
      const fieldError = isApiRequestError(failure) ? failure.fieldErrors.name : undefined;
      if (fieldError) setNameError(fieldError);
      else setError(passkeyErrorMessage(failure));
    } finally {
      setAdding(false);
    }
  }

  async function removed() {
    setRemoving(null);
    setNotice(PASSKEY_MESSAGES.removed);
    await changed();
  }

  function codesSaved() {
    const afterEnrolment = codes?.afterEnrolment ?? false;
    setCodes(null);
    setNotice(null);
    if (afterEnrolment) navigate(homePath);
  }

  const passkeys = status?.passkeys ?? [];
  const { mfaPasskeyRemove, mfaPasskeyOptions } = api;

  return (
    <section className="admin-card security-card passkeys" aria-labelledby={headingId}>
      <h2 id={headingId}>Passkeys</h2>
      <p className="muted">
        A passkey signs you in with your device's screen lock or a security key, instead of a code.
      </p>
      {notice && (
        <div className="notice notice--success" role="status">
          {notice}
        </div>
      )}
      {error && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
      {codes ? (
        <RecoveryCodes codes={codes.codes} username={account.name} label={api.label} onDone={codesSaved} />
      ) : (
        <>
          {passkeys.length > 0 ? (
            <ul className="passkey-list">
              {passkeys.map((passkey) => (
                <li key={passkey.id} className="passkey-list__item">
                  <div>
                    <p className="passkey-list__name">{passkey.name}</p>
                    <p className="passkey-list__dates">
                      Added {formatDay(passkey.createdAt)},{' '}
                      {passkey.lastUsedAt ? `last used ${formatDay(passkey.lastUsedAt)}` : 'not used yet'}
                    </p>
                  </div>
                  {mfaPasskeyRemove && (
                    <button
                      type="button"
                      className="button button--danger-outline button--small"
                      aria-label={`Remove passkey ${passkey.name}`}
                      onClick={() => setRemoving(passkey)}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            status && <p>No passkeys yet.</p>
          )}
          <form className="form passkeys__add" onSubmit={(event) => void add(event)} noValidate>
            <TextField
              label="Passkey name (optional)"
              name="passkeyName"
              autoComplete="off"
              maxLength={PASSKEY_NAME_MAX}
              placeholder="e.g. Work laptop"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={nameError}
            />
            <button type="submit" className="button" disabled={adding} aria-busy={adding || undefined}>
              {adding ? 'Waiting for your passkey...' : 'Add a passkey'}
            </button>
          </form>
        </>
      )}
      {removing && mfaPasskeyRemove && (
        <CodeDialog
          title={`Remove passkey ${removing.name}`}
          description="Confirm with a passkey, a code from your authenticator app, or a recovery code."
          confirmLabel="Remove"
          danger
          onSubmit={async (code, altcha) => {
            await removePasskey({ ...api, mfaPasskeyRemove }, removing.id, { code }, altcha);
            await removed();
          }}
          onPasskey={
            mfaPasskeyOptions
              ? async () => {
                  await removePasskey({ ...api, mfaPasskeyRemove }, removing.id, await passkeyProof(api));
                  await removed();
                }
              : undefined
          }
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
