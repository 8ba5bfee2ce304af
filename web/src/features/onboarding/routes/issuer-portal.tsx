import { PlaceholderPage } from '../../../components/placeholder-page';

export default function IssuerPortalPage() {
  return (
    <PlaceholderPage
      heading="Issuer Onboarding"
      description="Become a Ledgerwell issuer client: a five-step onboarding from company details to electronic signature."
      lead="Onboard your company in five steps: get started, review documents, company details, signature, confirmation."
    />
  );
}
