import { APP_NAME } from '@ledgerwell/shared/app-info';

/**
 * The firm's public details, in one place: every page, the header and the footer read them from here.
 * Change the address, phone or social links here and nowhere else.
 */
export const site = {
  name: APP_NAME,
  tagline: 'Modern equity management and transfer agency services',
  blurb:
    'Technology for transfer agency and equity management, delivered with an affiliated SEC-registered transfer agent. Serving issuers and their shareholders since 2008.',
  address: {
    street: '2211 Michelson Drive, Suite 900',
    city: 'Irvine',
    region: 'CA',
    postalCode: '92612',
    country: 'United States',
  },
  email: 'info@ledgerwell.com',
  phone: {
    /** As shown on the page. */
    display: '1-800-555-0148',
    /** For tel: links. */
    href: 'tel:+18005550148',
  },
  hours: 'Monday to Friday, 8:00 a.m. to 6:00 p.m. Pacific; urgent support 24/7',
  /** Client support, as the onboarding confirmation and the bundled service documents state it. */
  support: {
    email: 'support@ledgerwell.com',
    phone: { display: '1-800-555-0148', href: 'tel:+18005550148' },
    hours: 'Mon-Fri 9am-6pm EST',
    helpCenter: { host: 'help.ledgerwell.com', href: 'https://help.ledgerwell.com' },
  },
  social: {
    linkedin: { label: 'LinkedIn', href: 'https://www.linkedin.com/company/ledgerwell' },
    x: { label: 'X (Twitter)', href: 'https://x.com/ledgerwell' },
  },
  founded: 2008,
} as const;

export const mailto = (address: string = site.email) => `mailto:${address}`;

/** "Irvine, CA 92612" */
export const cityLine = `${site.address.city}, ${site.address.region} ${site.address.postalCode}`;
