import { useId, type ReactNode } from 'react';
import { DetailList, type DetailRow } from '../../../../components/detail-list';

interface DetailSectionProps {
  title: string;
  /** Label/value rows; with children instead, the section shows those. */
  rows?: DetailRow[];
  children?: ReactNode;
  className?: string;
}

/** One titled section of the application's detail: a region a screen reader can jump to by its heading. */
export function DetailSection({ title, rows, children, className }: DetailSectionProps) {
  const headingId = useId();
  return (
    <section className={className ? `issuer-section ${className}` : 'issuer-section'} aria-labelledby={headingId}>
      <h3 id={headingId} className="issuer-section__title">
        {title}
      </h3>
      {rows && <DetailList rows={rows} />}
      {children}
    </section>
  );
}
