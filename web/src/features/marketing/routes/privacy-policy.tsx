import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PrivacyPolicyPage() {
  return (
    <PlaceholderPage heading="Privacy Policy" description="How Ledgerwell collects, uses and protects personal information." lead="Effective March 1, 2025. Last updated June 15, 2025." />
  );
}
