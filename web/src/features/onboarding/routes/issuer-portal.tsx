import { lazy, Suspense } from 'react';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { importInSlices } from '../../../lib/import-in-slices';
import { OnboardingHero } from '../components/onboarding-hero';
import { WizardLoading } from '../components/wizard-loading';
import '../onboarding.css';

// The hero (the page's largest paint) comes with this small chunk; the wizard, with the shared rules,
// the documents and the API client, follows in its own. Both are precached for offline use.
// Evaluated in slices (zod and the API client, the shared onboarding rules, then the wizard): in one
// go it was a long task on a phone (lib/import-in-slices.ts).
const OnboardingWizard = lazy(() =>
  importInSlices(
    [() => import('../../../lib/api-client'), () => import('@ledgerwell/shared/issuer-onboarding-rules')],
    () => import('../components/wizard-shell'),
  ).then((module) => ({ default: module.OnboardingWizard })),
);

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
