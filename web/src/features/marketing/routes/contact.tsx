import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ContactPage() {
  return (
    <PlaceholderPage
      heading="Talk to Our Team"
      description="Contact Ledgerwell to schedule a consultation or a demo of the equity management platform."
      lead="Tell us about your company and we will set up a consultation."
    />
  );
}
