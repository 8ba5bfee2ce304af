import { PlaceholderPage } from '../../../components/placeholder-page';

export default function CookiePolicyPage() {
  return (
    <PlaceholderPage heading="Cookie Policy" description="How Ledgerwell uses cookies and similar technologies." lead="Effective March 1, 2025. Last updated June 15, 2025." />
  );
}
