import { site } from '../../../config/site';
import { ContactLine } from '../components/contact-line';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of These Terms',
    body: (
      <p>
        By accessing the {site.name} website or platform you agree to these Terms of Service. If you use the platform on
        behalf of a company, you confirm that you are authorized to bind that company to these terms.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: <p>You must be at least 18 years old to use the platform or submit a request through it.</p>,
  },
  {
    id: 'services',
    title: 'Our Services',
    body: (
      <p>
        {site.name} provides technology for transfer agency and equity management. Regulated transfer-agent services are
        performed by our affiliated registered transfer agent. Processing times stated on this site, such as 2-3
        business days for complete requests, are targets and may be longer when documents are missing or verification is
        required.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and Security',
    body: (
      <p>
        Keep your shareholder code, account number, passwords and verification links confidential. You are responsible
        for activity carried out with your credentials and must tell us promptly if you suspect unauthorized use.
      </p>
    ),
  },
  {
    id: 'fees',
    title: 'Fees and Payment',
    body: (
      <p>
        Fees are set out in your service agreement or fee schedule. We may change our fees with 30 days&apos; notice;
        the new fees apply from the first billing period after the notice period ends.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <p>
        You may not submit false information, impersonate another person, interfere with the platform&apos;s security,
        or use the platform for any unlawful purpose.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent permitted by law, {site.name}&apos;s total liability for any claim arising from the
        platform or these terms is limited to the fees you paid to {site.name} in the 12 months before the event giving
        rise to the claim. We are not liable for indirect, incidental or consequential damages.
      </p>
    ),
  },
  {
    id: 'changes-law',
    title: 'Changes, Governing Law and Contact',
    body: (
      <>
        <p>
          We may update these terms; the date at the top shows the latest version. These terms are governed by the laws
          of the State of California. Questions about these terms can be sent to:
        </p>
        <ContactLine />
      </>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      heading="Terms of Service"
      description={`The terms that govern the use of the ${site.name} website, platform and portals.`}
      intro={
        <p>
          These terms govern your use of the {site.name} website, the shareholder portal, the issuer portal and related
          services. Please read them carefully.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
