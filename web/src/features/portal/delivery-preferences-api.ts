import { deliveryPreferenceResponseSchema, type DeliveryPreference } from '@ledgerwell/shared/delivery-preferences';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';
import { bearer } from './api';

/** The signed-in holder's choice of electronic delivery or paper for advices and statements (paper until they choose). */
export async function fetchDeliveryPreference(token: string): Promise<DeliveryPreference> {
  const body = await apiRequest(apiPaths.portal.deliveryPreferences, {
    auth: bearer(token),
    schema: deliveryPreferenceResponseSchema,
  });
  return body.data;
}

/** Records the holder's choice; the answer is the choice now in force, with the time it was made. */
export async function saveDeliveryPreference(token: string, electronic: boolean): Promise<DeliveryPreference> {
  const body = await apiRequest(apiPaths.portal.deliveryPreferences, {
    method: 'PUT',
    auth: bearer(token),
    body: { electronic },
    schema: deliveryPreferenceResponseSchema,
  });
  return body.data;
}
