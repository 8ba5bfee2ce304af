import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  MFA_MESSAGES,
  RECOVERY_CODE_COUNT,
  type MfaStatus,
  type TotpSetup as TotpSetupData,
} from '@ledgerwell/shared/admin-mfa';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { LoadFailure } from '../ui/load-failure';
import { Spinner } from '../ui/spinner';
import type { AccountApi, FactorAccount } from './account-api';
import { disableTotp, enableTotp, fetchMfaStatus, regenerateRecoveryCodes, setUpTotp } from './factor-api';
import { CodeDialog } from './code-dialog';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { PasskeysSection } from './passkeys-section';
import { passkeyProof, type FactorProof } from './passkeys-api';
import { formatDay, messageOf } from './mfa-view';

type View =
  | { kind: 'status' }
  | { kind: 'setup'; setup: TotpSetupData }
  /** `afterEnrolment`: the factor was required, so 'I have saved these codes' goes on to the area's home. */
  | { kind: 'codes'; codes: string[]; afterEnrolment: boolean };

interface SecurityScreenProps {
  api: AccountApi;
  account: FactorAccount;
  /** Re-reads the signed-in profile (mfaEnabled / mustEnrollMfa may have changed); may throw. */
  refreshProfile: () => Promise<unknown>;
  /** Where 'I have saved these codes' goes after a required enrolment. */
  homePath: string;
  /** Sections of the area's own after the second factor's (e.g. the active sessions). */
  children?: ReactNode;
}

/**
 * A signed-in account's second factor: its status, the authenticator app's set-up (and, where the kind of
 * account may, its removal), the passkeys, and the recovery codes, shown once.
 */
export function SecurityScreen({ api, account, refreshProfile, homePath, children }: SecurityScreenProps) {
  useDocumentMeta('Security');
  const navigate = useNavigate();
  const headingId = useId();
  const [status, setStatus] = useState<MfaStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [dialog, setDialog] = useState<'regenerate' | 'remove' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const setupButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchMfaStatus(api, controller.signal).then(
      (next) => {
        setStatus(next);
        setLoadError(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOf(error, 'Failed to load your security settings'));
      },
    );
    return () => controller.abort();
  }, [api, loads]);

  const reload = () => setLoads((count) => count + 1);

  async function reReadProfile() {
    try {
      await refreshProfile();
    } catch {
      // The change itself succeeded; the guard re-reads the profile on the next load.
    }
  }

  async function startSetup() {
    setStarting(true);
    setActionError(null);
    setNotice(null);
    try {
      setView({ kind: 'setup', setup: await setUpTotp(api) });
    } catch (error) {
      setActionError(messageOf(error, 'Failed to start the set-up'));
      reload();
    } finally {
      setStarting(false);
    }
  }

  async function confirmSetup(code: string, altcha?: string) {
    const required = account.mustEnrollMfa;
    const codes = await enableTotp(api, code, altcha);
    setView({ kind: 'codes', codes, afterEnrolment: required });
    setNotice(MFA_MESSAGES.totpEnabled);
    await reReadProfile();
    reload();
  }

  function codesSaved() {
    const afterEnrolment = view.kind === 'codes' && view.afterEnrolment;
    setView({ kind: 'status' });
    setNotice(null);
    if (afterEnrolment) navigate(homePath);
  }

  const { mfaRecoveryCodes, mfaTotpDisable } = api;

  async function regenerate(proof: string | FactorProof, altcha?: string) {
    if (!mfaRecoveryCodes) return;
    const codes = await regenerateRecoveryCodes({ ...api, mfaRecoveryCodes }, proof, altcha);
    setDialog(null);
    setView({ kind: 'codes', codes, afterEnrolment: false });
    setNotice(MFA_MESSAGES.recoveryCodesRegenerated);
    reload();
  }

  async function remove(proof: string | FactorProof, altcha?: string) {
    if (!mfaTotpDisable) return;
    await disableTotp({ ...api, mfaTotpDisable }, proof, altcha);
    setDialog(null);
    setNotice(MFA_MESSAGES.totpDisabled);
    await reReadProfile();
    reload();
  }

  const enabled = status?.totp != null;
  const anyFactor = (status?.methods.length ?? 0) > 0;
  /** The dialogs' 'Use a passkey', for a user who has one. */
  const withPasskey = (run: (proof: FactorProof) => Promise<void>) =>
    status?.methods.includes('webauthn') && api.mfaPasskeyOptions
      ? async () => run(await passkeyProof(api))
      : undefined;

  return (
    <div className="admin-page admin-page--narrow">
      <header className="admin-page__header">
        <h1>Security</h1>
        {account.mustEnrollMfa ? (
          <p className="notice notice--warning" role="alert">
            {MFA_MESSAGES.enrollmentRequired}
          </p>
        ) : (
          <p className="muted">A second factor keeps your account safe even if someone learns your password.</p>
        )}
      </header>

      {notice && (
        <div className="notice notice--success" role="status">
          {notice}
        </div>
      )}
      {actionError && (
        <div className="notice notice--error" role="alert">
          {actionError}
        </div>
      )}

      <section className="admin-card security-card" aria-labelledby={headingId}>
        <h2 id={headingId}>Second factor</h2>
        {loadError ? (
          <LoadFailure text={loadError} onRetry={reload} alert />
        ) : !status ? (
          <Spinner block />
        ) : (
          <>
            <dl className="detail-list">
              <div className="detail-list__row">
                <dt>Required for your role</dt>
                <dd>{status.required ? 'Yes' : 'No'}</dd>
              </div>
              <div className="detail-list__row">
                <dt>Authenticator app</dt>
                <dd>{status.totp ? `On since ${formatDay(status.totp.enabledAt)}` : 'Not set up'}</dd>
              </div>
              {anyFactor && (
                <div className="detail-list__row">
                  <dt>Recovery codes left</dt>
                  <dd>
                    {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT}
                  </dd>
                </div>
              )}
            </dl>

            {view.kind === 'setup' && (
              <TotpSetup
                setup={view.setup}
                onConfirm={confirmSetup}
                onCancel={() => {
                  setView({ kind: 'status' });
                  setupButton.current?.focus();
                }}
              />
            )}
            {view.kind === 'codes' && (
              <RecoveryCodes codes={view.codes} username={account.name} label={api.label} onDone={codesSaved} />
            )}
            {view.kind === 'status' && (
              <div className="form-actions security-card__actions">
                {anyFactor && mfaRecoveryCodes && (
                  <button type="button" className="button button--secondary" onClick={() => setDialog('regenerate')}>
                    Regenerate recovery codes
                  </button>
                )}
                {enabled ? (
                  mfaTotpDisable && (
                    <button type="button" className="button button--danger-outline" onClick={() => setDialog('remove')}>
                      Remove authenticator app
                    </button>
                  )
                ) : (
                  <button
                    ref={setupButton}
                    type="button"
                    className="button"
                    onClick={() => void startSetup()}
                    disabled={starting}
                    aria-busy={starting || undefined}
                  >
                    {starting ? 'Starting...' : 'Set up authenticator app'}
                  </button>
                )}
              </div>
            )}
          </>
        )}
      </section>

      <PasskeysSection
        api={api}
        account={account}
        refreshProfile={refreshProfile}
        homePath={homePath}
        status={status}
        onChanged={reload}
      />

      {children}

      {dialog === 'regenerate' && (
        <CodeDialog
          title="Regenerate recovery codes"
          description="Enter a current code from your authenticator app, or a recovery code. Your old recovery codes stop working."
          confirmLabel="Create new codes"
          onSubmit={regenerate}
          onPasskey={withPasskey(regenerate)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'remove' && (
        <CodeDialog
          title="Remove authenticator app"
          description="Enter a current code from your authenticator app, or a recovery code. Without a passkey left, your recovery codes stop working too."
          confirmLabel="Remove"
          danger
          onSubmit={remove}
          onPasskey={withPasskey(remove)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
