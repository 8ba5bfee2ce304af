import { Link } from 'react-router';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import {
  ArrowRightIcon,
  CheckIcon,
  GearIcon,
  HeadsetIcon,
  LayersIcon,
  LedgerIcon,
  LinkIcon,
  ShieldIcon,
  TrendIcon,
} from '../../../components/icons';
import { CtaSection } from '../components/cta-section';
import { SectionHeading } from '../components/section-heading';
import { FeatureCard } from '../components/feature-card';
import { ReasonList } from '../components/reason-list';

const ORBIT_BADGES = [
  'Equity Management',
  'Shareholder Records',
  'DTC Connection',
  'Digital Ledger Tech',
  'Compliance Documentation',
] as const;

const STAGE_CARDS = [
  {
    icon: LedgerIcon,
    title: 'Reliable Transaction Records',
    text: 'Every issuance, transfer and cancellation is written to a ledger-based, immutable record, so your shareholder register is audit-ready on any day of the year.',
  },
  {
    icon: LinkIcon,
    title: 'Direct DTC Access',
    text: 'Direct participant access to the depository and FAST authorization mean DRS and DWAC movements settle electronically, without paper certificates in transit.',
  },
  {
    icon: GearIcon,
    title: 'Process Automation',
    text: 'Cap table maintenance, document creation and investor communication run as workflows, so routine requests are processed in 2-3 business days.',
  },
] as const;

const REASONS = [
  {
    icon: LayersIcon,
    title: 'A Complete Solution',
    text: 'Shareholder records, transfers, compliance documentation and an investor self-service portal in one platform, instead of spreadsheets and scattered vendors.',
  },
  {
    icon: ShieldIcon,
    title: 'Professional-Grade Infrastructure',
    text: 'SEC compatible and DTCC integrated, with the regulated transfer-agent work carried out by our affiliated registered partner.',
  },
  {
    icon: HeadsetIcon,
    title: 'Real Support Not Just Software',
    text: 'People who have run transfer agency operations for more than 15 years, reachable 24/7 when a corporate action cannot wait.',
  },
  {
    icon: TrendIcon,
    title: 'Built to Grow With You',
    text: 'From a first priced round to an acquisition: model fundraising scenarios and keep your register current as your shareholder base grows.',
  },
] as const;

export function HomePage() {
  useDocumentMeta(
    'Modern Equity Management',
    `${site.name} brings transfer agency and equity management together: shareholder records, DTC connection and compliance documentation in one platform.`,
  );
  return (
    <div className="page">
      <section className="home-hero" aria-labelledby="page-title">
        <div className="container home-hero__inner">
          <div className="home-hero__copy">
            <p className="eyebrow">Transfer agency and equity management</p>
            <h1 id="page-title">Next Evolution in Modern Equity Management</h1>
            <p className="lead">
              Shareholder records, DTC connectivity and compliance documentation on one platform, backed by an
              affiliated registered transfer agent and a team that has served issuers since {site.founded}.
            </p>
            <div className="actions">
              <Link to={paths.contact} className="button">
                Schedule a Demo
              </Link>
              <Link to={paths.features} className="button button--secondary">
                Explore Features
                <ArrowRightIcon size={18} />
              </Link>
            </div>
            <ul className="trust-list">
              <li>
                <CheckIcon size={16} /> SEC compatible
              </li>
              <li>
                <CheckIcon size={16} /> DTCC integrated
              </li>
              <li>
                <CheckIcon size={16} /> FAST authorized
              </li>
            </ul>
          </div>
          <div className="orbit" role="img" aria-label={`Platform capabilities: ${ORBIT_BADGES.join(', ')}`}>
            <div className="orbit__ring orbit__ring--outer" />
            <div className="orbit__ring orbit__ring--inner" />
            <div className="orbit__core" aria-hidden="true">
              <span className="orbit__core-name">{site.name}</span>
              <span className="orbit__core-tag">Est. {site.founded}</span>
            </div>
            <ul className="orbit__track" aria-hidden="true">
              {ORBIT_BADGES.map((badge) => (
                <li key={badge} className="orbit__slot">
                  <span className="orbit__badge">{badge}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="stages-heading">
        <div className="container">
          <SectionHeading
            id="stages-heading"
            eyebrow="Who we serve"
            heading="Supporting Companies at Every Stage"
            lead="Private companies, banks and credit unions working through mergers and acquisitions, and early-stage startups issuing their first shares all rely on the same accurate register."
          />
          <div className="card-grid card-grid--3">
            {STAGE_CARDS.map((card) => (
              <FeatureCard key={card.title} {...card} />
            ))}
          </div>
          <div className="actions actions--center">
            <Link to={paths.features} className="button button--secondary">
              Explore All Features
              <ArrowRightIcon size={18} />
            </Link>
          </div>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="why-heading">
        <div className="container split">
          <div className="split__intro">
            <p className="eyebrow">Why {site.name}</p>
            <h2 id="why-heading">Why Choose {site.name}</h2>
            <p className="lead">
              Technology built by transfer agency practitioners, with the regulated work handled by our affiliated
              registered partner.
            </p>
            <dl className="stat-row">
              <div>
                <dt>Years of experience</dt>
                <dd>15+</dd>
              </div>
              <div>
                <dt>Support coverage</dt>
                <dd>24/7</dd>
              </div>
              <div>
                <dt>Fewer admin questions</dt>
                <dd>Up to 60%</dd>
              </div>
            </dl>
          </div>
          <ReasonList items={REASONS} />
        </div>
      </section>

      <CtaSection
        heading="Ready to modernize your shareholder records?"
        text="See the platform with your own cap table in mind. A 30-minute demo shows how issuers cut administrative questions by up to 60% with investor self-service."
        action="Schedule a Demo"
        secondary={{ label: 'Explore Features', to: paths.features }}
      />
    </div>
  );
}
