import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { mailto, site } from '../../../config/site';
import { ArrowRightIcon, MailIcon, PhoneIcon } from '../../../components/icons';

export const SUPPORT_HEADING_ID = 'portal-support';

/** Below every view: phone and e-mail support, then a call to action towards the contact page. */
export function SupportSection() {
  return (
    <>
      <section className="section section--alt portal-support" aria-labelledby={SUPPORT_HEADING_ID}>
        <div className="container">
          <h2 id={SUPPORT_HEADING_ID} tabIndex={-1}>
            Need help with the portal?
          </h2>
          <p className="muted">
            Our shareholder services team can find your code, explain a request or take it by phone.
          </p>
          <ul className="portal-support__list">
            <li className="contact-item">
              <span className="feature-card__icon">
                <PhoneIcon size={22} />
              </span>
              <div>
                <h3>Call us</h3>
                <p>
                  <a className="tap-link" href={site.phone.href}>
                    {site.phone.display}
                  </a>
                </p>
                <p>{site.hours}</p>
              </div>
            </li>
            <li className="contact-item">
              <span className="feature-card__icon">
                <MailIcon size={22} />
              </span>
              <div>
                <h3>E-mail us</h3>
                <p>
                  <a className="tap-link" href={mailto()}>
                    {site.email}
                  </a>
                </p>
                <p>We reply within one business day.</p>
              </div>
            </li>
          </ul>
        </div>
      </section>
      <section className="cta-band" aria-labelledby="portal-cta-heading">
        <div className="container cta-band__inner">
          <div>
            <h2 id="portal-cta-heading">Questions about your holdings?</h2>
            <p>Tell us what you need and a specialist will get back to you within one business day.</p>
          </div>
          <div className="actions">
            <Link to={paths.contact} className="button button--light">
              Contact Us
              <ArrowRightIcon size={18} />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
