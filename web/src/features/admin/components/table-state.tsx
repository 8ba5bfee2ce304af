import type { ReactNode } from 'react';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';

interface TableStateProps {
  /** The load failure's text when the list could not be loaded at all. */
  failure: string | null;
  onRetry: () => void;
  /** The list has arrived (it may be reloading). */
  ready: boolean;
  /** A reload is under way: the table dims and says it is busy. */
  loading: boolean;
  loadingLabel: string;
  children: ReactNode;
}

/** A whole-list table: its failure with Try again, its first load's spinner, or the table in its scroll box. */
export function TableState({ failure, onRetry, ready, loading, loadingLabel, children }: TableStateProps) {
  if (failure !== null) return <LoadFailure text={failure} onRetry={onRetry} />;
  if (!ready) return <Spinner label={loadingLabel} block />;
  return (
    <div className={loading ? 'table-scroll results--loading' : 'table-scroll'} aria-busy={loading}>
      {children}
    </div>
  );
}
