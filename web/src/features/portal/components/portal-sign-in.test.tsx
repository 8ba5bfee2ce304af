import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_AUTH_MESSAGES as M } from '@ledgerwell/shared/portal-auth';
import { PORTAL_TOKEN_KEY } from '../portal-session';
import { ACCOUNT_STEP_HEADING_ID } from './account-step';
import { CODE_STEP_HEADING_ID } from './code-step';
import PortalSignIn from './portal-sign-in';

type Answer = { status: number; body: unknown };

// The steps load their chunks (zod, the API client) on first use: a busy machine needs more than the default second.
const LOADED = { timeout: 10_000 };

/** Answers the API calls by path, in order per path; records what was called. */
function stubApi(answers: Record<string, Answer[]>) {
  const calls: { path: string; body: unknown; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const headers = new Headers(init?.headers);
      calls.push({
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        authorization: headers.get('Authorization'),
      });
      const answer = answers[path]?.shift() ?? {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'x' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const signedIn = {
  success: true,
  token: 'signed-in-token',
  message: 'Signed in',
  shareholder: { name: 'Dana Whitfield', code: 'WH4821' },
  account: {
    accountNumber: '100200300',
    registrationName: 'Dana Whitfield',
    issuer: 'Acme Corp',
    shareClass: 'Common',
    sharesHeld: '1500',
    holdingType: 'DRS',
  },
};

const renderSignIn = () =>
  render(
    <MemoryRouter>
      <PortalSignIn onExit={vi.fn()} />
    </MemoryRouter>,
  );

// Each test may wait for the steps' chunks on a busy machine (LOADED): more than vitest's 5 s in all.
describe('the portal sign-in past the day of account-number guesses (decision 018)', { timeout: 30_000 }, () => {
  // The chunks the sign-in loads as it goes (the dashboard, the error schema), transformed once here: on a busy
  // machine their first load took longer than a test should wait for a screen.
  beforeAll(async () => {
    await Promise.all([import('./portal-dashboard'), import('@ledgerwell/shared/api-error')]);
  }, 120_000);

  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/shareholder-requests');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says plainly that account numbers are paused, offers the e-mailed link, and confirms it was sent', async () => {
    const calls = stubApi({
      '/api/shareholder-portal/validate-code': [
        { status: 200, body: { success: true, token: 'code-token', message: 'ok' } },
      ],
      '/api/shareholder-portal/validate-account': [
        { status: 429, body: { success: false, code: 'ACCOUNT_GUESSES_EXHAUSTED', message: M.guessesExhausted } },
      ],
      '/api/shareholder-portal/sign-in-link': [{ status: 200, body: { success: true, message: M.linkSent } }],
    });
    const user = userEvent.setup();
    renderSignIn();
    // The step moves the focus to its heading a moment after it opens: typing before that would lose keys.
    await waitFor(() => expect(document.activeElement?.id).toBe(CODE_STEP_HEADING_ID), LOADED);
    await user.type(await screen.findByLabelText(/shareholder code/i, {}, LOADED), 'WH4821');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(document.activeElement?.id).toBe(ACCOUNT_STEP_HEADING_ID), LOADED);
    await user.type(await screen.findByLabelText('Statement account number', {}, LOADED), '100200300');
    await user.click(screen.getByRole('button', { name: 'Verify Account' }));

    expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe(M.guessesExhausted);
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('status', {}, LOADED)).textContent).toBe(M.linkSent);
    expect(calls.find((call) => call.path === '/api/shareholder-portal/sign-in-link')?.authorization).toBe(
      'Bearer code-token',
    );
    expect(screen.queryByRole('button', { name: 'E-mail me a sign-in link' })).toBeNull();
  });

  it('the account number brings up the letters keyboard in capitals, without autocorrect (issue 29, item 5)', async () => {
    stubApi({
      '/api/shareholder-portal/validate-code': [
        { status: 200, body: { success: true, token: 'code-token', message: 'ok' } },
      ],
    });
    const user = userEvent.setup();
    renderSignIn();
    await waitFor(() => expect(document.activeElement?.id).toBe(CODE_STEP_HEADING_ID), LOADED);
    await user.type(await screen.findByLabelText(/shareholder code/i, {}, LOADED), 'WH4821');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const field = await screen.findByLabelText('Statement account number', {}, LOADED);
    // The registry's numbers hold letters, digits and dashes: no digits-only keypad, no words corrected.
    expect(field.getAttribute('inputmode')).toBeNull();
    expect(field.getAttribute('autocapitalize')).toBe('characters');
    expect(field.getAttribute('autocorrect')).toBe('off');
    expect(field.getAttribute('spellcheck')).toBe('false');
    expect(field.getAttribute('enterkeyhint')).toBe('go');
  });

  it('opened from the e-mail: redeems the link once, keeps the signed-in token and takes the token out of the address', async () => {
    window.history.replaceState(null, '', '/shareholder-requests#sign-in-link=link-token_1');
    const calls = stubApi({ '/api/shareholder-portal/sign-in-link/redeem': [{ status: 200, body: signedIn }] });
    renderSignIn();
    await waitFor(() => expect(window.sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBe('signed-in-token'), LOADED);
    expect(calls.filter((call) => call.path === '/api/shareholder-portal/sign-in-link/redeem')).toEqual([
      { path: '/api/shareholder-portal/sign-in-link/redeem', body: { token: 'link-token_1' }, authorization: null },
    ]);
    expect(window.location.hash).toBe('');
  });

  it('a spent or expired link starts over at the code step and says why', async () => {
    window.history.replaceState(null, '', '/shareholder-requests#sign-in-link=used-token');
    stubApi({
      '/api/shareholder-portal/sign-in-link/redeem': [
        { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: M.linkInvalid } },
      ],
    });
    renderSignIn();
    expect(await screen.findByText(M.linkInvalid, {}, LOADED)).toBeTruthy();
    expect(screen.getByLabelText(/shareholder code/i)).toBeTruthy();
    expect(window.location.hash).toBe('');
  });
});
