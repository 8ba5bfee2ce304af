import { AdminPlaceholder } from '../components/admin-placeholder';

export function RequestsPage() {
  return <AdminPlaceholder heading="Requests" lead="Search, filter and review shareholder requests. The request list arrives in a later release." />;
}
