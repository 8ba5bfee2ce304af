import { site } from '../../../config/site';
import { ContactLine } from '../components/contact-line';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect the information you give us and the information needed to keep shareholder records, including:</p>
        <ul>
          <li>
            contact details you send through our contact form: name, e-mail address, company, phone number and message;
          </li>
          <li>
            shareholder information: name, address, shareholder code, account number, holdings and tax identification
            number;
          </li>
          <li>
            identity verification images (a selfie and the front and back of an identity document) for transfer
            requests;
          </li>
          <li>
            technical information such as IP address, browser type and the pages you visit, used to secure and operate
            the site.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Information',
    body: (
      <>
        <p>We use personal information to:</p>
        <ul>
          <li>
            maintain accurate shareholder records and process transfer, address change, certificate and other requests;
          </li>
          <li>verify the identity of shareholders before completing sensitive transactions;</li>
          <li>answer your questions and arrange consultations and demonstrations;</li>
          <li>meet legal, regulatory and record-keeping obligations; and</li>
          <li>protect our platform, our clients and their shareholders against fraud and misuse.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <p>
        We do not sell personal information. We share it only with the issuer whose records you appear in, with our
        affiliated registered transfer agent that performs the regulated transfer-agent work, with the Depository Trust
        &amp; Clearing Corporation and brokers where a transfer requires it, with service providers bound by
        confidentiality obligations, and with authorities when the law requires it.
      </p>
    ),
  },
  {
    id: 'security-retention',
    title: 'Security and Retention',
    body: (
      <p>
        We protect information with encryption in transit and at rest, access controls and monitoring. Shareholder
        records are kept for as long as the law and our regulatory obligations require. Identity verification images are
        kept only as long as needed to complete and document the request they belong to.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <p>
        Depending on where you live, including under the California Consumer Privacy Act, you may ask to know, correct
        or delete the personal information we hold about you, subject to the records we must keep by law. We will not
        treat you differently for exercising these rights. To make a request, contact us using the details below; we
        reply within one business day and complete requests within the time the law allows.
      </p>
    ),
  },
  {
    id: 'changes-contact',
    title: 'Changes and Contact',
    body: (
      <>
        <p>
          We may update this policy; the date at the top shows the latest version, and material changes are announced on
          this site. Questions about privacy at {site.name} can be sent to:
        </p>
        <ContactLine />
      </>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      heading="Privacy Policy"
      description={`How ${site.name} collects, uses, shares and protects personal information of visitors, issuers and shareholders.`}
      intro={
        <p>
          This policy explains how {site.name} handles personal information when you visit our website, contact us, or
          use the shareholder and issuer portals. It applies to the services we provide together with our affiliated
          registered transfer agent.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
