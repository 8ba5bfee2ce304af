import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';

/** An /issuer/… address that is no screen of the area. */
export function IssuerAreaNotFound() {
  useDocumentMeta('Page not found');
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Page not found</h1>
        <p className="muted">
          This issuer portal page does not exist. <Link to={paths.issuer.capTable}>Go to the cap table</Link>
        </p>
      </header>
    </div>
  );
}
