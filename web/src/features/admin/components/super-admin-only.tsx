import type { ReactNode } from 'react';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { useDocumentMeta } from '../../../hooks/use-document-meta';

interface SuperAdminOnlyProps {
  role: AdminRole;
  /** The spec's sentence, e.g. "Only Super Administrators can access user management functionality." */
  message: string;
  children: ReactNode;
}

export function SuperAdminOnly({ role, message, children }: SuperAdminOnlyProps) {
  if (role === 'SUPER_ADMIN') return children;
  return <AccessDenied message={message} />;
}

/** A screen the role cannot open says so once, instead of loading and failing (issue 29). */
export function AccessDenied({ message }: { message: string }) {
  useDocumentMeta('Access Denied');
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Access Denied</h1>
        <p>{message}</p>
      </header>
    </div>
  );
}
