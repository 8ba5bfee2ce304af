import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { cityLine, mailto, site } from '../../../config/site';
import { LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon } from '../../../components/icons';
import { ContactForm } from '../components/contact-form';
import { PageHero } from '../components/page-hero';

export default function ContactPage() {
  useDocumentMeta(
    'Contact Us',
    `Talk to the ${site.name} team: schedule a consultation or a demo of the equity management platform. Call ${site.phone.display} or e-mail ${site.email}.`,
  );
  return (
    <div className="page">
      <PageHero
        eyebrow="Contact us"
        heading="Talk to Our Team"
        lead="Tell us about your company and what you need. A specialist will reply within one business day to arrange a consultation or a demo."
      />
      <section className="section" aria-label="Contact details and consultation form">
        <div className="container contact-layout">
          <div className="contact-details">
            <div className="contact-item">
              <span className="feature-card__icon">
                <MapPinIcon size={22} />
              </span>
              <div>
                <h2>Headquarters</h2>
                <address>
                  {site.address.street}
                  <br />
                  {cityLine}
                </address>
              </div>
            </div>
            <div className="contact-item">
              <span className="feature-card__icon">
                <MailIcon size={22} />
              </span>
              <div>
                <h2>Email</h2>
                <p>
                  <a className="tap-link" href={mailto()}>
                    {site.email}
                  </a>
                </p>
                <p>E-mail support replies within one business day.</p>
              </div>
            </div>
            <div className="contact-item">
              <span className="feature-card__icon">
                <PhoneIcon size={22} />
              </span>
              <div>
                <h2>Toll-free phone</h2>
                <p>
                  <a className="tap-link" href={site.phone.href}>
                    {site.phone.display}
                  </a>
                </p>
                <p>{site.hours}</p>
              </div>
            </div>
            <div className="contact-item">
              <div>
                <h2>Follow us</h2>
                <ul className="social-links social-links--light" aria-label="Social media">
                  <li>
                    <a
                      href={site.social.linkedin.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="icon-link"
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
                      className="icon-link"
                      aria-label={`${site.name} on ${site.social.x.label} (opens in a new tab)`}
                    >
                      <XIcon />
                    </a>
                  </li>
                </ul>
              </div>
            </div>
          </div>
          <div className="contact-form-card">
            <h2>Request a Consultation</h2>
            <p className="muted">
              Share a few details and we will tailor the conversation to your company&apos;s stage and structure.
            </p>
            <ContactForm />
          </div>
        </div>
      </section>
    </div>
  );
}
