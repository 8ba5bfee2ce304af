import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { AdminPlaceholder } from '../components/admin-placeholder';
import { SuperAdminOnly } from '../components/super-admin-only';

export function UsersPage({ role }: { role: AdminRole }) {
  return (
    <SuperAdminOnly role={role} message="Only Super Administrators can access user management functionality.">
      <AdminPlaceholder heading="User Management" lead="Admin accounts and roles. This screen arrives in a later release." />
    </SuperAdminOnly>
  );
}
