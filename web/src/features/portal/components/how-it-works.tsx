import { PORTAL_FORM_REQUEST_TYPES } from '@ledgerwell/shared/request-types';
import { REQUEST_TYPE_DESCRIPTIONS, REQUEST_TYPE_LABELS } from '../labels';

const STEPS = [
  { title: 'Enter your shareholder code', text: 'It is printed on your account statement.' },
  { title: 'Verify your account', text: 'Confirm the statement account number of the holding.' },
  { title: 'Send your request', text: 'We process it in 2-3 business days and confirm by e-mail.' },
] as const;

/** The first view's body: how signing in works and what can be requested. */
export function HowItWorks() {
  return (
    <section className="section" aria-labelledby="portal-how">
      <div className="container portal-intro">
        <div>
          <h2 id="portal-how">How it works</h2>
          <ol className="portal-steps">
            {STEPS.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h2>What you can request</h2>
          <ul className="check-list portal-intro__types">
            {PORTAL_FORM_REQUEST_TYPES.map((type) => (
              <li key={type}>
                <strong>{REQUEST_TYPE_LABELS[type]}</strong>: {REQUEST_TYPE_DESCRIPTIONS[type]}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
