import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PublicHeader } from '../components/layout/public-header';
import { PublicFooter } from '../components/layout/public-footer';
import { Spinner } from '../components/ui/spinner';
import '../styles/site.css';

// While a page's chunk loads. The main area holds the viewport (.site-main in base.css): a footer
// painted in view and then pushed down by the page is a layout shift of 0.58 to 0.71 in Lighthouse
// (measured on /issuer-portal and /contact).
const PAGE_PENDING = <Spinner block />;

/** Header and footer of the public site; admin paths render without them. */
export function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="site-main">
        <Suspense fallback={PAGE_PENDING}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </>
  );
}
