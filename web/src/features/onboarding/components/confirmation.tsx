import { usStateName } from '@ledgerwell/shared/us-states';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ENTITY_TYPE_LABELS,
  ONBOARDING_TIMELINE,
  shareholderCountLabel,
  type EntityType,
  type SubmittedApplication,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import { CheckIcon, HeadsetIcon, MailIcon, PhoneIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { mailto, site } from '../../../config/site';
import { formatLongDate, maskEin, orPlaceholder } from './confirmation-format';
import './confirmation.css';

export interface OnboardingConfirmationProps {
  application: SubmittedApplication;
  /** The visitor starts another application: only then does the confirmation go (issue 29). */
  onStartNew: () => void;
}

/** The class on the confirmation's root: while it is on the page, printing shows it alone. */
export const CONFIRMATION_ROOT_CLASS = 'onboarding-confirmation';

type Row = readonly [label: string, value: ReactNode];

const text = (value: string | null | undefined) => value?.trim() ?? '';

/** Step 5: 'Onboarding Complete!', the application ID, the summary, what happens next and whom to ask. */
export function OnboardingConfirmation({ application: a, onStartNew }: OnboardingConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // The submit button that had focus is gone: start screen readers and keyboards at the heading.
  useEffect(() => headingRef.current?.focus(), []);

  const entityType = ENTITY_TYPE_LABELS[a.entity_type as EntityType] ?? orPlaceholder(a.entity_type);
  const cityLine = [text(a.city), [text(a.state), text(a.postal_code)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const incorporationState = text(a.incorporation_state);

  return (
    <section className={CONFIRMATION_ROOT_CLASS} aria-labelledby={headingId}>
      <div className="onboarding-confirmation__hero">
        <span className="onboarding-confirmation__badge">
          <CheckIcon size={28} />
        </span>
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          Onboarding Complete!
        </h2>
        <p>
          Thank you. {orPlaceholder(a.company_name, 'Your company')}&apos;s application to become a {site.name} issuer
          client has been received. Our onboarding team will review it and contact{' '}
          {orPlaceholder(a.contact_name, 'you')} at {orPlaceholder(a.contact_email, 'the e-mail address you gave')}.
        </p>
        <p className="onboarding-confirmation__id">
          Application ID: <strong>{a.onboardingId}</strong>
        </p>
        <p className="muted">Submitted {formatLongDate(a.submittedAt)}. Please keep this ID for your records.</p>
      </div>

      <section className="onboarding-confirmation__section" aria-labelledby={`${headingId}-summary`}>
        <h3 id={`${headingId}-summary`}>Submission Summary</h3>
        <div className="onboarding-confirmation__summary">
          <SummaryGroup
            title="Company Information"
            rows={[
              ['Company name', orPlaceholder(a.company_name)],
              ['Legal name', orPlaceholder(a.legal_name)],
              ['Entity type', entityType],
            ]}
          />
          <SummaryGroup
            title="Primary Contact"
            rows={[
              ['Name', orPlaceholder(a.contact_name)],
              ['E-mail', orPlaceholder(a.contact_email)],
              ['Phone', orPlaceholder(a.contact_phone)],
            ]}
          />
          <SummaryGroup
            title="Registered Address"
            rows={[
              [
                'Address',
                <>
                  {orPlaceholder(a.address_line1)}
                  {text(a.address_line2) && (
                    <>
                      <br />
                      {text(a.address_line2)}
                    </>
                  )}
                  <br />
                  {orPlaceholder(cityLine)}
                  <br />
                  United States
                </>,
              ],
            ]}
          />
          <SummaryGroup
            title="Business Details"
            rows={[
              ['State of incorporation', incorporationState ? usStateName(incorporationState) : 'Not provided'],
              ['Date of incorporation', formatLongDate(a.incorporation_date)],
              ['EIN', maskEin(a.ein)],
              ['Business description', orPlaceholder(a.description)],
              ['Expected shareholders', shareholderCountLabel(text(a.shareholder_count))],
            ]}
          />
          <SummaryGroup
            title="Signature"
            rows={[
              ['Signed by', orPlaceholder(a.signature_name)],
              ['Title', orPlaceholder(a.signature_title)],
              ['Date signed', formatLongDate(text(a.signature_date) || a.signatureDate)],
            ]}
          />
        </div>
      </section>

      <section className="onboarding-confirmation__section" aria-labelledby={`${headingId}-next`}>
        <h3 id={`${headingId}-next`}>Next Steps</h3>
        <ol className="onboarding-timeline">
          {ONBOARDING_TIMELINE.map((step, index) => (
            <li key={step.title} className="onboarding-timeline__step">
              <span className="onboarding-timeline__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="onboarding-timeline__text">
                <strong>{step.title}</strong>
                <span className="muted">{step.duration}</span>
              </span>
              <span className="onboarding-timeline__status">Pending</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="onboarding-confirmation__section" aria-labelledby={`${headingId}-help`}>
        <h3 id={`${headingId}-help`}>Need Help?</h3>
        <ul className="onboarding-support">
          <li>
            <MailIcon />
            <span>
              E-mail: <a href={mailto(site.support.email)}>{site.support.email}</a>
            </span>
          </li>
          <li>
            <PhoneIcon />
            <span>
              Phone: <a href={site.support.phone.href}>{site.support.phone.display}</a> ({site.support.hours})
            </span>
          </li>
          <li>
            <HeadsetIcon />
            <span>
              Help center:{' '}
              <a href={site.support.helpCenter.href} target="_blank" rel="noopener noreferrer">
                {site.support.helpCenter.host}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </span>
          </li>
        </ul>
      </section>

      <div className="onboarding-confirmation__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          Print Confirmation
        </button>
        <Link to={paths.home} className="button button--secondary">
          Return to Home
        </Link>
        <button type="button" className="button button--secondary" onClick={onStartNew}>
          Start a New Application
        </button>
      </div>
    </section>
  );
}

function SummaryGroup({ title, rows }: { title: string; rows: readonly Row[] }) {
  return (
    <div className="summary-group">
      <h4 className="summary-group__title">{title}</h4>
      <dl className="summary-group__list">
        {rows.map(([label, value]) => (
          <div key={label} className="summary-group__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
