import { LedgerIcon, ShieldIcon, TrendIcon } from '../../../components/icons';

const BLURBS = [
  {
    Icon: LedgerIcon,
    title: 'SEC Compliance',
    text: 'Your shareholder records are kept to the SEC’s transfer agent rules by our affiliated, SEC-registered transfer agent.',
  },
  {
    Icon: ShieldIcon,
    title: 'Bank-Grade Security',
    text: 'AES-256 encryption at rest, TLS 1.3 in transit, and 99.99% record accuracy, reported to you every month.',
  },
  {
    Icon: TrendIcon,
    title: 'Setup in Days',
    text: 'Apply in minutes; most issuers are fully onboarded within 5-7 business days.',
  },
] as const;

/** The onboarding page's hero banner with its three trust blurbs (spec 1). */
export function OnboardingHero() {
  return (
    <section className="onboarding-hero" aria-labelledby="onboarding-hero-title">
      <div className="container">
        <p className="eyebrow onboarding-hero__eyebrow">Issuer Onboarding</p>
        <h1 id="onboarding-hero-title" className="onboarding-hero__title">
          Become a Ledgerwell issuer client
        </h1>
        <p className="onboarding-hero__lead">
          Move your shareholder registry to a modern transfer agent. Five short steps, no paperwork to post, and you can
          save your progress and come back at any time.
        </p>
        <ul className="onboarding-trust">
          {BLURBS.map(({ Icon, title, text }) => (
            <li key={title} className="onboarding-trust__item">
              <Icon size={24} className="onboarding-trust__icon" />
              <div>
                <h2 className="onboarding-trust__title">{title}</h2>
                <p className="onboarding-trust__text">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
