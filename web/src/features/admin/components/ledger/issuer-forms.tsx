import {
  authorizedAdjustmentInputSchema,
  calendarDateIn,
  DEFAULT_ISSUER_TIME_ZONE,
  issuerInputSchema,
  shareClassInputSchema,
} from '@ledgerwell/shared/ledger';
import {
  adjustAuthorizedShares,
  createIssuer,
  createShareClass,
  type IssuerView,
  type ShareClassView,
} from '../../api/ledger';
import { LedgerForm, optional } from './ledger-form';
import { shares } from '../../../../lib/ledger-format';
import type { PushToast } from './ledger-format';

interface DialogProps {
  onDone: () => void;
  onCancel: () => void;
  onToast: PushToast;
}

const SHARES_INPUT = { inputMode: 'decimal', maxLength: 26 } as const;

export function AddIssuerForm(props: DialogProps) {
  return (
    <LedgerForm
      title="Add an issuer"
      fields={[
        { name: 'legalName', label: 'Legal name', required: true, input: { maxLength: 200 } },
        {
          name: 'timeZone',
          label: 'Time zone',
          required: true,
          description:
            "The issuer's calendar days (effective dates, record dates) are counted in it, e.g. America/New_York.",
          input: { maxLength: 64 },
        },
      ]}
      initial={{ legalName: '', timeZone: DEFAULT_ISSUER_TIME_ZONE }}
      schema={issuerInputSchema}
      toBody={(values) => ({ legalName: values.legalName, timeZone: values.timeZone })}
      submitLabel="Add issuer"
      send={createIssuer}
      successMessage="Issuer added"
      {...props}
    />
  );
}

export function AddClassForm({ issuer, ...props }: DialogProps & { issuer: IssuerView }) {
  return (
    <LedgerForm
      title={`Add a share class to ${issuer.legalName}`}
      fields={[
        { name: 'name', label: 'Class name', required: true, input: { maxLength: 100, placeholder: 'Common' } },
        {
          name: 'authorizedShares',
          label: 'Authorized shares',
          required: true,
          description: 'As the charter sets them. Issuances can never take the shares outstanding above this.',
          input: SHARES_INPUT,
        },
        { name: 'parValue', label: 'Par value (optional)', input: { inputMode: 'decimal', maxLength: 26 } },
        { name: 'cusip', label: 'CUSIP (optional)', description: '9 letters or digits.', input: { maxLength: 9 } },
      ]}
      initial={{ name: '', authorizedShares: '', parValue: '', cusip: '' }}
      schema={shareClassInputSchema}
      toBody={(values) => ({
        name: values.name,
        authorizedShares: values.authorizedShares.trim(),
        parValue: optional(values.parValue),
        cusip: optional(values.cusip),
      })}
      submitLabel="Add class"
      send={(body) => createShareClass(issuer.id, body)}
      successMessage="Share class added"
      {...props}
    />
  );
}

export function AuthorizedSharesForm({
  issuer,
  shareClass,
  ...props
}: DialogProps & { issuer: IssuerView; shareClass: ShareClassView }) {
  const today = calendarDateIn(issuer.timeZone, new Date());
  return (
    <LedgerForm
      title={`Authorized shares of ${issuer.legalName}, ${shareClass.name}`}
      intro={`Now ${shareClass.authorizedShares === null ? 'not recorded' : shares(shareClass.authorizedShares)}, with ${shares(shareClass.outstandingShares)} outstanding. The change is an AUTHORIZED_ADJUSTMENT on the journal.`}
      fields={[
        { name: 'authorizedShares', label: 'New authorized shares', required: true, input: SHARES_INPUT },
        {
          name: 'authorization',
          label: "Issuer's written authorization",
          required: true,
          description: 'Such as the board resolution or charter amendment, with its date.',
          input: { maxLength: 500 },
        },
        {
          name: 'effectiveDate',
          label: 'Effective date',
          required: true,
          description: `In ${issuer.timeZone}; an earlier day needs ADMIN and is recorded as back-dated.`,
          input: { type: 'date', max: today },
        },
      ]}
      initial={{ authorizedShares: '', authorization: '', effectiveDate: today }}
      schema={authorizedAdjustmentInputSchema}
      toBody={(values) => ({
        classId: shareClass.id,
        authorizedShares: values.authorizedShares.trim(),
        authorization: values.authorization,
        effectiveDate: values.effectiveDate,
      })}
      submitLabel="Record authorized shares"
      send={adjustAuthorizedShares}
      successMessage={`Authorized shares of ${shareClass.name} recorded`}
      {...props}
    />
  );
}
