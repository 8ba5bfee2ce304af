import { PlaceholderPage } from '../../../components/placeholder-page';

export default function VerifyPage() {
  return (
    <PlaceholderPage
      heading="Identity Verification"
      description="Verify your identity for a shareholder request with a selfie and photos of your ID."
      lead="Take a selfie and photos of the front and back of your ID to complete your request."
    />
  );
}
