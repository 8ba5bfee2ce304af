import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { certificateSearchQuerySchema } from '@ledgerwell/shared/certificates';
import { paths } from '../../../../config/paths';
import { Spinner } from '../../../../components/ui/spinner';
import { searchCertificates, type CertificateView } from '../../api/ledger';
import { actionErrorMessage } from '../../../../lib/action-error';
import { formatDateTime } from '../../../../lib/format';
import { DetailList } from '../../../../components/detail-list';
import { ReleaseForm, ReplacementForm, StopOrderForm } from './certificate-actions';
import { formatDay, shares } from '../../../../lib/ledger-format';
import { CertificateStatusBadge, certificateLineage, STOP_REASON_LABELS, type PushToast } from './ledger-format';

interface SearchState {
  number: string;
  certificates: CertificateView[] | null;
  error: string | null;
  loading: boolean;
}

export function CertificateRegister({ canWrite, onToast }: { canWrite: boolean; onToast: PushToast }) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | null>(null);
  const [number, setNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [search, setSearch] = useState<SearchState | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  async function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rule for a number to search for, so the field says what the server would.
    const parsed = certificateSearchQuerySchema.safeParse({ number });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a certificate number to search for');
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    const wanted = parsed.data.number;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setSearch((last) => ({
      number: wanted,
      certificates: last?.certificates ?? null,
      error: null,
      loading: true,
    }));
    try {
      const certificates = await searchCertificates(wanted, controller.signal);
      if (!controller.signal.aborted) setSearch({ number: wanted, certificates, error: null, loading: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = actionErrorMessage(error, 'Failed to search the certificate register');
      setSearch({ number: wanted, certificates: null, error: message, loading: false });
    }
  }

  function replaceCertificate(updated: CertificateView) {
    setSearch((last) =>
      last?.certificates
        ? { ...last, certificates: last.certificates.map((c) => (c.id === updated.id ? updated : c)) }
        : last,
    );
  }

  const found = search?.certificates ?? null;
  const summary =
    !search || search.loading || search.error || !found
      ? ''
      : found.length === 0
        ? `No certificate numbered ${search.number} was found.`
        : `${found.length} ${found.length === 1 ? 'certificate' : 'certificates'} numbered ${search.number}.`;

  return (
    <section className="admin-card" aria-labelledby="ledger-certificates">
      <h2 id="ledger-certificates">Certificate register</h2>
      <p className="muted">
        Every certificate with a number, in every issuer and status, cancelled ones included, with its lineage and stop
        orders.
      </p>
      <form role="search" className="search-bar" noValidate onSubmit={handleSearch}>
        <label htmlFor={inputId} className="field__label">
          Certificate number
        </label>
        <div className="search-bar__row">
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            className="field__input"
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            value={number}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => setNumber(event.target.value)}
          />
          <button type="submit" className="button" disabled={search?.loading}>
            Search
          </button>
        </div>
        {fieldError && (
          <p id={errorId} className="field__error">
            {fieldError}
          </p>
        )}
      </form>

      {search?.loading && <Spinner label="Searching the register" />}
      <div role="status">{summary && <p>{summary}</p>}</div>
      {search?.error && (
        <div className="notice notice--error" role="alert">
          <p>{search.error}</p>
        </div>
      )}
      {found && found.length > 0 && (
        <ul className="certificate-list" aria-busy={search?.loading || undefined}>
          {found.map((certificate) => (
            <li key={certificate.id}>
              <CertificateCard
                certificate={certificate}
                canWrite={canWrite}
                onChanged={replaceCertificate}
                onToast={onToast}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function stopOrderLine(stop: CertificateView['stopOrders'][number]): string {
  const what = stop.action === 'PLACED' ? 'Placed' : 'Released';
  const reason = stop.reason ? ` (${STOP_REASON_LABELS[stop.reason]})` : '';
  const note = stop.note ? `: ${stop.note}` : '';
  return `${what}${reason} on ${formatDateTime(stop.at)} by ${stop.by ?? 'an unknown user'}${note}`;
}

interface CertificateCardProps {
  certificate: CertificateView;
  canWrite: boolean;
  onChanged: (certificate: CertificateView) => void;
  onToast: PushToast;
}

function CertificateCard({ certificate, canWrite, onChanged, onToast }: CertificateCardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function changed(updated: CertificateView, message: string) {
    onChanged(updated);
    onToast('success', message);
    // The form that was used is gone: keep the keyboard on this certificate.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  return (
    <article className="certificate" aria-labelledby={headingId}>
      <div className="admin-card__header">
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          Certificate {certificate.number}
        </h3>
        <CertificateStatusBadge status={certificate.status} />
      </div>
      <DetailList
        rows={[
          ['Issuer and class', `${certificate.issuer}, ${certificate.shareClass}`],
          ['Registration', certificate.registration],
          [
            'Account number',
            <Link to={paths.admin.ledgerAccount(certificate.accountId)}>{certificate.accountNumber}</Link>,
          ],
          ['Shares', shares(certificate.shares)],
          ['Issue date', formatDay(certificate.issueDate)],
          ['Cancellation date', certificate.cancellationDate ? formatDay(certificate.cancellationDate) : null],
          ['Lineage', certificateLineage(certificate)],
          [
            'Stop orders',
            certificate.stopOrders.length > 0 ? (
              <ul className="stop-order-list">
                {certificate.stopOrders.map((stop) => (
                  <li key={`${stop.action}-${stop.at}`}>{stopOrderLine(stop)}</li>
                ))}
              </ul>
            ) : null,
          ],
        ]}
      />
      {canWrite && certificate.status === 'OUTSTANDING' && (
        <StopOrderForm certificate={certificate} onDone={changed} onToast={onToast} />
      )}
      {canWrite && certificate.status === 'STOPPED' && (
        <>
          <ReleaseForm certificate={certificate} onDone={changed} onToast={onToast} />
          <ReplacementForm certificate={certificate} onDone={changed} onToast={onToast} />
        </>
      )}
    </article>
  );
}
