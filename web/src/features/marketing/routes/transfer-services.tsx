import { PlaceholderPage } from '../../../components/placeholder-page';

export default function TransferServicesPage() {
  return (
    <PlaceholderPage
      heading="Transfer Services"
      description="Transfer services on Ledgerwell: DRS, DWAC and Medallion Signature Guarantee, with automated processing."
      lead="DRS, DWAC and Medallion Signature Guarantee services, processed by an affiliated registered transfer agent."
    />
  );
}
