import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { Modal } from './modal';

interface DetailModalProps<T> {
  title: string;
  className: string;
  onClose: () => void;
  /** Why the record could not be loaded; null while it loads or once it is there. */
  failure: string | null;
  /** The record, once loaded. */
  record: T | null;
  loadingLabel: string;
  /** The body, given the record. */
  children: (record: T) => ReactNode;
}

/** A list row's detail dialog: its load failure, its spinner, then its body; Close at the bottom. */
export function DetailModal<T>({
  title,
  className,
  onClose,
  failure,
  record,
  loadingLabel,
  children,
}: DetailModalProps<T>) {
  return (
    <Modal title={title} onClose={onClose} className={className}>
      {failure !== null ? (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      ) : record === null ? (
        <Spinner label={loadingLabel} />
      ) : (
        children(record)
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
