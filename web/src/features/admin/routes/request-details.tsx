import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';

export function RequestDetailsPage() {
  const { id = '' } = useParams();
  useDocumentMeta('Request Details');
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Request Details</h1>
        <p className="muted">Request {id}: the details, documents and actions arrive in a later release.</p>
        <p>
          <Link to={paths.admin.requests()}>Back to Requests</Link>
        </p>
      </header>
    </div>
  );
}
