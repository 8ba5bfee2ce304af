import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { paths } from '../../config/paths';

export default function NotFoundPage() {
  return (
    <PlaceholderPage
      heading="Page not found"
      description="The page you are looking for does not exist."
      lead="The page you are looking for does not exist or has moved."
    >
      <div className="actions">
        <Link to={paths.home} className="button">
          Return to Home
        </Link>
      </div>
    </PlaceholderPage>
  );
}
