import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import type { MfaLoginBody, MfaMethod } from '@ledgerwell/shared/admin-mfa';
import type { Challenge } from '@ledgerwell/shared/challenge';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import { isApiRequestError } from '../../lib/api-client';
import { TextField } from '../ui/text-field';
import { ProofOfWork, challengeOf } from '../proof-of-work';
import type { AccountApi } from './account-api';
import { MfaCodeStep } from './mfa-code-step';
import type { PasskeyLogin } from './passkeys-api';
import type { SignInStep } from './sign-in-step';

function loginErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return ADMIN_MESSAGES.loginError;
  if (error.isNetworkError) return ADMIN_MESSAGES.networkError;
  // A 2xx answer of the wrong shape is our failure, not the visitor's.
  if (error.status < 400) return ADMIN_MESSAGES.loginError;
  return error.fromServer && error.message ? error.message : ADMIN_MESSAGES.invalidCredentials;
}

/** What the account signs in with besides the password: a username, an e-mail address. */
export interface SignInIdentifier {
  name: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete: 'username' | 'email';
}

interface PasswordSignInProps<Input> {
  api: AccountApi;
  identifier: SignInIdentifier;
  /** Checks `{ [identifier.name]: …, password }` before it is sent (the schema the API parses it with). */
  schema: ZodType<Input>;
  /** The password step: opens the session (the caller stores it) or hands back the second step's token. */
  login: (input: Input, altcha?: string) => Promise<SignInStep<unknown>>;
  /** The second step with a code or a passkey; opens the session. */
  completeMfaLogin: (input: MfaLoginBody | PasskeyLogin, altcha?: string) => Promise<unknown>;
  /** Why the visitor is here, e.g. "Your session has expired". */
  sessionNotice?: string | undefined;
}

/**
 * The sign-in form of a signed-in area: identifier and password, then (for an account with a second
 * factor) a passkey, an authenticator code or a recovery code. Past the sign-in limit the API asks for a
 * proof of work, solved here before the same sign-in is sent again. A successful sign-in changes the
 * caller's session, whose page then redirects.
 */
export function PasswordSignIn<Input>({
  api,
  identifier,
  schema,
  login,
  completeMfaLogin,
  sessionNotice,
}: PasswordSignInProps<Input>) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ challenge: Challenge; input: Input } | null>(null);
  // The password was right and the account has a second factor: the code step, with its one-time token.
  const [mfa, setMfa] = useState<{ mfaToken: string; methods: MfaMethod[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse({ [identifier.name]: name, password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setNotice(null);
    await signIn(parsed.data);
  }

  async function signIn(input: Input, altcha?: string) {
    setBusy(true);
    setChallenge(null);
    try {
      const result = await login(input, altcha);
      // A signed-in session renders the caller's redirect; a second factor opens the code step.
      if (result.status === 'mfaRequired') {
        setMfa({ mfaToken: result.mfaToken, methods: result.methods });
        setPassword('');
        setBusy(false);
      }
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) {
        setChallenge({ challenge: asked, input });
        return;
      }
      setFormError(loginErrorMessage(error));
      if (isApiRequestError(error)) setErrors(error.fieldErrors);
      setBusy(false);
    }
  }

  if (mfa) {
    return (
      <MfaCodeStep
        api={api}
        onComplete={completeMfaLogin}
        mfaToken={mfa.mfaToken}
        methods={mfa.methods}
        onBack={(reason) => {
          setMfa(null);
          setNotice(reason ?? null);
        }}
      />
    );
  }

  return (
    <>
      {sessionNotice && !formError && !notice && (
        <p className="notice notice--info" role="status">
          {sessionNotice}
        </p>
      )}
      {notice && !formError && (
        <p className="notice notice--warning" role="alert">
          {notice}
        </p>
      )}
      {formError && (
        <div className="notice notice--error" role="alert">
          {formError}
        </div>
      )}

      <form onSubmit={handleSubmit} noValidate className="form">
        <TextField
          label={identifier.label}
          name={identifier.name}
          type={identifier.type ?? 'text'}
          autoComplete={identifier.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors[identifier.name]}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        {challenge && (
          <ProofOfWork challenge={challenge.challenge} onSolved={(altcha) => void signIn(challenge.input, altcha)} />
        )}
        <button type="submit" className="button button--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </>
  );
}
