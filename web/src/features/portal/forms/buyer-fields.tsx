import { TextField } from '../../../components/ui/text-field';
import { REQUEST_FIELD_LABELS as LABELS } from '@ledgerwell/shared/portal-request-labels';
import { RadioGroupField } from '../components/radio-group-field';
import { BUYER_TYPE_OPTIONS, formatUsd } from '../labels';
import type { TransferValues } from './form-data';
import type { RequestForm } from './use-request-form';

interface BuyerFieldsProps {
  form: RequestForm<TransferValues>;
  /** Price × shares, or null until both are known. */
  total: number | null;
}

/** The buyer of a private sale, in place of the receiving firm; the server recomputes the total. */
export function BuyerFields({ form, total }: BuyerFieldsProps) {
  const { values } = form;
  return (
    <fieldset className="portal-fieldset">
      <legend>Buyer</legend>
      <RadioGroupField
        legend={LABELS.buyerEntityType}
        name="buyerEntityType"
        required
        options={BUYER_TYPE_OPTIONS}
        value={values.buyerEntityType}
        onChange={(buyerEntityType) => form.update({ buyerEntityType })}
        onBlur={() => form.touch('buyerEntityType')}
        error={form.errorOf('buyerEntityType')}
      />
      {values.buyerEntityType === 'entity' && (
        <TextField
          label={LABELS.buyerEntityName}
          required
          maxLength={200}
          autoComplete="off"
          {...form.field('buyerEntityName')}
        />
      )}
      {values.buyerEntityType === 'individual' && (
        <div className="form-row">
          <TextField
            label={LABELS.buyerFirstName}
            required
            maxLength={100}
            autoComplete="off"
            {...form.field('buyerFirstName')}
          />
          <TextField
            label={LABELS.buyerLastName}
            required
            maxLength={100}
            autoComplete="off"
            {...form.field('buyerLastName')}
          />
        </div>
      )}
      <div className="form-row">
        <TextField
          label={LABELS.buyerEmail}
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          {...form.field('buyerEmail')}
        />
        <TextField
          label={`${LABELS.buyerPhone} (optional)`}
          type="tel"
          maxLength={40}
          autoComplete="off"
          {...form.field('buyerPhone')}
        />
      </div>
      <TextField
        label={LABELS.buyerTaxId}
        required
        maxLength={15}
        autoComplete="off"
        description={<p className="field__hint">SSN or EIN</p>}
        {...form.field('buyerTaxId')}
      />
      <TextField
        label={LABELS.buyerAddressLine1}
        required
        maxLength={200}
        autoComplete="off"
        {...form.field('buyerAddressLine1')}
      />
      <TextField
        label={`${LABELS.buyerAddressLine2} (optional)`}
        maxLength={200}
        autoComplete="off"
        {...form.field('buyerAddressLine2')}
      />
      <div className="form-row">
        <TextField label={LABELS.buyerCity} required maxLength={100} autoComplete="off" {...form.field('buyerCity')} />
        <TextField label={LABELS.buyerState} required maxLength={50} autoComplete="off" {...form.field('buyerState')} />
      </div>
      <div className="form-row">
        <TextField
          label={LABELS.buyerPostalCode}
          required
          maxLength={20}
          autoComplete="off"
          {...form.field('buyerPostalCode')}
        />
        <TextField
          label={LABELS.buyerCountry}
          required
          maxLength={60}
          autoComplete="off"
          {...form.field('buyerCountry')}
        />
      </div>
      <TextField
        label={LABELS.pricePerShare}
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder="12.50"
        maxLength={20}
        {...form.field('pricePerShare')}
      />
      <p className="portal-total" aria-live="polite">
        {LABELS.totalAmount}: {total === null ? 'enter the price and the number of shares' : formatUsd(total)}
      </p>
    </fieldset>
  );
}
