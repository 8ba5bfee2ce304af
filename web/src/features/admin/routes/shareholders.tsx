import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { Spinner } from '../../../components/ui/spinner';
import {
  fetchShareholders,
  SHAREHOLDERS_PAGE_SIZE,
  type ImportResult,
  type ShareholderList,
  type ShareholderView,
} from '../api/shareholders';
import { DeliveryChoice } from '../components/delivery-choice';
import { SearchInput } from '../../../components/filter-fields';
import { PageHeader } from '../components/page-header';
import { ShareholderForm } from '../components/shareholder-form';
import { ShareholderImport } from '../components/shareholder-import';

import { formatDecimal } from '@ledgerwell/shared/ledger';

type Panel = 'none' | 'add' | 'import';
interface Query {
  search: string;
  page: number;
}
/** The answer for one query; a different key than the current query's means a load is under way. */
type Loaded = { key: string; list: ShareholderList | null; failed: boolean };

function queryKey(query: Query, reloads: number): string {
  return JSON.stringify([query.search, query.page, reloads]);
}

export function ShareholdersPage({ role }: { role: AdminRole }) {
  useDocumentMeta('Shareholders');
  // READ_ONLY and REVIEWER may read the registry; the server refuses their writes (403) as well.
  const canWrite = ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.ADMIN;
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<Query>({ search: '', page: 1 });
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [panel, setPanel] = useState<Panel>('none');
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const key = queryKey(query, reloads);
    const controller = new AbortController();
    fetchShareholders(query, controller.signal).then(
      (list) => setLoaded({ key, list, failed: false }),
      () => {
        if (!controller.signal.aborted) setLoaded((current) => ({ key, list: current?.list ?? null, failed: true }));
      },
    );
    return () => controller.abort();
  }, [query, reloads]);

  const loading = loaded?.key !== queryKey(query, reloads);
  const list = loaded?.list ?? null;

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ search: searchInput.trim(), page: 1 });
  }

  function clearSearch() {
    setSearchInput('');
    setQuery({ search: '', page: 1 });
  }

  function togglePanel(next: Panel) {
    setPanel((current) => (current === next ? 'none' : next));
    setBanner(null);
  }

  function announce(message: string) {
    setBanner(message);
    setPanel('none');
    setReloads((n) => n + 1);
    requestAnimationFrame(() => bannerRef.current?.focus());
  }

  function handleCreated(shareholder: ShareholderView) {
    announce(`Shareholder ${shareholder.code} added`);
  }

  function handleImported(result: ImportResult) {
    announce(`Imported: ${result.created} created, ${result.updated} updated, ${result.accounts} accounts`);
  }

  return (
    <div className="admin-page">
      <PageHeader title="Shareholders" intro="The registry: holders, their addresses and their accounts.">
        {canWrite && (
          <div className="header-actions">
            <button
              type="button"
              className={panel === 'add' ? 'button' : 'button button--secondary'}
              aria-expanded={panel === 'add'}
              onClick={() => togglePanel('add')}
            >
              Add shareholder
            </button>
            <button
              type="button"
              className={panel === 'import' ? 'button' : 'button button--secondary'}
              aria-expanded={panel === 'import'}
              onClick={() => togglePanel('import')}
            >
              Import CSV
            </button>
          </div>
        )}
      </PageHeader>

      <div role="status">
        {banner && (
          <div ref={bannerRef} tabIndex={-1} className="notice notice--success">
            {banner}
          </div>
        )}
      </div>

      {canWrite && panel === 'add' && <ShareholderForm onCreated={handleCreated} onCancel={() => setPanel('none')} />}
      {canWrite && panel === 'import' && (
        <ShareholderImport onImported={handleImported} onCancel={() => setPanel('none')} />
      )}

      <form role="search" className="search-bar" onSubmit={handleSearch}>
        <label htmlFor="shareholder-search" className="field__label">
          Search shareholders
        </label>
        <div className="search-bar__row">
          <SearchInput
            id="shareholder-search"
            placeholder="Code, name or account number"
            value={searchInput}
            onChange={setSearchInput}
          />
          <button type="submit" className="button">
            Search
          </button>
          {query.search && (
            <button type="button" className="button button--ghost" onClick={clearSearch}>
              Clear
            </button>
          )}
        </div>
      </form>

      <ShareholderResults
        list={list}
        loading={loading}
        failed={Boolean(loaded?.failed) && !loading}
        onRetry={() => setReloads((n) => n + 1)}
        onPage={(page) => setQuery((current) => ({ ...current, page }))}
      />
    </div>
  );
}

interface ShareholderResultsProps {
  list: ShareholderList | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
}

function ShareholderResults({ list, loading, failed, onRetry, onPage }: ShareholderResultsProps) {
  if (failed) {
    return (
      <div className="notice notice--error" role="alert">
        <p>Failed to load shareholders</p>
        <p>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Try again
          </button>
        </p>
      </div>
    );
  }
  if (!list) return <Spinner label="Loading shareholders" />;
  if (list.shareholders.length === 0) {
    return (
      <p className="empty-state" aria-busy={loading || undefined}>
        No shareholders found.
      </p>
    );
  }

  const first = (list.page - 1) * SHAREHOLDERS_PAGE_SIZE + 1;
  const last = first + list.shareholders.length - 1;
  return (
    <div aria-busy={loading || undefined} className={loading ? 'results results--loading' : 'results'}>
      <div className="table-scroll" role="region" aria-label="Shareholders" tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Accounts</th>
              <th scope="col">Tax ID</th>
              <th scope="col">Delivery</th>
            </tr>
          </thead>
          <tbody>
            {list.shareholders.map((holder) => (
              <tr key={holder.id}>
                <td className="data-table__code">{holder.code}</td>
                <td>{holder.name}</td>
                <td className="data-table__email">{holder.email}</td>
                <td>
                  <ul className="account-list">
                    {holder.accounts.map((account) => (
                      <li key={account.id}>
                        <span className="account-list__number">{account.accountNumber}</span>{' '}
                        {account.weakAccountNumber && (
                          <>
                            <span
                              className="weak-badge"
                              title="Fewer than 8 letters or digits: easier to guess at the portal sign-in"
                            >
                              Weak
                            </span>{' '}
                          </>
                        )}
                        <span className="holding-badge">{account.holdingType}</span>{' '}
                        <span className="account-list__shares">{formatDecimal(account.sharesHeld)} shares</span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{holder.taxIdMasked ?? <span className="muted">None</span>}</td>
                <td>
                  <DeliveryChoice preference={holder.deliveryPreference} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pagination" aria-label="Pagination">
        <p className="pagination__summary">
          Showing {first} to {last} of {list.total}
        </p>
        <div className="pagination__controls">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={loading || list.page <= 1}
            onClick={() => onPage(list.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {list.page} of {list.totalPages}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={loading || list.page >= list.totalPages}
            onClick={() => onPage(list.page + 1)}
          >
            Next
          </button>
        </div>
      </nav>
    </div>
  );
}
