import type { DashboardStats } from '../../api/dashboard';
import { formatCount, formatPercent } from '../../../../lib/format';

/**
 * Turnaround under SEC Rule 17Ad-2, counted in business days from receipt in good order (for a
 * transfer, when its documents are in): the share decided within 3 days this month, and what is open too long;
 * the time from approval to posting, and the ledger's record differences (open, and aged over 30 days).
 */
export function CompliancePanel({ compliance }: { compliance: DashboardStats['compliance'] }) {
  const rows = [
    { label: 'Open over 3 business days', count: compliance.openOver3BusinessDays },
    { label: 'Open over 4 business days', count: compliance.openOver4BusinessDays },
    // The ledger against the control books (Rules 17Ad-10 and 17Ad-11): any difference needs attention.
    { label: 'Record differences open', count: compliance.openRecordDifferences },
    { label: 'Record differences aged over 30 days', count: compliance.agedRecordDifferences },
  ];
  return (
    <section className="admin-card" aria-labelledby="compliance">
      <h2 id="compliance">Compliance (SEC Rule 17Ad-2)</h2>
      <dl className="compliance-list">
        <div className="compliance-list__row">
          <dt>Transfers decided within 3 business days</dt>
          <dd>
            <strong>{formatPercent(compliance.turnaroundWithin3DaysRate)}</strong>{' '}
            <span className="muted">of {formatCount(compliance.transfersDecidedThisMonth)} decided this month</span>
          </dd>
        </div>
        <div className="compliance-list__row">
          <dt>Approval to posting on the ledger</dt>
          <dd>
            <strong>{compliance.avgApprovalToPostingHours} h</strong>{' '}
            <span className="muted">on average, {formatCount(compliance.postedThisMonth)} posted this month</span>
          </dd>
        </div>
        {rows.map((row) => (
          <div
            key={row.label}
            className={row.count > 0 ? 'compliance-list__row compliance-list__row--warn' : 'compliance-list__row'}
          >
            <dt>{row.label}</dt>
            <dd>
              <strong>{formatCount(row.count)}</strong>
              {row.count > 0 && <span className="visually-hidden"> (needs attention)</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
