import { AdminPlaceholder } from '../components/admin-placeholder';

export function IssuerApplicationsPage() {
  return <AdminPlaceholder heading="Issuer Applications" lead="Applications from companies that want to become issuer clients. This screen arrives in a later release." />;
}
