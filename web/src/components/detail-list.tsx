import type { ReactNode } from 'react';

export type DetailRow = [label: string, value: ReactNode];

/** A definition list of label/value pairs; rows without a value are left out. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return <p className="muted">No details.</p>;
  return (
    <dl className="detail-list">
      {shown.map(([label, value], index) => (
        <DetailListRow key={`${index}-${label}`} label={label}>
          {value}
        </DetailListRow>
      ))}
    </dl>
  );
}

/** One label/value row of a `detail-list`. */
export function DetailListRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-list__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
