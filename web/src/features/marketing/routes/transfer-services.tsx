import { Link } from 'react-router';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { GearIcon, HeadsetIcon, LinkIcon, ShieldIcon } from '../../../components/icons';
import { CtaSection } from '../components/cta-section';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { FeatureCard } from '../components/feature-card';
import { ReasonList } from '../components/reason-list';

const SERVICE_TYPES = [
  {
    abbr: 'DRS',
    title: 'Direct Registration System',
    text: 'Hold shares in book-entry form on the issuer’s register, without a paper certificate, and move them electronically to and from a broker.',
    points: ['No certificates to lose or replace', 'Electronic statements of holdings', 'Broker transfers through DTC'],
  },
  {
    abbr: 'DWAC',
    title: 'Deposit/Withdrawal at Custodian',
    text: 'Move shares between the transfer agent and a broker’s DTC account quickly, using our FAST authorization and direct DTC access.',
    points: ['Fast electronic deposits', 'Broker-initiated withdrawals', 'Status updates by e-mail'],
  },
  {
    abbr: 'Medallion',
    title: 'Medallion Signature Guarantee',
    text: 'We explain when a Medallion Signature Guarantee is required, review the documentation with you, and process the transfer once it is in order.',
    points: ['Guidance on required documents', 'Review before submission', 'Secure handling of originals'],
  },
] as const;

const CAPABILITIES = [
  {
    icon: GearIcon,
    title: 'Processing in 2-3 Business Days',
    text: 'Complete requests are processed within 2-3 business days, and you receive a confirmation e-mail when they are done.',
  },
  {
    icon: ShieldIcon,
    title: 'Identity Verification',
    text: 'Transfers include a photo identity check that shareholders complete from any phone or camera device, without an account.',
  },
  {
    icon: HeadsetIcon,
    title: 'Status Updates by E-mail',
    text: 'Shareholders hear from us within one business day after verification, and our e-mail support replies within one business day.',
  },
  {
    icon: LinkIcon,
    title: 'Direct DTC Settlement',
    text: 'As a DTCC-integrated, FAST-authorized platform we settle DRS and DWAC movements electronically, without certificates in transit.',
  },
] as const;

export default function TransferServicesPage() {
  useDocumentMeta(
    'Transfer Services',
    `Transfer services with ${site.name}: DRS, DWAC and Medallion Signature Guarantee, processed in 2-3 business days.`,
  );
  return (
    <div className="page">
      <PageHero
        eyebrow="Transfer services"
        heading="Transfer Services"
        lead={`DRS, DWAC and Medallion Signature Guarantee services for issuers and their shareholders, carried out by our affiliated registered transfer agent on the ${site.name} platform.`}
      >
        <nav aria-label="On this page">
          <ul className="anchor-nav">
            <li>
              <a href="#service-types">Service types</a>
            </li>
            <li>
              <a href="#processing">Processing</a>
            </li>
          </ul>
        </nav>
      </PageHero>

      <section id="service-types" className="section" aria-labelledby="service-types-heading">
        <div className="container">
          <SectionHeading
            id="service-types-heading"
            eyebrow="Service types"
            heading="Transfer Services We Provide"
            lead="Whether shares move to a broker, between holders or out of a paper certificate, one team handles the whole transfer."
          />
          <div className="card-grid card-grid--3">
            {SERVICE_TYPES.map((service) => (
              <FeatureCard
                key={service.abbr}
                tag={service.abbr}
                title={service.title}
                text={service.text}
                points={service.points}
              />
            ))}
          </div>
        </div>
      </section>

      <section id="processing" className="section section--alt" aria-labelledby="processing-heading">
        <div className="container split">
          <div className="split__intro">
            <p className="eyebrow">Processing</p>
            <h2 id="processing-heading">How We Process Your Request</h2>
            <p className="lead">
              Shareholders submit requests through the secure portal; our team verifies, processes and confirms them.
            </p>
            <div className="actions">
              <Link to={paths.shareholderRequests} className="button button--secondary">
                Open the Shareholder Portal
              </Link>
            </div>
          </div>
          <ReasonList items={CAPABILITIES} />
        </div>
      </section>

      <CtaSection
        heading="Simplify transfers for your shareholders"
        text="See how DRS, DWAC and Medallion requests flow through the platform, from the shareholder's first click to the confirmation e-mail."
        action="Schedule a Demo"
      />
    </div>
  );
}
