import { cityLine, mailto, site } from '../../../config/site';

/** How to reach us, for the end of the legal pages. */
export function ContactLine() {
  return (
    <address className="legal__address">
      {site.name}, {site.address.street}, {cityLine}
      <br />
      E-mail: <a href={mailto()}>{site.email}</a> · Phone: <a href={site.phone.href}>{site.phone.display}</a>
    </address>
  );
}
