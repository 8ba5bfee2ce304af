import { site } from '../../../../config/site';
import { DOCUMENT_VERSION, ENCRYPTION_AT_REST, ENCRYPTION_IN_TRANSIT } from './terms';

/** How issuer and shareholder data is handled once the issuer becomes a client. */
export function PrivacyPolicy() {
  return (
    <article className="legal-document">
      <p className="legal-document__meta">{DOCUMENT_VERSION} · Applies to issuer clients and their shareholders</p>

      <h3>1. Scope and roles</h3>
      <p>
        This policy explains how the Transfer Agent (the SEC-registered transfer agent affiliated with {site.name}) and
        the Platform Operator ({site.name}) handle personal information about the Issuer&apos;s representatives and
        about the Issuer&apos;s shareholders. The Transfer Agent keeps the official shareholder records as the law
        requires. The Platform Operator runs the systems that store and process those records on the Transfer
        Agent&apos;s and the Issuer&apos;s behalf and does not use them for its own purposes.
      </p>

      <h3>2. Information we hold</h3>
      <ul>
        <li>
          <strong>About the Issuer and its representatives</strong>: company details, tax identification number (EIN),
          registered address, and the names, titles, e-mail addresses and phone numbers of contacts and signatories,
          including the electronic signature given at onboarding.
        </li>
        <li>
          <strong>About shareholders</strong>: names, postal and e-mail addresses, taxpayer identification numbers,
          holdings and transaction history, payment and tax-withholding details, and identity verification images where
          a request requires them.
        </li>
        <li>
          <strong>Technical information</strong>: IP addresses, browser type and activity logs, used to secure the
          platform and investigate misuse.
        </li>
      </ul>

      <h3>3. How we use it</h3>
      <ul>
        <li>to keep accurate shareholder records and carry out transfers, issuances and other requests;</li>
        <li>to verify identities before sensitive transactions and to prevent fraud;</li>
        <li>to send statements, notices and reports to the Issuer and its shareholders;</li>
        <li>to meet legal, tax, regulatory and record-keeping obligations; and</li>
        <li>to operate, secure and support the platform.</li>
      </ul>
      <p>We do not sell personal information and do not use shareholder information for marketing.</p>

      <h3>4. Sharing and sub-processors</h3>
      <p>
        We share personal information only as the services require: with the Issuer whose records it belongs to; with
        brokers, the Depository Trust &amp; Clearing Corporation and paying agents when a transaction requires it; with
        regulators, tax authorities and courts when the law requires it; and with sub-processors that help us provide
        the services, namely:
      </p>
      <ul>
        <li>cloud hosting and backup providers with data centers in the United States;</li>
        <li>e-mail delivery and customer messaging services, for notices and support conversations;</li>
        <li>printing and mailing vendors, for certificates and statements sent by post.</li>
      </ul>
      <p>
        Every sub-processor is bound by a written contract requiring confidentiality and security at least as strict as
        ours. The current list is available on request, and we give the Issuer 30 days&apos; notice before adding a new
        sub-processor that handles shareholder information.
      </p>

      <h3>5. Security</h3>
      <p>
        Information is encrypted with {ENCRYPTION_AT_REST} at rest and with {ENCRYPTION_IN_TRANSIT} in transit. Tax
        identification numbers are encrypted separately and shown only masked. Staff access is limited by role,
        protected by strong authentication, and recorded in an audit log. We test our controls regularly and notify the
        Issuer without undue delay, and as the law requires, if a security incident affects its data.
      </p>

      <h3>6. Retention</h3>
      <p>
        Shareholder records and related correspondence are kept for at least the periods required by the SEC&apos;s
        record-keeping rules for registered transfer agents (including Rule 17Ad-7 under the Securities Exchange Act of
        1934) and by tax law, even after the Service Agreement ends. Identity verification images are kept only as long
        as needed to complete and document the request they belong to. Onboarding information for an application that is
        not approved is deleted once it is no longer needed for legal or audit purposes.
      </p>

      <h3>7. Your rights</h3>
      <p>
        The Issuer may access and export its shareholder records at any time through the issuer portal. Shareholders and
        Issuer representatives may ask to see or correct their information and, where the law allows (for example under
        the California Consumer Privacy Act), to have it deleted, subject to the records we must keep by law. Requests
        from shareholders about records we keep for an Issuer are handled with that Issuer. We will not treat anyone
        differently for exercising these rights.
      </p>

      <h3>8. Changes and contact</h3>
      <p>
        We will tell the Issuer of material changes to this policy at least 30 days before they take effect. Questions
        and requests can be sent to <a href={`mailto:${site.support.email}`}>{site.support.email}</a> or by phone to{' '}
        <a href={site.support.phone.href}>{site.support.phone.display}</a> ({site.support.hours}).
      </p>
    </article>
  );
}
