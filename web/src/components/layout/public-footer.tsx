import { Link } from 'react-router';
import { APP_NAME, APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import { paths } from '../../config/paths';
import { Brand } from './brand';

// Read once per page load; the render itself stays pure.
const YEAR = new Date().getFullYear();

export function PublicFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Brand to={paths.home} />
          <p>Technology for transfer agency and equity management, delivered with an affiliated registered transfer agent.</p>
          <p className="badge">SEC Compatible / DTCC Integrated</p>
        </div>
        <nav aria-label="Quick links">
          <h2>Quick Links</h2>
          <ul>
            <li><Link to={paths.home}>Home</Link></li>
            <li><Link to={paths.about}>About Us</Link></li>
            <li><Link to={paths.features}>Features</Link></li>
          </ul>
        </nav>
        <nav aria-label="Services">
          <h2>Services</h2>
          <ul>
            <li><Link to={paths.transferServices}>Transfer Services</Link></li>
            <li><Link to={paths.shareholderRequests}>Shareholder Requests</Link></li>
            <li><Link to={paths.issuerPortal}>Issuer Portal</Link></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            <li><Link to={paths.privacyPolicy}>Privacy Policy</Link></li>
            <li><Link to={paths.termsOfService}>Terms of Service</Link></li>
            <li><Link to={paths.cookiePolicy}>Cookie Policy</Link></li>
            <li><Link to={paths.contact}>Contact</Link></li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {YEAR} {APP_NAME}. All rights reserved.
        </p>
        <p className="version">{APP_VERSION_LABEL}</p>
      </div>
    </footer>
  );
}
