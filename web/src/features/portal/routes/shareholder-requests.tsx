import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ShareholderRequestsPage() {
  return (
    <PlaceholderPage
      heading="Shareholder Portal"
      description="Send transfer, address change, certificate and general requests about your holdings through the secure shareholder portal."
      lead="A secure portal to send requests about your holdings: transfers, address changes, certificates and inquiries."
    />
  );
}
