import { PlaceholderPage } from '../../../components/placeholder-page';

export default function FeaturesPage() {
  return (
    <PlaceholderPage
      heading="Platform Features"
      description="Ledgerwell platform features: cap table maintenance, ledger-based records, investor communication and self-service."
      lead="Equity management for private companies, banks and credit unions in M&A, and early-stage startups."
    />
  );
}
