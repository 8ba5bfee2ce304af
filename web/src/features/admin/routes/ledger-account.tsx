import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import {
  fetchAccountCertificates,
  fetchAccountPosition,
  fetchAccountTransactions,
  type CertificateView,
  type PositionView,
} from '../api/ledger';
import { DetailList } from '../../../components/detail-list';
import { formatDay, shares } from '../../../lib/ledger-format';
import {
  CertificateStatusBadge,
  certificateLineage,
  STAFF_TRANSACTION_LINKS,
} from '../components/ledger/ledger-format';
import { TransactionTable } from '../../../components/ledger/transaction-table';
import { PagedResults } from '../../../components/paged-results';
import { useApiData } from '../../../hooks/use-api-data';
import { actionErrorMessage } from '../../../lib/action-error';

/**
 * An account's ledger: its position at the end of any day, every transaction that touched it with the balance
 * after each, and every certificate registered to it, cancelled ones included.
 */
export function LedgerAccountPage() {
  const { accountId = '' } = useParams();
  const [asOf, setAsOf] = useState('');
  const [transactionsPage, setTransactionsPage] = useState(1);
  const [certificatesPage, setCertificatesPage] = useState(1);
  const position = useApiData(`position:${accountId}:${asOf}`, (signal) =>
    fetchAccountPosition(accountId, asOf, signal),
  );
  const transactions = useApiData(`transactions:${accountId}:${transactionsPage}`, (signal) =>
    fetchAccountTransactions(accountId, transactionsPage, signal),
  );
  const certificates = useApiData(`certificates:${accountId}:${certificatesPage}`, (signal) =>
    fetchAccountCertificates(accountId, certificatesPage, signal),
  );
  const account = position.data;
  useDocumentMeta(account ? `Account ${account.accountNumber}` : 'Account');

  return (
    <div className="admin-page">
      <p className="back-link">
        <Link to={paths.admin.ledgerJournal}>← Back to the journal</Link>
      </p>
      <header className="admin-page__header">
        <h1>{account ? `Account ${account.accountNumber}` : 'Account'}</h1>
        {account && (
          <p className="muted">
            {account.registrationName}:{' '}
            <Link to={paths.admin.ledgerClass(account.classId)}>
              {account.issuerName}, {account.className}
            </Link>
          </p>
        )}
      </header>
      <PositionCard position={position} asOf={asOf} onAsOf={setAsOf} />
      <section className="admin-card" aria-labelledby="account-transactions">
        <h2 id="account-transactions">Transactions</h2>
        <PagedResults
          result={transactions}
          rowCount={(list) => list.rows.length}
          texts={{
            failure: "Failed to load the account's transactions",
            loading: 'Loading transactions',
            table: "Table of the account's transactions",
            empty: 'Nothing has been posted to this account.',
          }}
          onPage={setTransactionsPage}
        >
          {(list) => (
            <TransactionTable
              rows={list.rows}
              caption="Transactions, newest first"
              accountId={accountId}
              links={STAFF_TRANSACTION_LINKS}
            />
          )}
        </PagedResults>
      </section>
      <section className="admin-card" aria-labelledby="account-certificates">
        <h2 id="account-certificates">Certificates</h2>
        <PagedResults
          result={certificates}
          rowCount={(list) => list.rows.length}
          texts={{
            failure: "Failed to load the account's certificates",
            loading: 'Loading certificates',
            table: "Table of the account's certificates",
            empty: 'No certificate has been registered to this account.',
          }}
          onPage={setCertificatesPage}
        >
          {(list) => <CertificateTable rows={list.rows} />}
        </PagedResults>
      </section>
    </div>
  );
}

interface PositionCardProps {
  position: { data: PositionView | null; loading: boolean; error: unknown; reload: () => void };
  asOf: string;
  onAsOf: (asOf: string) => void;
}

function PositionCard({ position, asOf, onAsOf }: PositionCardProps) {
  const dateId = useId();
  const { data, error, loading, reload } = position;
  return (
    <section className="admin-card" aria-labelledby="account-position" aria-busy={loading || undefined}>
      <h2 id="account-position">Position</h2>
      <div className="field">
        <label htmlFor={dateId} className="field__label">
          At the end of
        </label>
        <input
          id={dateId}
          type="date"
          className="field__input"
          value={asOf}
          onChange={(event) => onAsOf(event.target.value)}
        />
        <p className="field__hint muted">Today when left empty.</p>
      </div>
      {data === null ? (
        error ? (
          <LoadFailure text={actionErrorMessage(error, 'Failed to load the account')} onRetry={reload} />
        ) : (
          <Spinner label="Loading the position" />
        )
      ) : (
        <DetailList
          rows={[
            ['Day', formatDay(data.asOf)],
            ['Direct Registration (DRS)', shares(data.drsShares)],
            ['On certificates', shares(data.certificatedShares)],
            ['Total shares', shares(data.totalShares)],
          ]}
        />
      )}
    </section>
  );
}

function CertificateTable({ rows }: { rows: CertificateView[] }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">Certificates registered to the account</caption>
      <thead>
        <tr>
          <th scope="col">Number</th>
          <th scope="col">Shares</th>
          <th scope="col">Status</th>
          <th scope="col">Issued</th>
          <th scope="col">Cancelled</th>
          <th scope="col">Lineage</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((certificate) => (
          <tr key={certificate.id}>
            <th scope="row" className="data-table__code">
              {certificate.number}
            </th>
            <td className="numeric">{shares(certificate.shares)}</td>
            <td>
              <CertificateStatusBadge status={certificate.status} />
            </td>
            <td>{formatDay(certificate.issueDate)}</td>
            <td>{certificate.cancellationDate ? formatDay(certificate.cancellationDate) : '—'}</td>
            <td>{certificateLineage(certificate) ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
