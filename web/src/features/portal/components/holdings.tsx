import { useEffect, useState } from 'react';
import {
  CERTIFICATE_STATUS_LABELS,
  PORTAL_HOLDINGS_MESSAGES as M,
  type HoldingCertificate,
  type PortalHolding,
} from '@ledgerwell/shared/portal-holdings';
import { formatShares } from '@ledgerwell/shared/portal-requests';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { isApiRequestError } from '../../../lib/api-client';
import { fetchHoldings } from '../holdings-api';
import { getPortalToken } from '../portal-session';
import { AccountHistory } from './account-history';
import { LostCertificateDialog } from './lost-certificate-dialog';
import { StatementForm } from './statement-form';
import '../../../styles/portal-holdings.css';

type HoldingsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; accounts: PortalHolding[] };

interface HoldingsProps {
  /** A call answered 401: the session is gone. Must keep its identity across renders. */
  onSessionExpired: () => void;
}

/** "Your holdings": every account registered to the holder, as the ledger has it, in one call (issue 30). */
export function Holdings({ onSessionExpired }: HoldingsProps) {
  const [state, setState] = useState<HoldingsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const token = getPortalToken();
    if (!token) return onSessionExpired();
    const controller = new AbortController();
    fetchHoldings(token, controller.signal).then(
      (accounts) => setState({ status: 'ready', accounts }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiRequestError(error) && error.status === 401) onSessionExpired();
        else setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt, onSessionExpired]);

  return (
    <section className="portal-block" aria-labelledby="portal-holdings">
      <h2 id="portal-holdings">Your holdings</h2>
      {state.status === 'loading' && <Spinner label="Loading your holdings" />}
      {state.status === 'failed' && (
        <LoadFailure
          text={M.holdingsFailed}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
          alert
        />
      )}
      {state.status === 'ready' && (
        <ul className="portal-list">
          {state.accounts.map((account) => (
            <li key={account.accountId}>
              <HoldingCard
                account={account}
                onSessionExpired={onSessionExpired}
                // A report stops a certificate: the holdings are read again, without a spinner.
                onChanged={() => setAttempt((n) => n + 1)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface HoldingCardProps {
  account: PortalHolding;
  onSessionExpired: () => void;
  onChanged: () => void;
}

function HoldingCard({ account, onSessionExpired, onChanged }: HoldingCardProps) {
  const [reporting, setReporting] = useState<HoldingCertificate | null>(null);
  const headingId = `holding-${account.accountId}`;
  const title = `${account.issuerName}, ${account.className}`;
  return (
    <article className="portal-tile portal-holding" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className="portal-holding__registration">
        {account.registrationName}, account ending {account.accountNumberEnding}
        {account.signedInAccount && (
          <span className="portal-pill portal-holding__badge">Signed in with this account</span>
        )}
      </p>
      <dl className="portal-holding__figures">
        <div>
          <dt>DRS shares</dt>
          <dd>{formatShares(account.drsShares)}</dd>
        </div>
        <div>
          <dt>Certificated</dt>
          <dd>{formatShares(account.certificatedShares)}</dd>
        </div>
        <div className="portal-holding__total">
          <dt>Total</dt>
          <dd>{formatShares(account.totalShares)}</dd>
        </div>
      </dl>
      {account.certificates.length > 0 && (
        <table className="portal-table">
          <caption>Certificates</caption>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col" className="portal-table__number">
                Shares
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {account.certificates.map((certificate) => (
              <tr key={certificate.number}>
                <th scope="row">{certificate.number}</th>
                <td className="portal-table__number">{formatShares(certificate.shares)}</td>
                <td>
                  <span className={`portal-pill portal-certificate--${certificate.status.toLowerCase()}`}>
                    {CERTIFICATE_STATUS_LABELS[certificate.status]}
                  </span>
                  {/* Under the status, not in a column of its own: the table fits a 360 px phone. */}
                  {certificate.status === 'OUTSTANDING' && (
                    <button
                      type="button"
                      className="button button--secondary button--small portal-certificate__report"
                      // The whole name in one string: a hidden span after the visible words is read with a
                      // space before its comma. It begins with the visible words (WCAG 2.5.3).
                      aria-label={`Report lost, stolen or destroyed: ${certificate.number}`}
                      onClick={() => setReporting(certificate)}
                    >
                      Report lost
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {reporting && (
        <LostCertificateDialog
          certificateNumber={reporting.number}
          shares={formatShares(reporting.shares)}
          onSessionExpired={onSessionExpired}
          onClose={(reported) => {
            setReporting(null);
            if (reported) onChanged();
          }}
        />
      )}
      <StatementForm
        accountId={account.accountId}
        issuerToday={account.issuerToday}
        title={title}
        onSessionExpired={onSessionExpired}
      />
      <AccountHistory accountId={account.accountId} title={title} onSessionExpired={onSessionExpired} />
    </article>
  );
}
