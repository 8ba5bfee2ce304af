import { site } from '../../../../config/site';
import { DOCUMENT_VERSION, SERVICE_LEVELS } from './terms';

/** The measurable service standards the Service Agreement refers to. */
export function ServiceStandards() {
  return (
    <article className="legal-document">
      <p className="legal-document__meta">{DOCUMENT_VERSION} · Part of the Service Agreement</p>

      <h3>1. Purpose</h3>
      <p>
        This document sets out the standards the Transfer Agent and {site.name}, as Platform Operator, commit to under
        the Service Agreement, how each one is measured, and how results are reported to the Issuer. Each standard is
        measured per calendar month.
      </p>

      <h3>2. The standards</h3>
      <div className="legal-document__table-wrap" tabIndex={0} role="region" aria-label="Service standards table">
        <table className="legal-document__table">
          <caption>Service standards and how they are measured</caption>
          <thead>
            <tr>
              <th scope="col">Area</th>
              <th scope="col">Commitment</th>
              <th scope="col">How it is measured</th>
            </tr>
          </thead>
          <tbody>
            {SERVICE_LEVELS.map((level) => (
              <tr key={level.id}>
                <th scope="row">{level.area}</th>
                <td>{level.commitment}</td>
                <td>{level.measure}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>3. Definitions</h3>
      <dl className="legal-document__definitions">
        <dt>Business day</dt>
        <dd>Monday to Friday, excluding U.S. federal holidays.</dd>
        <dt>Business hours</dt>
        <dd>9:00 a.m. to 6:00 p.m. Eastern Time on business days.</dd>
        <dt>In good order</dt>
        <dd>
          A request that includes every required signature, guarantee, document and identity verification, with no legal
          hold, stop order or question about its validity.
        </dd>
        <dt>Scheduled maintenance</dt>
        <dd>
          Work announced in the issuer portal and by e-mail in advance, carried out outside business hours wherever
          possible.
        </dd>
      </dl>

      <h3>4. What the time limits do not include</h3>
      <ul>
        <li>time spent waiting for missing documents, signatures or answers from the shareholder, broker or Issuer;</li>
        <li>
          requests that need a legal opinion, a court order or a regulator&apos;s decision before they can proceed;
        </li>
        <li>
          delays caused by the Depository Trust &amp; Clearing Corporation, postal services or other third parties;
        </li>
        <li>events outside our reasonable control, such as natural disasters or widespread network failures.</li>
      </ul>
      <p>When a request is not in good order, we tell the requester what is missing within one business day.</p>

      <h3>5. Reporting</h3>
      <p>
        By the 10th of each month the Issuer receives, in the issuer portal, a report for the previous calendar month
        showing the volume of requests handled, the result against each standard above, and an explanation of any
        standard that was missed with the steps taken to prevent a repeat. The Issuer may ask for the underlying data.
      </p>

      <h3>6. If a standard is missed</h3>
      <p>
        If we miss the same standard in two consecutive months, we will agree a written improvement plan with the Issuer
        within 10 business days. If it is missed again in any of the three months after that, the Issuer may end the
        Service Agreement without waiting for the usual notice period and without a termination fee.
      </p>

      <h3>7. Support</h3>
      <p>
        Support is available by e-mail at <a href={`mailto:${site.support.email}`}>{site.support.email}</a> and by phone
        at <a href={site.support.phone.href}>{site.support.phone.display}</a> ({site.support.hours}). Guides and answers
        to common questions are in the help center at{' '}
        <a href={site.support.helpCenter.href} target="_blank" rel="noopener noreferrer">
          {site.support.helpCenter.host}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        . Urgent issues affecting the platform&apos;s availability are handled around the clock.
      </p>
    </article>
  );
}
