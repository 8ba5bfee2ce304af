import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { useHydrated } from '../../hooks/use-hydrated';
import { mailto, site } from '../../config/site';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon } from '../icons';
import { Brand } from './brand';

const LINKS = [
  { to: paths.features, label: 'Features' },
  { to: paths.transferServices, label: 'Transfer Services' },
  { to: paths.shareholderRequests, label: 'Shareholder Portal' },
  { to: paths.issuerPortal, label: 'Issuer Portal' },
] as const;

const MENU_ID = 'mobile-menu';

export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Prerendered pages paint before their script runs: until React is attached, a tap on the toggle
  // would do nothing at all, so it is disabled (the links around it work without JavaScript).
  const hydrated = useHydrated();

  function openMenu() {
    // Render the menu visible first, then move focus into it.
    flushSync(() => setOpen(true));
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
  }

  function closeMenu() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  // While the menu is open the page behind it does not scroll (the class only bites on narrow
  // screens, see base.css), and Escape closes it.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.classList.add('menu-open');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      root.classList.remove('menu-open');
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <header className={open ? 'site-header site-header--open' : 'site-header'}>
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
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? 'Close menu' : 'Open menu'}
          disabled={!hydrated}
          onClick={() => (open ? closeMenu() : openMenu())}
        >
          {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
        </button>
      </div>

      <div
        className={open ? 'menu-overlay menu-overlay--open' : 'menu-overlay'}
        aria-hidden="true"
        data-testid="menu-overlay"
        onClick={() => closeMenu()}
      />
      <div id={MENU_ID} ref={menuRef} className={open ? 'mobile-menu mobile-menu--open' : 'mobile-menu'}>
        <nav aria-label="Mobile">
          <ul className="mobile-menu__links">
            {[...LINKS, { to: paths.contact, label: 'Contact Us' }].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={() => closeMenu()}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-menu__contact">
          <p>
            Questions? Call us at <a href={site.phone.href}>{site.phone.display}</a>
          </p>
          <div className="mobile-menu__icons">
            <a href={site.phone.href} className="icon-link" aria-label={`Call ${site.name} at ${site.phone.display}`}>
              <PhoneIcon />
            </a>
            <a href={mailto()} className="icon-link" aria-label={`E-mail ${site.name} at ${site.email}`}>
              <MailIcon />
            </a>
          </div>
        </div>
      </div>
    </header>
  );
}
