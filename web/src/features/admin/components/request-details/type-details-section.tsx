import type { RequestDetail } from '../../api/requests';
import { formatCount, formatMoney, formatPrice } from '../../../../lib/format';
import {
  otherFields,
  readAddressChange,
  readCertificate,
  readInquiry,
  readLostCertificate,
  readTransfer,
  type FormValues,
} from '../../utils/form-fields';
import { DetailList, type DetailRow } from '../../../../components/detail-list';

const SECTION_TITLES = {
  TRANSFER: 'Transfer Details',
  ADDRESS_CHANGE: 'Address Change Details',
  CERTIFICATE: 'Certificate Request Details',
  INQUIRY: 'Inquiry Details',
  LOST_CERTIFICATE: 'Lost Certificate Report',
} as const;

function transferRows(data: FormValues, request: RequestDetail): { main: DetailRow[]; buyer: DetailRow[] | null } {
  const t = readTransfer(data);
  const allShares = t.allShares || request.transferAllShares;
  const count = t.sharesCount ?? request.sharesCount;
  const shares = allShares ? 'All Shares' : count !== null ? formatCount(count) : null;
  const receiving: DetailRow[] =
    t.transferType === 'sale'
      ? []
      : [
          ['Receiving firm name', t.receivingFirmName],
          ['DTC number', t.receivingFirmDtc],
          ['Receiving account number', t.receivingAccountNumber],
          ['Receiving account name', t.receivingAccountName],
        ];
  const main: DetailRow[] = [
    ['Transfer type', t.transferTypeLabel],
    ...receiving,
    ['Shares to transfer', shares],
    ['Certificate numbers', t.certificateNumbers],
    ['Shareholder tax ID', t.shareholderTaxIdMasked],
    ['Preferred contact', t.contact ? `${t.contact}${t.contactType ? ` (${t.contactType.toLowerCase()})` : ''}` : null],
    ['Special instructions', t.specialInstructions],
  ];
  const b = t.buyer;
  const buyer: DetailRow[] | null = b
    ? [
        [b.kind === 'entity' ? 'Buyer entity' : 'Buyer name', b.name],
        ['Buyer type', b.kind === 'entity' ? 'Entity' : 'Individual'],
        ['Buyer e-mail', b.email],
        ['Buyer phone', b.phone],
        ['Price per share', b.pricePerShare !== null ? formatPrice(b.pricePerShare) : null],
        ['Number of shares', b.numberOfShares !== null ? formatCount(b.numberOfShares) : null],
        ['Total amount', b.totalAmount !== null ? formatMoney(b.totalAmount) : null],
        ['Buyer tax ID', b.taxIdMasked],
        ['Buyer address', b.address],
      ]
    : null;
  return { main, buyer };
}

function rowsFor(request: RequestDetail): { main: DetailRow[]; buyer: DetailRow[] | null } {
  const data = request.formData;
  switch (request.type) {
    case 'TRANSFER':
      return transferRows(data, request);
    case 'ADDRESS_CHANGE': {
      const a = readAddressChange(data);
      return {
        main: [
          ['New address', a.address],
          ['City', a.city],
          ['State', a.state],
          ['ZIP code', a.zip],
          ['Contact', a.contact],
        ],
        buyer: null,
      };
    }
    case 'CERTIFICATE': {
      const c = readCertificate(data);
      return {
        main: [
          ['Reason', c.reason],
          ['Delivery method', c.deliveryMethod],
          ['Contact', c.contact],
          ['Comments', c.comments],
        ],
        buyer: null,
      };
    }
    case 'INQUIRY':
      return { main: [['Message', readInquiry(data).message]], buyer: null };
    case 'LOST_CERTIFICATE': {
      const l = readLostCertificate(data);
      return {
        main: [
          ['Certificate', l.certificateNumber],
          ['Shares on the certificate', l.shares],
          ['What happened', l.reason],
          ['Circumstances', l.circumstances],
          ['Replacement asked for', l.replacementForm],
        ],
        buyer: null,
      };
    }
  }
}

/** The request's own fields by type (spec 2), then any other submitted field, listed generically. */
export function TypeDetailsSection({ request }: { request: RequestDetail }) {
  const { main, buyer } = rowsFor(request);
  const others = otherFields(request.formData, request.type);
  return (
    <section className="admin-card" aria-labelledby="type-details">
      <h2 id="type-details">{SECTION_TITLES[request.type]}</h2>
      <DetailList rows={main} />
      {buyer && (
        <>
          <h3>Buyer</h3>
          <DetailList rows={buyer} />
        </>
      )}
      {others.length > 0 && (
        <>
          <h3>Other information</h3>
          <DetailList rows={others.map((field) => [field.label, field.value])} />
        </>
      )}
    </section>
  );
}
