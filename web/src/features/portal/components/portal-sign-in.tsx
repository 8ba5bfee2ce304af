import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Challenge } from '@ledgerwell/shared/challenge';
import { PORTAL_AUTH_MESSAGES as M, validateAccountSchema, validateCodeSchema } from '@ledgerwell/shared/portal-auth';
import { challengeOf } from '../../../components/proof-of-work';
import { Spinner } from '../../../components/ui/spinner';
import { isApiRequestError } from '../../../lib/api-client';
import {
  fetchPortalSession,
  logoutPortal,
  redeemSignInLink,
  sendSignInLink,
  validateAccount,
  validateCode,
  type PortalSessionSummary,
} from '../api';
import { WELCOME_HEADING_ID } from '../heading-ids';
import {
  clearPortalToken,
  clearVerificationCodes,
  forgetSignInLinkInAddress,
  getPortalToken,
  setPortalToken,
  signInLinkInAddress,
} from '../portal-session';
import { byId, useDelayedFocus } from '../use-delayed-focus';
import { AccountStep, ACCOUNT_STEP_HEADING_ID } from './account-step';
import { CodeStep, CODE_STEP_HEADING_ID } from './code-step';
import type { SignInLinkState } from './sign-in-link-offer';

// What a signed-in holder sees (the four request forms, their schemas and the verification status) is
// a chunk of its own, fetched as the sign-in starts: the sign-in steps need none of it.
const loadDashboard = () => import('./portal-dashboard');
const PortalDashboard = lazy(() => loadDashboard().then((module) => ({ default: module.PortalDashboard })));

/** The sign-in's views in order (public-site spec 2 and 4); 'restoring' while a stored token is checked. */
type View = 'restoring' | 'code' | 'account' | 'portal';

/** A failed sign-in step: a message on the field (wrong value) or an alert above the form (anything else). */
interface StepError {
  field: string | null;
  notice: string | null;
}

const NO_ERROR: StepError = { field: null, notice: null };

function signInError(error: unknown, refused: string, fallback: string): StepError {
  if (!isApiRequestError(error)) return { field: null, notice: fallback };
  if (error.isNetworkError) return { field: null, notice: M.networkError };
  const serverMessage = error.fromServer && error.message ? error.message : null;
  if (error.status === 400 || error.status === 401) return { field: serverMessage ?? refused, notice: null };
  return { field: null, notice: serverMessage ?? fallback };
}

const focusInput = (name: string) => () => document.querySelector<HTMLElement>(`#portal-main input[name="${name}"]`);

interface PortalSignInProps {
  /** Back to the page's first view: Logout, Use Different Code, or a stored session that has ended. */
  onExit: (moveFocus: boolean) => void;
}

/**
 * The portal from Access Portal on: the code and account steps, then the signed-in dashboard (spec 2,
 * views 2-4). A chunk of its own, with the sign-in rules and calls: the page's first view evaluates none
 * of it (zod's first use was the longest task on a phone). Opens on the code step, or with a token kept
 * in this tab, on the session it names.
 */
export default function PortalSignIn({ onExit }: PortalSignInProps) {
  const focusLater = useDelayedFocus();
  // Read at the start, and again when a link is opened in this tab (only the fragment changes, so the page
  // does not reload); the effect below takes the token out of the address.
  const [linkToken, setLinkToken] = useState(signInLinkInAddress);
  const [view, setView] = useState<View>(() => (linkToken || getPortalToken() ? 'restoring' : 'code'));
  const [code, setCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [codeError, setCodeError] = useState<StepError>(NO_ERROR);
  const [accountError, setAccountError] = useState<StepError>(NO_ERROR);
  const [busy, setBusy] = useState(false);
  // Past a sign-in limit the API asks for a proof of work; the step is sent again with it.
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [summary, setSummary] = useState<PortalSessionSummary | null>(null);
  // Past the day's account-number guesses for the code (decision 018), a one-time link by e-mail.
  const [signInLink, setSignInLink] = useState<{ state: SignInLinkState; message: string | null }>({
    state: 'none',
    message: null,
  });

  useEffect(() => {
    const opened = () => {
      const token = signInLinkInAddress();
      if (!token) return;
      setView('restoring');
      setLinkToken(token);
    };
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);

  // An e-mailed sign-in link: used once, here, then gone from the address; a spent one starts over.
  useEffect(() => {
    if (!linkToken) return;
    forgetSignInLinkInAddress();
    let current = true;
    Promise.all([redeemSignInLink(linkToken), loadDashboard()]).then(
      ([result]) => {
        if (!current) return;
        setPortalToken(result.token);
        setSummary({ shareholder: result.shareholder, account: result.account });
        setView('portal');
        focusLater(byId(WELCOME_HEADING_ID));
      },
      (error: unknown) => {
        if (!current) return;
        clearPortalToken();
        setCodeError(signInError(error, M.linkInvalid, M.linkInvalid));
        setView('code');
        focusLater(byId(CODE_STEP_HEADING_ID));
      },
    );
    return () => {
      current = false;
    };
  }, [linkToken, focusLater]);

  // A token kept from earlier in this tab: a live session opens the portal, an expired one starts over.
  // The portal opens at the holding card: coming Back from /verify, the browser would otherwise put the
  // page where /verify was scrolled to (its footer, on a phone), before the portal had rendered.
  useEffect(() => {
    const token = getPortalToken();
    if (!token || linkToken) return;
    const controller = new AbortController();
    fetchPortalSession(token, controller.signal).then(
      (session) => {
        setSummary(session);
        setView('portal');
        focusLater(byId(WELCOME_HEADING_ID));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiRequestError(error) && error.status === 401) clearPortalToken();
        onExit(false);
      },
    );
    return () => controller.abort();
  }, [onExit, linkToken, focusLater]);

  // Opened by Access Portal: the code step takes the focus.
  useEffect(() => {
    if (!getPortalToken() && !linkToken) focusLater(byId(CODE_STEP_HEADING_ID));
  }, [focusLater, linkToken]);

  function show(next: View, focusId: string) {
    setView(next);
    focusLater(byId(focusId));
  }

  const expireSession = useCallback(() => {
    clearPortalToken();
    setSignInLink({ state: 'none', message: null });
    setSummary(null);
    setAccountNumber('');
    setAccountError(NO_ERROR);
    setCodeError({ field: null, notice: M.sessionExpired });
    setView('code');
    focusLater(byId(CODE_STEP_HEADING_ID));
  }, [focusLater]);

  /** Logout and Use Different Code: everything back to the first view, the session ended on both sides. */
  function reset() {
    const token = getPortalToken();
    clearPortalToken();
    clearVerificationCodes();
    // Only a signed-in (account) token can log out; a step-one token simply lapses.
    if (token && view === 'portal') logoutPortal(token).catch(() => undefined);
    setCode('');
    setAccountNumber('');
    setCodeError(NO_ERROR);
    setAccountError(NO_ERROR);
    setSummary(null);
    onExit(true);
  }

  // The holder is signing in: the dashboard's chunk comes meanwhile.
  useEffect(() => {
    void loadDashboard();
  }, []);

  async function submitCode(altcha?: string) {
    const parsed = validateCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setCodeError({ field: M.codeFormat, notice: null });
      focusLater(focusInput('code'));
      return;
    }
    setBusy(true);
    setCodeError(NO_ERROR);
    setChallenge(null);
    try {
      setPortalToken(await validateCode(parsed.data.code, altcha));
      setAccountError(NO_ERROR);
      show('account', ACCOUNT_STEP_HEADING_ID);
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) return setChallenge(asked);
      setCodeError(signInError(error, M.invalidCode, M.codeScreenFallback));
      focusLater(focusInput('code'));
    } finally {
      setBusy(false);
    }
  }

  async function submitAccount(altcha?: string) {
    const parsed = validateAccountSchema.safeParse({ accountNumber });
    if (!parsed.success) {
      setAccountError({ field: parsed.error.issues[0]?.message ?? M.accountRequired, notice: null });
      focusLater(focusInput('accountNumber'));
      return;
    }
    const token = getPortalToken();
    if (!token) return expireSession();
    setBusy(true);
    setAccountError(NO_ERROR);
    setChallenge(null);
    try {
      // The dashboard's chunk is in before the view changes, so its heading is there to take the focus.
      const [result] = await Promise.all([validateAccount(token, parsed.data.accountNumber, altcha), loadDashboard()]);
      setPortalToken(result.token);
      setSummary({ shareholder: result.shareholder, account: result.account });
      show('portal', WELCOME_HEADING_ID);
    } catch (error) {
      const asked = challengeOf(error);
      // UNAUTHENTICATED: the step-one token lapsed (10 minutes); a wrong number is INVALID_CREDENTIALS.
      if (asked) {
        setChallenge(asked);
      } else if (isApiRequestError(error) && error.code === 'UNAUTHENTICATED') {
        expireSession();
      } else if (isApiRequestError(error) && error.code === 'ACCOUNT_GUESSES_EXHAUSTED') {
        setAccountError({ field: null, notice: error.message || M.guessesExhausted });
        setSignInLink({ state: 'offered', message: null });
      } else {
        setAccountError(signInError(error, M.invalidAccount, M.accountScreenFallback));
        focusLater(focusInput('accountNumber'));
      }
    } finally {
      setBusy(false);
    }
  }

  async function requestSignInLink() {
    const token = getPortalToken();
    if (!token) return expireSession();
    setSignInLink({ state: 'sending', message: null });
    try {
      setSignInLink({ state: 'sent', message: await sendSignInLink(token) });
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'UNAUTHENTICATED') return expireSession();
      const message = isApiRequestError(error) && error.fromServer ? error.message : M.networkError;
      setSignInLink({ state: 'failed', message });
    }
  }

  function backToCode() {
    setSignInLink({ state: 'none', message: null });
    setAccountError(NO_ERROR);
    show('code', CODE_STEP_HEADING_ID);
  }

  return (
    <>
      {view === 'restoring' && <Spinner block label="Opening your portal" />}
      {view === 'code' && (
        <CodeStep
          code={code}
          onCodeChange={(next) => {
            setCode(next);
            if (codeError.field) setCodeError(NO_ERROR);
          }}
          error={codeError.field}
          notice={codeError.notice}
          busy={busy}
          onSubmit={() => void submitCode()}
          challenge={challenge}
          onChallengeSolved={(altcha) => void submitCode(altcha)}
        />
      )}
      {view === 'account' && (
        <AccountStep
          accountNumber={accountNumber}
          onAccountNumberChange={(next) => {
            setAccountNumber(next);
            if (accountError.field) setAccountError(NO_ERROR);
          }}
          error={accountError.field}
          notice={accountError.notice}
          busy={busy}
          onSubmit={() => void submitAccount()}
          challenge={challenge}
          onChallengeSolved={(altcha) => void submitAccount(altcha)}
          onBack={backToCode}
          signInLink={signInLink}
          onSendSignInLink={() => void requestSignInLink()}
        />
      )}
      {view === 'portal' && summary && (
        <Suspense fallback={<Spinner block label="Opening your portal" />}>
          <PortalDashboard
            summary={summary}
            onLogout={reset}
            onDifferentCode={reset}
            onSessionExpired={expireSession}
          />
        </Suspense>
      )}
    </>
  );
}
