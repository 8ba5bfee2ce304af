import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { OnboardingHero } from '../components/onboarding-hero';
import { OnboardingWizard } from '../components/wizard-shell';
import '../onboarding.css';

/** /issuer-portal: the issuer onboarding wizard (spec 2.6), its own lazy chunk, precached for offline use. */
export default function IssuerPortalPage() {
  useDocumentMeta(
    'Issuer Onboarding',
    'Become a Ledgerwell issuer client: a five-step onboarding from company details to electronic signature, that works offline.',
  );
  return (
    <div className="onboarding-page">
      <OnboardingHero />
      <div className="container onboarding-container">
        <OnboardingWizard />
      </div>
    </div>
  );
}
