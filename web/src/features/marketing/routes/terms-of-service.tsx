import { PlaceholderPage } from '../../../components/placeholder-page';

export default function TermsOfServicePage() {
  return (
    <PlaceholderPage heading="Terms of Service" description="The terms that govern the use of the Ledgerwell platform." lead="Effective March 1, 2025. Last updated June 15, 2025." />
  );
}
