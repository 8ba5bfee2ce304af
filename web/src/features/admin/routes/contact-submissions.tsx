import { AdminPlaceholder } from '../components/admin-placeholder';

export function ContactSubmissionsPage() {
  return <AdminPlaceholder heading="Contact Submissions" lead="Messages sent through the public contact form. This screen arrives in a later release." />;
}
