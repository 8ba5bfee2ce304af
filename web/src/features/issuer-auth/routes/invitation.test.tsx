import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import type { IssuerUserProfile } from '@ledgerwell/shared/issuer-auth';
import { ApiRequestError } from '../../../lib/api-client';
import { sessionTokens } from '../../../lib/session-token';
import { acceptInvitation } from '../api';
import { IssuerAuthProvider } from '../auth-context';
import { INVITATION_TEXTS, InvitationPage } from './invitation';

// Every call of the issuer API is a mock: each test says what the server answers.
vi.mock('../api');

const accept = vi.mocked(acceptInvitation);
const PASSWORD = 'Quartz-Lantern-Meadow-58';
const user: IssuerUserProfile = {
  id: 'u1',
  issuerId: 'i1',
  issuerName: 'Acme Corp',
  email: 'cfo@acme.test',
  role: 'ISSUER_ADMIN',
  mfaEnabled: false,
  mustEnrollMfa: true,
  lastLoginAt: null,
};

const refusal = (status: number, code: ConstructorParameters<typeof ApiRequestError>[0]['code'], message = 'x') =>
  new ApiRequestError({ status, code, message, fromServer: true });

/** Opens the page as the e-mail's link does: the token in the fragment. */
function open(hash: string) {
  window.history.replaceState(null, '', `/issuer/invitation${hash}`);
  return render(
    <MemoryRouter initialEntries={['/issuer/invitation']}>
      <IssuerAuthProvider>
        <Routes>
          <Route path="/issuer/invitation" element={<InvitationPage />} />
          <Route path="/issuer/security" element={<p>Security screen</p>} />
        </Routes>
      </IssuerAuthProvider>
    </MemoryRouter>,
  );
}

async function choosePassword(password = PASSWORD, confirm = password) {
  const person = userEvent.setup();
  await person.type(screen.getByLabelText('Password'), password);
  await person.type(screen.getByLabelText('Confirm password'), confirm);
  await person.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the invitation page', () => {
  beforeEach(() => {
    accept.mockReset();
    sessionTokens.issuer.clear();
  });
  afterEach(() => {
    sessionTokens.issuer.clear();
  });

  it('without a token in the link says the link is incomplete and offers no form', () => {
    open('');
    expect(screen.getByRole('alert').textContent).toBe(INVITATION_TEXTS.incomplete);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(accept).not.toHaveBeenCalled();
  });

  it('takes the token off the address bar at once', () => {
    open('#token=tok-123');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/issuer/invitation');
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('checks that the two passwords match before sending anything', async () => {
    open('#token=tok-123');
    await choosePassword(PASSWORD, `${PASSWORD}x`);
    expect(await screen.findByText(ADMIN_MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    expect(accept).not.toHaveBeenCalled();
  });

  it.each([
    ['400 INVITATION_INVALID: the link is incomplete', refusal(400, 'INVITATION_INVALID'), INVITATION_TEXTS.incomplete],
    ['410 INVITATION_GONE: ask for a new invitation', refusal(410, 'INVITATION_GONE'), INVITATION_TEXTS.gone],
  ])('%s', async (_name, error, message) => {
    accept.mockRejectedValueOnce(error);
    open('#token=tok-123');
    await choosePassword();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(sessionTokens.issuer.get()).toBeNull();
  });

  it('409: the account exists, with a link to sign in', async () => {
    accept.mockRejectedValueOnce(refusal(409, 'CONFLICT'));
    open('#token=tok-123');
    await choosePassword();
    expect((await screen.findByRole('alert')).textContent).toBe(INVITATION_TEXTS.accountExists);
    expect(screen.getByRole('link', { name: 'Sign in to the issuer portal' }).getAttribute('href')).toBe(
      '/issuer/login',
    );
  });

  it('a password the server refuses is shown under the field, and the form stays', async () => {
    accept.mockRejectedValueOnce(
      new ApiRequestError({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        fieldErrors: { password: 'This password is too common' },
        fromServer: true,
      }),
    );
    open('#token=tok-123');
    await choosePassword();
    expect(await screen.findByText('This password is too common')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('success: sends the token with the password, stores the issuer session and goes to Security', async () => {
    accept.mockResolvedValueOnce({ success: true, token: 'issuer-session', expiresAt: '2030-01-01T00:00:00Z', user });
    open('#token=tok-123');
    await choosePassword();
    expect(await screen.findByText('Security screen')).toBeTruthy();
    expect(accept).toHaveBeenCalledWith({ token: 'tok-123', password: PASSWORD });
    await waitFor(() => expect(sessionTokens.issuer.get()).toBe('issuer-session'));
    expect(sessionTokens.admin.get()).toBeNull();
  });
});
