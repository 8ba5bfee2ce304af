import { useId } from 'react';
import { SessionsList } from '../../../components/sessions-list';
import { useCurrentAdmin } from '../auth-context';

/** The Security screen's section: the signed-in admin's own sessions. */
export function ActiveSessionsSection() {
  const headingId = useId();
  // Until the required second factor is set up the API answers nothing else.
  if (useCurrentAdmin().mustEnrollMfa) return null;
  return (
    <section className="admin-card security-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Active sessions</h2>
      <p className="muted">Where your account is signed in now. Sign out any session you do not recognise.</p>
      <SessionsList owner={{ kind: 'me' }} />
    </section>
  );
}
