import { PlaceholderPage } from '../../../components/placeholder-page';

export default function AboutPage() {
  return (
    <PlaceholderPage
      heading="About Us"
      description="About Ledgerwell: the story, mission and vision behind a transfer agency and equity management platform."
      lead="Our story, mission and the team behind fifteen years of transfer agency work."
    />
  );
}
