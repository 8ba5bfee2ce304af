import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { site } from '../../../config/site';
import {
  CheckIcon,
  GearIcon,
  HeadsetIcon,
  LayersIcon,
  LedgerIcon,
  LinkIcon,
  ShieldIcon,
} from '../../../components/icons';
import { CtaSection } from '../components/cta-section';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { FeatureCard } from '../components/feature-card';

const STATS = [
  { value: String(site.founded), label: 'Established' },
  { value: '15+', label: 'Years of experience' },
  { value: '24/7', label: 'Support coverage' },
  { value: '2-3', label: 'Business days to process requests' },
] as const;

const DIFFERENTIATORS = [
  {
    icon: ShieldIcon,
    title: 'Regulated Partner, Modern Platform',
    text: 'Our affiliated registered transfer agent performs the regulated work; our software makes it fast, visible and auditable.',
  },
  {
    icon: LinkIcon,
    title: 'Direct DTC Participation',
    text: 'DTCC integrated and FAST authorized, with direct participant access to the depository for DRS and DWAC movements.',
  },
  {
    icon: LedgerIcon,
    title: 'Immutable Ledger Records',
    text: 'Ledger-based records keep a tamper-evident history of every issuance, transfer and cancellation.',
  },
  {
    icon: HeadsetIcon,
    title: 'Owner Operated',
    text: 'The people who founded the firm still answer for it. Decisions are made by practitioners, not by a distant holding company.',
  },
  {
    icon: GearIcon,
    title: 'Automation Where It Counts',
    text: 'Document creation, investor communication and request handling run as workflows, so requests are processed in 2-3 business days.',
  },
  {
    icon: LayersIcon,
    title: 'Self-Service for Shareholders',
    text: 'An investor portal answers the routine questions, cutting administrative inquiries by up to 60%.',
  },
] as const;

export default function AboutPage() {
  useDocumentMeta(
    'About Us',
    `About ${site.name}: established ${site.founded}, an owner-operated transfer agency and equity management platform with 15+ years of experience.`,
  );
  return (
    <div className="page">
      <PageHero
        eyebrow={`About ${site.name}`}
        heading="Built by Transfer Agency Practitioners"
        lead={`Since ${site.founded} we have kept shareholder records accurate for private companies, financial institutions and startups. Today that experience runs on a modern platform.`}
      />

      <section className="section" aria-labelledby="story-heading">
        <div className="container">
          <div className="prose">
            <p className="eyebrow">Our story</p>
            <h2 id="story-heading">Fifteen Years of Getting the Register Right</h2>
            <p>
              {site.name} began in {site.founded} as a small team handling shareholder records for private companies in
              California. Transfers arrived on paper, certificates travelled by courier, and a single missing signature
              could hold up a transaction for weeks.
            </p>
            <p>
              Over more than 15 years we connected those records to the Depository Trust &amp; Clearing Corporation,
              became FAST authorized, and replaced manual steps with automation. The regulated transfer-agent work is
              carried out by our affiliated SEC-registered partner; {site.name} supplies the technology, the process and
              the people who make it dependable.
            </p>
            <p>
              We are still owner operated. The same people who answer your call today built the procedures your
              shareholders rely on.
            </p>
          </div>
          <div className="mission-grid">
            <article className="mission-card" aria-labelledby="mission-heading">
              <h3 id="mission-heading">Our Mission</h3>
              <p>
                To give every issuer, from a two-founder startup to a bank completing a merger, a shareholder register
                that is accurate, compliant and easy to work with.
              </p>
            </article>
            <article className="mission-card" aria-labelledby="vision-heading">
              <h3 id="vision-heading">Our Vision</h3>
              <p>
                Equity records that move as quickly as the companies behind them: digital, immutable and connected
                directly to the markets, with real people ready to help.
              </p>
            </article>
          </div>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="team-heading">
        <div className="container">
          <SectionHeading
            id="team-heading"
            eyebrow="Our team"
            heading="Experience You Can Measure"
            lead="A focused team of operations specialists, compliance professionals and engineers."
          />
          <dl className="stats-band">
            {STATS.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="different-heading">
        <div className="container">
          <SectionHeading id="different-heading" eyebrow="What sets us apart" heading="What Makes Us Different" />
          <div className="card-grid card-grid--3">
            {DIFFERENTIATORS.map((card) => (
              <FeatureCard key={card.title} {...card} />
            ))}
          </div>
          <ul className="trust-list trust-list--center">
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
      </section>

      <CtaSection
        heading="Let's talk about your shareholder records"
        text="Whether you are preparing a first issuance or consolidating registers after an acquisition, our team will walk you through the options."
        action="Talk to Our Team"
      />
    </div>
  );
}
