import { DetailList } from '../../../components/detail-list';
import { formatCount } from '../../../lib/format';
import { formatDay } from '../../../lib/ledger-format';
import type { Turnaround } from '../api/requests';

/** Whether this month's decisions meet the target, in words (none decided yet is neither). */
function targetText(turnaround: Turnaround): string {
  if (turnaround.meetsTarget === null) return 'No transfer decided yet this month';
  return turnaround.meetsTarget ? 'Met' : 'Not met';
}

/**
 * SEC Rule 17Ad-2 for the issuer's transfers: how many of this month's decisions came within the business days
 * allowed, against the target share, and how many transfers are open, late ones apart.
 */
export function TurnaroundSummary({ turnaround }: { turnaround: Turnaround }) {
  const { businessDays, targetPercent } = turnaround;
  return (
    <section className="admin-card" aria-labelledby="turnaround">
      <h2 id="turnaround">Transfer turnaround (SEC Rule 17Ad-2)</h2>
      <p className="muted">
        Transfers received in good order are to be decided within {businessDays} business days, {targetPercent}% of them
        at least. Counted since {formatDay(turnaround.since)}.
      </p>
      <DetailList
        rows={[
          ['Transfers decided', formatCount(turnaround.transfersDecided)],
          [
            `Decided within ${businessDays} business days`,
            turnaround.inTimePercent === null
              ? formatCount(turnaround.decidedInTime)
              : `${formatCount(turnaround.decidedInTime)} (${turnaround.inTimePercent}%)`,
          ],
          [`Target of ${targetPercent}%`, targetText(turnaround)],
          ['Open transfers', formatCount(turnaround.openTransfers)],
          [`Open past ${businessDays} business days`, formatCount(turnaround.openLate)],
        ]}
      />
    </section>
  );
}
