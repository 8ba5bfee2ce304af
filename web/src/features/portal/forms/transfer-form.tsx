import { formatShares } from '@ledgerwell/shared/portal-requests';
import { REQUEST_FIELD_LABELS as LABELS, SELLER_TAX_ID_LABEL } from '@ledgerwell/shared/portal-request-labels';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ContactField } from '../components/contact-field';
import { TRANSFER_TYPE_OPTIONS } from '../labels';
import { BuyerFields } from './buyer-fields';
import {
  displayShares,
  saleTotal,
  sharesDigits,
  sharesToTransfer,
  toTransferFormData,
  type TransferValues,
} from './form-data';
import { RequestFormShell } from './request-form-shell';
import { useRequestForm, type RequestFormProps } from './use-request-form';
import { checkRequest } from './validate-request';

interface TransferFormProps extends RequestFormProps<TransferValues> {
  /** The signed-in account's holding: the most a transfer can move. */
  sharesHeld: string;
}

/**
 * Transfer request (spec 3 and 5): to a receiving firm (DRS, DWAC, not sure), or a private sale to
 * a buyer with a price per share, whose total shows as it is typed.
 */
export function TransferForm({ sharesHeld, ...props }: TransferFormProps) {
  const form = useRequestForm({
    ...props,
    check: (values: TransferValues) =>
      checkRequest({ requestType: 'TRANSFER', formData: toTransferFormData(values) }, sharesHeld),
  });
  const { values } = form;
  const all = values.transfer_all_shares;
  const isSale = values.transfer_type === 'sale';

  return (
    <RequestFormShell form={form} label="Transfer Request">
      <SelectField
        label={LABELS.transfer_type}
        required
        options={TRANSFER_TYPE_OPTIONS}
        {...form.field('transfer_type')}
      />

      <fieldset className="portal-fieldset">
        <legend>Shares</legend>
        <TextField
          label={LABELS.transfer_shares_count}
          name="transfer_shares_count"
          inputMode="numeric"
          autoComplete="off"
          required={!all}
          disabled={all}
          value={all ? 'ALL' : displayShares(values.transfer_shares_count)}
          onChange={(event) => form.update({ transfer_shares_count: sharesDigits(event.target.value) })}
          onBlur={() => form.touch('transfer_shares_count')}
          error={all ? undefined : form.errorOf('transfer_shares_count')}
          description={
            <p className="field__hint">Digits only. This account holds {formatShares(sharesHeld)} shares.</p>
          }
        />
        <CheckboxField
          label="Transfer all shares"
          name="transfer_all_shares"
          checked={all}
          onChange={(checked) => form.update({ transfer_all_shares: checked, transfer_shares_count: '' })}
        />
        <TextField
          label={`${LABELS.certificate_numbers} (optional)`}
          maxLength={1000}
          autoComplete="off"
          description={<p className="field__hint">For certificated shares, e.g. C-1001, C-1002.</p>}
          {...form.field('certificate_numbers')}
        />
      </fieldset>

      {isSale ? (
        <BuyerFields form={form} total={saleTotal(values.pricePerShare, sharesToTransfer(values, sharesHeld))} />
      ) : (
        <fieldset className="portal-fieldset">
          <legend>Receiving firm</legend>
          <TextField
            label={LABELS.receiving_firm_name}
            required
            maxLength={200}
            autoComplete="off"
            {...form.field('receiving_firm_name')}
          />
          <TextField
            label={`${LABELS.receiving_firm_dtc} (optional)`}
            maxLength={4}
            inputMode="numeric"
            autoComplete="off"
            description={
              <p className="field__hint">
                Up to 4 characters. The receiving firm can tell you its DTC participant number.
              </p>
            }
            {...form.field('receiving_firm_dtc')}
          />
          <TextField
            label={LABELS.receiving_account_num}
            required
            maxLength={40}
            autoComplete="off"
            {...form.field('receiving_account_num')}
          />
          <TextField
            label={LABELS.receiving_account_name}
            required
            maxLength={200}
            autoComplete="off"
            description={<p className="field__hint">The name the receiving account is held in.</p>}
            {...form.field('receiving_account_name')}
          />
        </fieldset>
      )}

      {/* The holder's own, apart from the buyer's (issue 29): in a sale, the seller's. */}
      <TextField
        label={isSale ? SELLER_TAX_ID_LABEL : LABELS.shareholder_tax_id}
        required
        maxLength={15}
        autoComplete="off"
        description={<p className="field__hint">Your SSN or EIN, as the registered holder of these shares</p>}
        {...form.field('shareholder_tax_id')}
      />
      <ContactField form={form} required />
      <TextareaField
        label={`${LABELS.special_instructions} (optional)`}
        maxLength={2000}
        rows={4}
        {...form.field('special_instructions')}
      />
    </RequestFormShell>
  );
}
