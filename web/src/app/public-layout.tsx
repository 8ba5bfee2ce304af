import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PublicHeader } from '../components/layout/public-header';
import { PublicFooter } from '../components/layout/public-footer';
import { Spinner } from '../components/ui/spinner';
import '../styles/site.css';

/** Header and footer of the public site; admin paths render without them. */
export function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="site-main">
        <Suspense fallback={<Spinner block />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </>
  );
}
