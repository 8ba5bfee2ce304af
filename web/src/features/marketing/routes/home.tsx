import { Link } from 'react-router';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { paths } from '../../../config/paths';

export function HomePage() {
  useDocumentMeta(
    'Modern Equity Management',
    'Ledgerwell brings transfer agency and equity management together: shareholder records, DTC connection and compliance documentation in one platform.',
  );
  return (
    <div className="page">
      <section className="page-hero page-hero--home">
        <div className="container">
          <p className="eyebrow">Transfer agency and equity management</p>
          <h1>Next Evolution in Modern Equity Management</h1>
          <p className="lead">
            Shareholder records, DTC connection and compliance documentation on one platform, backed by an affiliated
            registered transfer agent.
          </p>
          <div className="actions">
            <Link to={paths.contact} className="button">
              Schedule a Demo
            </Link>
            <Link to={paths.features} className="button button--secondary">
              Explore Features
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
