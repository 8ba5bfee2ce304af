import { APP_NAME } from '@ledgerwell/shared/app-info';
import { CONTACT_FACTS } from '@ledgerwell/shared/contact-facts';

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
  email: CONTACT_FACTS.infoEmail,
  /** `display` as shown on the page, `href` for tel: links. */
  phone: CONTACT_FACTS.phone,
  hours: CONTACT_FACTS.hours,
  /** Client support, as the onboarding confirmation, the service documents and the e-mails state it. */
  support: {
    email: CONTACT_FACTS.supportEmail,
    phone: CONTACT_FACTS.phone,
    hours: CONTACT_FACTS.hours,
    helpCenter: CONTACT_FACTS.helpCenter,
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
