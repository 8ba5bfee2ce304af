import { z } from 'zod';
import { dataResponse } from './api-response';

/**
 * E-delivery consent: how the holder receives transaction advices and statements. Electronic delivery
 * needs the holder's own consent, so a holder who never chose gets paper by mail.
 */

export const DELIVERY_PREFERENCE_MESSAGES = {
  electronicRequired: 'Please choose electronic delivery or paper (electronic must be true or false)',
  unknownField: (keys: string[]) =>
    `Unknown field ${keys.map((k) => `"${k}"`).join(', ')}: only "electronic" can be sent`,
  loadFailed: 'We could not load your delivery choice. Please try again.',
  saveFailed: 'Your choice was not saved. Please try again.',
  saved: 'Your choice is saved.',
} as const;
const M = DELIVERY_PREFERENCE_MESSAGES;

/** PUT /shareholder-portal/delivery-preferences: the whole choice, nothing else. */
export const deliveryPreferenceInputSchema = z.strictObject(
  { electronic: z.boolean({ error: M.electronicRequired }) },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField(issue.keys) : M.electronicRequired),
  },
);
export type DeliveryPreferenceInput = z.output<typeof deliveryPreferenceInputSchema>;

/** The holder's current choice, as the holder and staff see it. */
export const deliveryPreferenceSchema = z.object({
  electronic: z.boolean(),
  /** When the holder made the current choice; null when they never chose (paper, the default). */
  chosenAt: z.string().nullable(),
  /** The network address the choice came from; null when they never chose. */
  sourceAddress: z.string().nullable(),
});
export type DeliveryPreference = z.infer<typeof deliveryPreferenceSchema>;

/** A holder who never chose: paper. */
export const NO_DELIVERY_CHOICE: DeliveryPreference = { electronic: false, chosenAt: null, sourceAddress: null };

export const deliveryPreferenceResponseSchema = dataResponse(deliveryPreferenceSchema);
export type DeliveryPreferenceResponse = z.infer<typeof deliveryPreferenceResponseSchema>;
