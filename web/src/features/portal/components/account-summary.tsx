import { formatShares } from '@ledgerwell/shared/portal-requests';
import type { PortalSessionSummary } from '../api';
import { WELCOME_HEADING_ID } from '../heading-ids';
import { HOLDING_TYPE_LABELS } from '../labels';

interface AccountSummaryProps {
  summary: PortalSessionSummary;
  onLogout: () => void;
  onDifferentCode: () => void;
}

/** The greeting: who is signed in, to which account, with Logout and Use Different Code. */
export function AccountSummary({ summary, onLogout, onDifferentCode }: AccountSummaryProps) {
  const { shareholder, account } = summary;
  return (
    <section className="portal-card portal-welcome" aria-labelledby={WELCOME_HEADING_ID}>
      <div className="portal-welcome__head">
        <h2 id={WELCOME_HEADING_ID} tabIndex={-1}>
          Welcome, {shareholder.name}
        </h2>
        <div className="portal-welcome__actions">
          <button type="button" className="button button--secondary button--small" onClick={onDifferentCode}>
            Use Different Code
          </button>
          <button type="button" className="button button--small" onClick={onLogout}>
            Logout
          </button>
        </div>
      </div>
      <dl className="portal-account">
        <div>
          <dt>Registration</dt>
          <dd>{account.registrationName}</dd>
        </div>
        <div>
          <dt>Issuer</dt>
          <dd>{account.issuer}</dd>
        </div>
        <div>
          <dt>Share class</dt>
          <dd>{account.shareClass}</dd>
        </div>
        <div>
          <dt>Shares held</dt>
          <dd>{formatShares(account.sharesHeld)}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>
            Ending in {account.accountNumber.slice(-4)},{' '}
            {HOLDING_TYPE_LABELS[account.holdingType] ?? account.holdingType}
          </dd>
        </div>
      </dl>
    </section>
  );
}
