import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuerUserProfile } from '@ledgerwell/shared/issuer-auth';
import { ApiRequestError } from '../../../lib/api-client';
import { sessionTokens } from '../../../lib/session-token';
import { fetchIssuerMe } from '../api';
import { IssuerAuthProvider } from '../auth-context';
import { RequireIssuer } from './require-issuer';

// Every call of the issuer API is a mock: each test says what the server answers.
vi.mock('../api');

const me = vi.mocked(fetchIssuerMe);
const profile = (mustEnrollMfa: boolean): IssuerUserProfile => ({
  id: 'u1',
  issuerId: 'i1',
  issuerName: 'Acme Corp',
  email: 'cfo@acme.test',
  role: 'ISSUER_VIEWER',
  mfaEnabled: !mustEnrollMfa,
  mustEnrollMfa,
  lastLoginAt: null,
});

function visit(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <IssuerAuthProvider>
        <Routes>
          <Route path="/issuer/login" element={<p>Sign-in page</p>} />
          <Route element={<RequireIssuer />}>
            <Route path="/issuer/cap-table" element={<p>Cap table screen</p>} />
            <Route path="/issuer/security" element={<p>Security screen</p>} />
          </Route>
        </Routes>
      </IssuerAuthProvider>
    </MemoryRouter>,
  );
}

describe('RequireIssuer', () => {
  beforeEach(() => {
    me.mockReset();
    sessionTokens.issuer.clear();
    sessionTokens.admin.clear();
  });
  afterEach(() => {
    sessionTokens.issuer.clear();
    sessionTokens.admin.clear();
  });

  it('sends a visitor without an issuer session to the sign-in page, without asking the server', () => {
    // A staff session is not an issuer session.
    sessionTokens.admin.set('staff-token');
    visit('/issuer/cap-table');
    expect(screen.getByText('Sign-in page')).toBeTruthy();
    expect(me).not.toHaveBeenCalled();
  });

  it('sends a user without a second factor to Security, whatever they open', async () => {
    sessionTokens.issuer.set('issuer-token');
    me.mockResolvedValueOnce(profile(true));
    visit('/issuer/cap-table');
    expect(await screen.findByText('Security screen')).toBeTruthy();
    expect(screen.queryByText('Cap table screen')).toBeNull();
  });

  it('shows the screen asked for to an enrolled user', async () => {
    sessionTokens.issuer.set('issuer-token');
    me.mockResolvedValueOnce(profile(false));
    visit('/issuer/cap-table');
    expect(await screen.findByText('Cap table screen')).toBeTruthy();
  });

  it('forgets a token the server no longer accepts and sends the visitor to sign in', async () => {
    sessionTokens.issuer.set('old-token');
    me.mockRejectedValueOnce(new ApiRequestError({ status: 401, code: 'UNAUTHENTICATED', message: 'expired' }));
    visit('/issuer/security');
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(sessionTokens.issuer.get()).toBeNull();
  });
});
