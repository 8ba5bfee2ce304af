import { useState } from 'react';
import { ADMIN_ROLE_RANK } from '@ledgerwell/shared/admin-auth';
import { PAPER_ADVICE_MESSAGES as M, type MailingAddress } from '@ledgerwell/shared/paper-advices';
import { POSTING_TYPE_LABELS } from '@ledgerwell/shared/portal-holdings';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { saveBlob } from '../../../lib/save-blob';
import {
  fetchPaperAdvicePdf,
  fetchPaperAdvices,
  markPaperAdvicesMailed,
  type PaperAdvice,
  type PaperAdviceStatus,
  type PaperAdvicesPage,
} from '../api/paper-advices';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListPageHeader } from '../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { AccessDenied } from '../components/super-admin-only';
import { ToastRegion } from '../components/toast-region';
import { useApiData } from '../../../hooks/use-api-data';
import type { ListScreenProps } from '../hooks/use-list-screen';
import { useToasts } from '../hooks/use-toasts';
import { actionErrorMessage } from '../../../lib/action-error';
import { formatWhen } from '../utils/contact-view';
import '../../../styles/paper-advices.css';

const VIEWS: { status: PaperAdviceStatus; label: string }[] = [
  { status: 'pending', label: 'To mail' },
  { status: 'mailed', label: 'Mailed' },
];

/**
 * The paper transaction advices (decision 022): holders who get paper (they chose it, never chose, or have no
 * e-mail address) have each advice listed here with their address; staff print it, post it and mark it mailed.
 * REVIEWER and up, as the server allows: the list is holders' home addresses.
 */
export function PaperAdvicesPage({ role }: ListScreenProps) {
  if (ADMIN_ROLE_RANK[role] < ADMIN_ROLE_RANK.REVIEWER)
    return <AccessDenied message="Only Reviewers and Administrators can work the paper advices." />;
  return <PaperAdvicesScreen />;
}

function PaperAdvicesScreen() {
  useDocumentMeta('Paper Advices');
  const [status, setStatus] = useState<PaperAdviceStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useApiData(JSON.stringify([status, page]), (signal) => fetchPaperAdvices(status, page, signal));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [marking, setMarking] = useState(false);
  const { toasts, push, dismiss } = useToasts();

  function show(next: PaperAdviceStatus) {
    setStatus(next);
    setPage(1);
    setSelected(new Set());
  }

  function turnPage(next: number) {
    setPage(next);
    setSelected(new Set());
  }

  async function markSelected() {
    setMarking(true);
    try {
      const { message } = await markPaperAdvicesMailed([...selected]);
      push('success', message);
      setSelected(new Set());
      list.reload();
    } catch (error) {
      push('error', actionErrorMessage(error, M.markFailed));
      // Another member of staff may have marked some meanwhile: show the list as it is now.
      list.reload();
    } finally {
      setMarking(false);
      setConfirming(false);
    }
  }

  async function download(advice: PaperAdvice) {
    try {
      saveBlob(await fetchPaperAdvicePdf(advice.id), `transaction-advice-${advice.effectiveDate}.pdf`);
    } catch (error) {
      push('error', actionErrorMessage(error, M.pdfFailed));
    }
  }

  const count = selected.size;
  return (
    <div className="admin-page paper-advices-page">
      <ListPageHeader
        title="Paper Advices"
        intro="Transaction advices for holders who get paper: print each one, post it to the address shown, then mark it as mailed."
        exportCsv={null}
      />

      <div className="paper-advices__toolbar">
        <div className="paper-advices__views" role="group" aria-label="Show">
          {VIEWS.map((view) => (
            <button
              key={view.status}
              type="button"
              className={status === view.status ? 'button button--small' : 'button button--secondary button--small'}
              aria-pressed={status === view.status}
              onClick={() => show(view.status)}
            >
              {view.label}
            </button>
          ))}
        </div>
        {status === 'pending' && (
          <button type="button" className="button" disabled={count === 0} onClick={() => setConfirming(true)}>
            Mark selected as mailed{count > 0 ? ` (${count})` : ''}
          </button>
        )}
      </div>

      <AdvicesTable
        result={list}
        status={status}
        selected={selected}
        onSelect={setSelected}
        onDownload={download}
        onPage={turnPage}
      />

      {confirming && (
        <ConfirmDialog
          title="Mark as mailed"
          message={`Record ${count} ${count === 1 ? 'advice' : 'advices'} as put in the post? This cannot be undone.`}
          confirmLabel="Mark as mailed"
          busy={marking}
          onConfirm={markSelected}
          onCancel={() => setConfirming(false)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

interface AdvicesTableProps {
  result: { data: PaperAdvicesPage | null; loading: boolean; error: unknown; reload: () => void };
  status: PaperAdviceStatus;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  onDownload: (advice: PaperAdvice) => void;
  onPage: (page: number) => void;
}

function AdvicesTable({ result, status, selected, onSelect, onDownload, onPage }: AdvicesTableProps) {
  const pending = status === 'pending';
  const texts = {
    failure: M.loadFailed,
    loading: 'Loading the paper advices',
    table: pending ? 'Paper advices to mail' : 'Paper advices mailed',
    empty: pending ? M.emptyPending : M.emptyMailed,
  };
  function toggle(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  }
  return (
    <PagedResults result={result} rowCount={(page) => page.advices.length} texts={texts} onPage={onPage}>
      {({ advices }) => {
        const all = advices.length > 0 && advices.every((advice) => selected.has(advice.id));
        return (
          <table className="data-table paper-advices-table">
            <thead>
              <tr>
                {pending && (
                  <th scope="col" className="paper-advices-table__select">
                    <input
                      type="checkbox"
                      aria-label="Select every advice on this page"
                      checked={all}
                      onChange={(event) =>
                        onSelect(event.target.checked ? new Set(advices.map((advice) => advice.id)) : new Set())
                      }
                    />
                  </th>
                )}
                <th scope="col">Posted</th>
                <th scope="col">Transaction</th>
                <th scope="col">Security</th>
                <th scope="col">Account</th>
                <th scope="col">Mail to</th>
                {!pending && <th scope="col">Mailed</th>}
                <th scope="col">
                  <span className="visually-hidden">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {advices.map((advice) => {
                const what = `${POSTING_TYPE_LABELS[advice.transactionType]} of ${advice.effectiveDate} for ${advice.registrationName}`;
                return (
                  <tr key={advice.id}>
                    {pending && (
                      <td className="paper-advices-table__select">
                        <input
                          type="checkbox"
                          aria-label={`Select the advice: ${what}`}
                          checked={selected.has(advice.id)}
                          onChange={(event) => toggle(advice.id, event.target.checked)}
                        />
                      </td>
                    )}
                    <td>{formatWhen(advice.postedAt)}</td>
                    <td>
                      {POSTING_TYPE_LABELS[advice.transactionType]}
                      <br />
                      <span className="muted">effective {advice.effectiveDate}</span>
                    </td>
                    <td>
                      {advice.issuerName}
                      <br />
                      <span className="muted">{advice.className}</span>
                    </td>
                    <td>
                      <span className="data-table__code">{advice.accountNumber}</span>
                      <br />
                      {advice.registrationName}
                    </td>
                    <td>
                      <MailingLabel name={advice.holderName} address={advice.address} />
                    </td>
                    {!pending && (
                      <td>
                        {formatWhen(advice.mailedAt)}
                        <br />
                        <span className="muted">by {advice.mailedBy}</span>
                      </td>
                    )}
                    <td>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => onDownload(advice)}
                      >
                        Download PDF<span className="visually-hidden">: {what}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        );
      }}
    </PagedResults>
  );
}

/** The envelope's address block, line by line. */
function MailingLabel({ name, address }: { name: string; address: MailingAddress }) {
  return (
    <address className="paper-advices-table__address">
      {name}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}, {address.state} {address.postalCode}
    </address>
  );
}
