import { formatDecimal } from '@ledgerwell/shared/ledger';
import { adviceTitle } from '@ledgerwell/shared/portal-documents';
import { POSTING_TYPE_LABELS, type PortalPosting } from '@ledgerwell/shared/portal-holdings';
import { renderPdf, type PdfWriter } from '../../lib/pdf';
import type { HoldersAccount } from './holdings';

/** The lines every document opens with: who, which account (its ending only), which security. */
function registration(pdf: PdfWriter, account: HoldersAccount) {
  pdf.facts([
    ['Issuer', account.issuerName],
    ['Class', account.className],
    ['Registration', account.registrationName],
    ['Account number ending', account.accountNumber.slice(-4)],
  ]);
}

const shares = (value: string) => formatDecimal(value);
const movement = (posting: PortalPosting) =>
  [
    posting.sharesIn !== '0' ? `+${shares(posting.sharesIn)}` : '',
    posting.sharesOut !== '0' ? `-${shares(posting.sharesOut)}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** The DRS advice a transfer agent mails after each posting: what moved, and the holding after it. */
export function transactionAdvicePdf(account: HoldersAccount, posting: PortalPosting): Promise<Buffer> {
  const title = adviceTitle(posting.type, posting.effectiveDate);
  return renderPdf(title, (pdf) => {
    pdf.heading('Transaction advice');
    pdf.paragraph(`${POSTING_TYPE_LABELS[posting.type]} effective ${posting.effectiveDate}`);
    registration(pdf, account);
    pdf.subheading('What was posted');
    pdf.facts([
      ['Transaction', POSTING_TYPE_LABELS[posting.type]],
      ['Effective date', posting.effectiveDate],
      ['Posted', posting.postedAt.slice(0, 10)],
      ['Shares credited', shares(posting.sharesIn)],
      ['Shares debited', shares(posting.sharesOut)],
      ['Balance after this transaction', shares(posting.balanceAfter)],
      ...(posting.requestReference ? [['Your request', posting.requestReference] as const] : []),
    ]);
    if (posting.certificates.length > 0) {
      pdf.subheading('Certificates');
      pdf.table(
        [
          { header: 'Certificate', width: 200 },
          { header: 'Shares', width: 150, numeric: true },
          { header: 'Effect', width: 150 },
        ],
        posting.certificates.map((certificate) => [
          certificate.number,
          shares(certificate.shares.replace(/^-/, '')),
          certificate.shares.startsWith('-') ? 'Cancelled' : 'Issued to you',
        ]),
      );
    }
    pdf.paragraph(
      'This advice is made from the issuer’s records as they stand. Keep it with your investment records. If anything in it is wrong, contact us at once.',
      { muted: true },
    );
  });
}

/** The most postings a statement lists; older ones are in the portal's history. */
export const STATEMENT_POSTINGS = 1000;

export interface StatementFigures {
  asOf: string;
  drsShares: string;
  certificatedShares: string;
  totalShares: string;
  certificates: { number: string; shares: string }[];
  postings: PortalPosting[];
  totalPostings: number;
}

/** A statement of holdings at the end of a date, from the journal as of that date. */
export function statementPdf(account: HoldersAccount, figures: StatementFigures): Promise<Buffer> {
  return renderPdf(`Statement of holdings as of ${figures.asOf}`, (pdf) => {
    pdf.heading('Statement of holdings');
    pdf.paragraph(`As of the end of ${figures.asOf}`);
    registration(pdf, account);
    pdf.subheading('Your holding');
    pdf.facts([
      ['Book-entry (DRS) shares', shares(figures.drsShares)],
      ['Certificated shares', shares(figures.certificatedShares)],
      ['Total shares', shares(figures.totalShares)],
    ]);
    if (figures.certificates.length > 0) {
      pdf.subheading('Certificates held');
      pdf.table(
        [
          { header: 'Certificate', width: 250 },
          { header: 'Shares', width: 150, numeric: true },
        ],
        figures.certificates.map((certificate) => [certificate.number, shares(certificate.shares)]),
      );
    }
    pdf.subheading('Transactions');
    if (figures.postings.length === 0) pdf.paragraph('No transactions up to this date.');
    else {
      if (figures.totalPostings > figures.postings.length)
        pdf.paragraph(
          `The ${formatDecimal(String(figures.postings.length))} most recent of ${formatDecimal(String(figures.totalPostings))} transactions; the portal's history lists them all.`,
          { muted: true },
        );
      pdf.table(
        [
          { header: 'Effective date', width: 90 },
          { header: 'Transaction', width: 150 },
          { header: 'Shares', width: 130, numeric: true },
          { header: 'Balance', width: 130, numeric: true },
        ],
        figures.postings.map((posting) => [
          posting.effectiveDate,
          POSTING_TYPE_LABELS[posting.type],
          movement(posting),
          shares(posting.balanceAfter),
        ]),
      );
    }
  });
}
