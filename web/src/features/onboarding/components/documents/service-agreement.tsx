import { site } from '../../../../config/site';
import {
  DOCUMENT_VERSION,
  ENCRYPTION_AT_REST,
  ENCRYPTION_IN_TRANSIT,
  SERVICE_LEVELS,
  TERMINATION_NOTICE,
} from './terms';

/** The Service Agreement between the issuer, the registered transfer agent and the platform operator. */
export function ServiceAgreement() {
  return (
    <article className="legal-document">
      <p className="legal-document__meta">{DOCUMENT_VERSION} · Draft for review before electronic signature</p>

      <h3>1. Who this agreement is between</h3>
      <p>This Service Agreement (the &quot;Agreement&quot;) is made between three parties:</p>
      <ul>
        <li>
          <strong>the Issuer</strong>: the company named in this onboarding application, acting through the person who
          signs it;
        </li>
        <li>
          <strong>the Transfer Agent</strong>: the transfer agent registered with the U.S. Securities and Exchange
          Commission (SEC) and affiliated with {site.name}, which performs all regulated transfer-agent work; its legal
          name and SEC registration number are stated in the welcome package sent when the application is approved; and
        </li>
        <li>
          <strong>the Platform Operator</strong>: {site.name}, a separate company that builds and runs the technology
          platform (the issuer portal, the shareholder portal and the systems behind them) used to deliver the services.
          The Platform Operator is not a transfer agent and does not act as one.
        </li>
      </ul>
      <p>
        The Transfer Agent and the Platform Operator are together called &quot;we&quot; where a sentence applies to
        both. The person signing confirms that they are authorized to bind the Issuer.
      </p>

      <h3>2. Services</h3>
      <p>The Transfer Agent will, for the securities the Issuer designates:</p>
      <ul>
        <li>keep the official register of the Issuer&apos;s shareholders and their holdings;</li>
        <li>record transfers, issuances and cancellations, including book-entry (DRS) positions and DWAC movements;</li>
        <li>issue and cancel physical certificates where the Issuer still uses them;</li>
        <li>
          answer shareholder requests such as address changes, lost-certificate replacements and account questions;
        </li>
        <li>prepare shareholder lists and support annual meetings, mailings and corporate actions on request.</li>
      </ul>
      <p>
        The Platform Operator will provide the Issuer and its shareholders with secure online access to these services,
        keep the platform available and secure, and provide technical support.
      </p>

      <h3>3. Service levels</h3>
      <p>We commit to the following standards, described in detail in the Service Standards document:</p>
      <ul>
        {SERVICE_LEVELS.map((level) => (
          <li key={level.id}>
            {level.area}: {level.commitment.toLowerCase()}.
          </li>
        ))}
      </ul>
      <p>
        Business days are Monday to Friday, excluding U.S. federal holidays. Business hours are 9:00 a.m. to 6:00 p.m.
        Eastern Time on business days. Time limits start when a request is complete and in good order.
      </p>

      <h3>4. The Issuer&apos;s responsibilities</h3>
      <ul>
        <li>give accurate, complete and timely information and instructions, and tell us promptly of any change;</li>
        <li>deliver the existing shareholder records and any documents we reasonably ask for at onboarding;</li>
        <li>keep its portal credentials confidential and limit access to people it has authorized;</li>
        <li>pay the fees when due.</li>
      </ul>

      <h3>5. Fees</h3>
      <p>
        Fees are set out in a separate fee schedule agreed with the Issuer, which forms part of this Agreement. We may
        change the fee schedule with {TERMINATION_NOTICE}; the new fees apply from the first billing period after the
        notice ends. Invoices are payable within 30 days.
      </p>

      <h3>6. Term and termination</h3>
      <p>
        This Agreement starts when the Issuer&apos;s application is approved and continues until either the Issuer or
        the Transfer Agent ends it by giving {TERMINATION_NOTICE} to the other. Either may end it at once if the other
        materially breaches it and does not fix the breach within 30 days of being told. On termination the Transfer
        Agent will deliver the complete shareholder records to the Issuer or to a successor transfer agent it names, in
        a standard electronic format, and will keep the copies the law requires it to keep.
      </p>

      <h3>7. Confidentiality</h3>
      <p>
        Each party will keep the other&apos;s non-public information confidential, use it only to perform this
        Agreement, and share it only with its staff, affiliates and service providers who need it and are bound by
        similar duties, or where the law, a regulator or a court requires it. Shareholder information is handled as
        described in the Privacy Policy.
      </p>

      <h3>8. Data security</h3>
      <p>
        Shareholder and Issuer data is encrypted with {ENCRYPTION_AT_REST} when stored and with {ENCRYPTION_IN_TRANSIT}{' '}
        when sent over networks. Access is limited by role, recorded in an audit log and reviewed regularly. We will
        tell the Issuer without undue delay if we confirm a security incident affecting its data, and as the law
        requires.
      </p>

      <h3>9. Liability</h3>
      <p>
        Each party is responsible for its own acts and omissions. Except for breaches of confidentiality, fraud or
        willful misconduct, neither party is liable for indirect or consequential losses, and each party&apos;s total
        liability in any 12-month period is limited to the fees paid under this Agreement in that period. The Transfer
        Agent relies on instructions it reasonably believes to come from the Issuer&apos;s authorized representatives.
      </p>

      <h3>10. Governing law and general terms</h3>
      <p>
        This Agreement is governed by the laws of the State of California and by the federal securities laws that apply
        to registered transfer agents. It, together with the fee schedule, the Service Standards and the Privacy Policy,
        is the entire agreement on its subject. Changes must be in writing and accepted by the Issuer. Notices may be
        given by e-mail to the addresses each party has on file; questions go to{' '}
        <a href={`mailto:${site.support.email}`}>{site.support.email}</a>.
      </p>
    </article>
  );
}
