import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../components/icons';

interface CtaSectionProps {
  heading: string;
  text: ReactNode;
  /** The primary button, to the contact page. */
  action: string;
  secondary?: { label: string; to: string };
}

/** The dark closing band of a page: one call to action towards the contact page. */
export function CtaSection({ heading, text, action, secondary }: CtaSectionProps) {
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <div className="container cta-band__inner">
        <div>
          <h2 id="cta-heading">{heading}</h2>
          <p>{text}</p>
        </div>
        <div className="actions">
          <Link to={paths.contact} className="button button--light">
            {action}
            <ArrowRightIcon size={18} />
          </Link>
          {secondary && (
            <Link to={secondary.to} className="button button--outline-light">
              {secondary.label}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
