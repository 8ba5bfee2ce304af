import { AdminPlaceholder } from '../components/admin-placeholder';

export function ActivityPage() {
  return <AdminPlaceholder heading="Admin Activity" lead="The activity of administrators. This screen arrives in a later release." />;
}
