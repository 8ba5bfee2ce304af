import { lazy, Suspense } from 'react';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { OnboardingHero } from '../components/onboarding-hero';
import { WizardLoading } from '../components/wizard-loading';
import '../onboarding.css';

// The hero (the page's largest paint) comes with this small chunk; the wizard, with the shared rules,
// the documents and the API client, follows in its own. Both are precached for offline use.
const OnboardingWizard = lazy(() => import('../components/wizard-shell').then((module) => ({ default: module.OnboardingWizard })));

/** /issuer-portal: the issuer onboarding wizard (spec 2.6), its own lazy chunks, precached for offline use. */
export default function IssuerPortalPage() {
  useDocumentMeta(
    'Issuer Onboarding',
    'Become a Ledgerwell issuer client: a five-step onboarding from company details to electronic signature, that works offline.',
  );
  return (
    <div className="onboarding-page">
      <OnboardingHero />
      <div className="container onboarding-container">
        <Suspense fallback={<WizardLoading />}>
          <OnboardingWizard />
        </Suspense>
      </div>
    </div>
  );
}
