import { Hono } from 'hono';
import {
  deliveryPreferenceInputSchema,
  deliveryPreferenceResponseSchema,
} from '@ledgerwell/shared/delivery-preferences';
import type { AppDeps } from '../../lib/context';
import { documented } from '../../lib/openapi';
import { parseJson } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { chooseDeliveryPreference } from './choose-delivery';
import { currentDeliveryPreference } from './current-preferences';

/** E-delivery consent: the signed-in holder's choice of electronic delivery or paper, under /api/shareholder-portal. */
export function deliveryPreferenceRoutes(deps: AppDeps) {
  return new Hono<PortalEnv>()
    .use('/delivery-preferences', requirePortalSession(deps, 'ACCOUNT'))
    .get(
      '/delivery-preferences',
      documented({
        tag: 'Shareholder portal',
        summary: 'How advices and statements reach the holder: electronic or paper (paper until they choose)',
        auth: 'portal',
        responses: { 200: deliveryPreferenceResponseSchema },
      }),
      async (c) =>
        c.json({ success: true, data: await currentDeliveryPreference(deps.db, c.get('portalSession').shareholderId) }),
    )
    .put(
      '/delivery-preferences',
      documented({
        tag: 'Shareholder portal',
        summary: 'Choose electronic delivery or paper',
        description:
          'Recorded with its time, address and browser. Choosing the current choice again records nothing and answers it with the time it was made.',
        auth: 'portal',
        body: deliveryPreferenceInputSchema,
        responses: { 200: deliveryPreferenceResponseSchema },
      }),
      async (c) => {
        const input = await parseJson(c, deliveryPreferenceInputSchema);
        const data = await chooseDeliveryPreference({
          deps,
          session: c.get('portalSession'),
          input,
          meta: c.get('meta'),
        });
        return c.json({ success: true, data });
      },
    );
}
