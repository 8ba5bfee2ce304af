import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { AdminPlaceholder } from '../components/admin-placeholder';
import { SuperAdminOnly } from '../components/super-admin-only';

export function IpWhitelistPage({ role }: { role: AdminRole }) {
  return (
    <SuperAdminOnly role={role} message="Only Super Administrators can access IP whitelist management functionality.">
      <AdminPlaceholder heading="IP Whitelist" lead="IP rules that limit access to the admin panel. This screen arrives in a later release." />
    </SuperAdminOnly>
  );
}
