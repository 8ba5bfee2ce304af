import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import {
  GearIcon,
  HeadsetIcon,
  LayersIcon,
  LedgerIcon,
  LinkIcon,
  ShieldIcon,
  TrendIcon,
} from '../../../components/icons';
import { CtaSection } from '../components/cta-section';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { FeatureCard } from '../components/feature-card';
import { ReasonList } from '../components/reason-list';

const AUDIENCES = [
  {
    tag: 'Private companies',
    title: 'Private Companies',
    text: 'Keep an accurate cap table and shareholder register as you raise capital, grant equity and onboard new investors.',
    points: ['Cap table maintenance', 'Board-ready ownership reports', 'Secure investor communication'],
  },
  {
    tag: 'Mergers & acquisitions',
    title: 'Banks and Credit Unions',
    text: 'Consolidate shareholder records during mergers, acquisitions and conversions without losing a single holder.',
    points: ['Register reconciliation', 'Exchange and payment processing', 'Regulatory documentation'],
  },
  {
    tag: 'Early stage',
    title: 'Early-Stage Startups',
    text: 'Start with clean records from the first share issued, and model how the next round changes ownership.',
    points: ['Fundraising scenario modelling', 'Digital share issuance', 'Founder and employee equity'],
  },
] as const;

const TECHNOLOGY = [
  {
    icon: LedgerIcon,
    title: 'Ledger-Based Immutable Records',
    text: 'Every movement of shares is appended to a tamper-evident ledger with a complete audit history.',
  },
  {
    icon: LayersIcon,
    title: 'Cap Table Maintenance',
    text: 'Ownership, share classes and vesting stay current automatically as transactions are recorded.',
  },
  {
    icon: GearIcon,
    title: 'Document Creation',
    text: 'Generate share statements, notices and compliance documentation from templates in minutes.',
  },
  {
    icon: HeadsetIcon,
    title: 'Investor Communication',
    text: 'Send notices, statements and announcements to every holder by e-mail, with delivery tracking.',
  },
  {
    icon: TrendIcon,
    title: 'Fundraising Scenario Modelling',
    text: 'See dilution and ownership changes for a proposed round before you sign a term sheet.',
  },
  {
    icon: LinkIcon,
    title: 'Shareholder Relationship Management',
    text: 'One record per holder, with contact history, requests and documents in one place.',
  },
  {
    icon: ShieldIcon,
    title: 'Investor Self-Service Portal',
    text: 'Shareholders submit transfers, address changes and certificate requests online, cutting administrative questions by up to 60%.',
  },
] as const;

const ARCHITECTURE = [
  {
    title: 'DTCC Integration',
    text: 'Direct participant access to the depository and FAST authorization for electronic DRS and DWAC movements.',
  },
  {
    title: 'Security by Design',
    text: 'Encryption in transit and at rest, role-based access for staff and identity verification for sensitive requests.',
  },
  {
    title: 'Compliance Built In',
    text: 'SEC-compatible record keeping and a complete audit trail, with the regulated work performed by our affiliated registered partner.',
  },
  {
    title: 'Always Available',
    text: 'Redundant infrastructure, continuous monitoring and 24/7 support when a corporate action cannot wait.',
  },
] as const;

export default function FeaturesPage() {
  useDocumentMeta(
    'Platform Features',
    `${site.name} platform features: cap table maintenance, ledger-based records, investor communication and an investor self-service portal.`,
  );
  return (
    <div className="page">
      <PageHero
        eyebrow="Platform"
        heading="Platform Features"
        lead="Equity management for private companies, banks and credit unions in M&A, and early-stage startups, on infrastructure that is SEC compatible and DTCC integrated."
      >
        <nav aria-label="On this page">
          <ul className="anchor-nav">
            <li>
              <a href="#solutions">Solutions</a>
            </li>
            <li>
              <a href="#technology">Technology</a>
            </li>
          </ul>
        </nav>
      </PageHero>

      <section id="solutions" className="section" aria-labelledby="solutions-heading">
        <div className="container">
          <SectionHeading
            id="solutions-heading"
            eyebrow="Solutions"
            heading="Solutions for Every Issuer"
            lead="The same accurate register, shaped around the way your organization raises, manages and transfers equity."
          />
          <div className="card-grid card-grid--3">
            {AUDIENCES.map((audience) => (
              <FeatureCard
                key={audience.title}
                tag={audience.tag}
                title={audience.title}
                text={audience.text}
                points={audience.points}
              />
            ))}
          </div>
        </div>
      </section>

      <section id="technology" className="section section--alt" aria-labelledby="technology-heading">
        <div className="container">
          <SectionHeading
            id="technology-heading"
            eyebrow="Technology"
            heading="Technology That Keeps Records Right"
            lead="Everything an issuer needs to manage equity and shareholders, on one platform."
          />
          <div className="card-grid card-grid--3">
            {TECHNOLOGY.map((card) => (
              <FeatureCard key={card.title} {...card} />
            ))}
          </div>

          <h3 className="subsection-title" id="architecture-heading">
            Platform Architecture
          </h3>
          <ReasonList items={ARCHITECTURE} headingLevel={4} numbered grid labelledBy="architecture-heading" />
        </div>
      </section>

      <CtaSection
        heading="See the platform with your records in mind"
        text="Book a consultation and we will show how the platform fits your company's stage, structure and shareholder base."
        action="Schedule a Consultation"
        secondary={{ label: 'Transfer Services', to: paths.transferServices }}
      />
    </div>
  );
}
