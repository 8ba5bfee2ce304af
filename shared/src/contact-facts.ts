/**
 * How to reach us, in one place for the pages and the e-mails (issue 29: the portal, the issuer confirmation and the
 * e-mails gave different hours, and e-mails sent from a no-reply address said "reply to this e-mail").
 */
export const CONTACT_FACTS = {
  phone: { display: '1-800-555-0148', href: 'tel:+18005550148' },
  supportEmail: 'support@ledgerwell.com',
  infoEmail: 'info@ledgerwell.com',
  hours: 'Monday to Friday, 8:00 a.m. to 6:00 p.m. Pacific',
  helpCenter: { host: 'help.ledgerwell.com', href: 'https://help.ledgerwell.com' },
} as const;

const { phone, supportEmail, hours } = CONTACT_FACTS;

/** The last line of every e-mail we send: where an answer goes, since our e-mails come from a no-reply address. */
export const QUESTIONS_LINE = `Questions? Write to ${supportEmail} or call ${phone.display} (${hours}); our e-mails come from an address that cannot take replies.`;

/** "write to support@ledgerwell.com or call 1-800-555-0148", inside a sentence. */
export const WRITE_OR_CALL = `write to ${supportEmail} or call ${phone.display}`;
