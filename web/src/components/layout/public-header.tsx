import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { Brand } from './brand';

const LINKS = [
  { to: paths.features, label: 'Features' },
  { to: paths.transferServices, label: 'Transfer Services' },
  { to: paths.shareholderRequests, label: 'Shareholder Portal' },
  { to: paths.issuerPortal, label: 'Issuer Portal' },
] as const;

export function PublicHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Brand to={paths.home} />
        <nav aria-label="Main" className="site-nav">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
            <li>
              <NavLink to={paths.contact} className="button button--small">
                Contact Us
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
