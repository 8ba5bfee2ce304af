import { Link } from 'react-router';
import { APP_VERSION_LABEL } from '@ledgerwell/shared/app-info';
import { paths } from '../../config/paths';
import { cityLine, mailto, site } from '../../config/site';
import { LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon } from '../icons';
import { Brand } from './brand';

// Read once per page load; the render itself stays pure.
const YEAR = new Date().getFullYear();

export function PublicFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Brand to={paths.home} />
          <p>{site.blurb}</p>
          <ul className="social-links" aria-label="Social media">
            <li>
              <a
                href={site.social.linkedin.href}
                target="_blank"
                rel="noopener noreferrer"
                className="icon-link icon-link--dark"
                aria-label={`${site.name} on ${site.social.linkedin.label} (opens in a new tab)`}
              >
                <LinkedInIcon />
              </a>
            </li>
            <li>
              <a
                href={site.social.x.href}
                target="_blank"
                rel="noopener noreferrer"
                className="icon-link icon-link--dark"
                aria-label={`${site.name} on ${site.social.x.label} (opens in a new tab)`}
              >
                <XIcon />
              </a>
            </li>
          </ul>
          <p className="badge">SEC Compatible / DTCC Integrated</p>
        </div>
        <nav aria-label="Quick links">
          <h2>Quick Links</h2>
          <ul>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <Link to={paths.about}>About Us</Link>
            </li>
            <li>
              <Link to={paths.features}>Features</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Services">
          <h2>Services</h2>
          <ul>
            <li>
              <Link to={paths.transferServices}>Transfer Services</Link>
            </li>
            <li>
              <Link to={paths.shareholderRequests}>Shareholder Requests</Link>
            </li>
            <li>
              <Link to={paths.issuerPortal}>Issuer Portal</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__contact">
          <h2>Contact</h2>
          <address>
            <p className="site-footer__line">
              <MapPinIcon size={16} />
              <span>
                {site.address.street}
                <br />
                {cityLine}
              </span>
            </p>
            <p className="site-footer__line">
              <PhoneIcon size={16} />
              <a href={site.phone.href}>{site.phone.display}</a>
            </p>
            <p className="site-footer__line">
              <MailIcon size={16} />
              <a href={mailto()}>{site.email}</a>
            </p>
          </address>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {YEAR} {site.name}. All rights reserved.
        </p>
        <nav aria-label="Legal" className="site-footer__legal">
          <ul>
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.termsOfService}>Terms of Service</Link>
            </li>
            <li>
              <Link to={paths.cookiePolicy}>Cookie Policy</Link>
            </li>
          </ul>
        </nav>
        <p className="version">{APP_VERSION_LABEL}</p>
      </div>
    </footer>
  );
}
