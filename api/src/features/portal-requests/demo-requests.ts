import { eq, inArray, sql } from 'drizzle-orm';
import { shareholderAccounts, shareholderRequests, shareholders } from '@ledgerwell/db/schema';
import type { SubmitRequestInput } from '@ledgerwell/shared/portal-requests';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import type { AppDeps } from '../../lib/context';
import { submitPortalRequest } from './submit-request';
import { verificationCodeKey } from './verification-code';

/** Sample requests of every type for the demo holders, so that the admin screens have something to show. */
export const DEMO_REQUESTS: { code: string; accountNumber: string; input: SubmitRequestInput }[] = [
  {
    code: 'DEMO01',
    accountNumber: '100200300',
    input: {
      requestType: 'ADDRESS_CHANGE',
      formData: {
        new_address_line1: '48 Olive Ave',
        new_city: 'Fresno',
        new_state: 'CA',
        new_postal_code: '93728',
        preferred_contact_type: 'EMAIL',
        preferred_contact: 'dana.whitfield@example.com',
      },
    },
  },
  {
    code: 'DEMO01',
    accountNumber: '100200301',
    input: {
      requestType: 'INQUIRY',
      formData: { inquiry_message: 'When will the Series A preferred dividend for this year be paid?' },
    },
  },
  {
    code: 'DEMO02',
    accountNumber: '200300400',
    input: {
      requestType: 'TRANSFER',
      formData: {
        ...SAMPLE_DWAC_TRANSFER,
        receiving_account_name: 'Marcus Bell',
        shareholder_tax_id: '987-65-4321',
        preferred_contact: 'marcus.bell@example.com',
        transfer_all_shares: false,
      },
    },
  },
  {
    code: 'DEMO02',
    accountNumber: '200300400',
    input: {
      requestType: 'TRANSFER',
      formData: {
        transfer_type: 'sale',
        transfer_all_shares: false,
        transfer_shares_text: '2,500',
        transfer_shares_count: 2500,
        shareholder_tax_id: '987-65-4321',
        preferred_contact_type: 'PHONE',
        preferred_contact: '(555) 010-2001',
        buyerEntityType: 'entity',
        buyerEntityName: 'Harbor Point Capital LLC',
        buyerEmail: 'deals@harborpoint.example.com',
        buyerTaxId: '45-6789012',
        buyerAddressLine1: '500 Pacific Ave',
        buyerCity: 'San Francisco',
        buyerState: 'CA',
        buyerPostalCode: '94133',
        buyerCountry: 'United States',
        pricePerShare: '14.25',
      },
    },
  },
  {
    code: 'DEMO03',
    accountNumber: '300400500',
    input: {
      requestType: 'CERTIFICATE',
      formData: {
        certificate_reason: 'replacement',
        delivery_method: 'certified',
        comments: 'Certificate C-1002 was damaged in a flood.',
        preferred_contact_type: 'EMAIL',
        preferred_contact: 'trustee@example.com',
      },
    },
  },
];

/** Files the sample requests of demo holders that have no request yet; running it twice changes nothing. */
export async function seedDemoRequests(deps: AppDeps): Promise<number> {
  const codeKey = verificationCodeKey(deps);
  const meta = { ip: '127.0.0.1', userAgent: 'demo-data', requestId: 'demo-data' };
  const accounts = await deps.db
    .select({
      code: sql<string>`upper(${shareholders.code})`,
      accountNumber: shareholderAccounts.accountNumber,
      shareholderId: shareholders.id,
      accountId: shareholderAccounts.id,
    })
    .from(shareholderAccounts)
    .innerJoin(shareholders, eq(shareholders.id, shareholderAccounts.shareholderId))
    .where(inArray(sql`upper(${shareholders.code})`, [...new Set(DEMO_REQUESTS.map((r) => r.code))]));
  const withRequests = new Set(
    (await deps.db.selectDistinct({ shareholderId: shareholderRequests.shareholderId }).from(shareholderRequests)).map(
      (r) => r.shareholderId,
    ),
  );
  let added = 0;
  for (const sample of DEMO_REQUESTS) {
    const account = accounts.find((a) => a.code === sample.code && a.accountNumber === sample.accountNumber);
    if (!account || withRequests.has(account.shareholderId)) continue;
    await submitPortalRequest(deps, account, sample.input, meta, null, codeKey);
    added++;
  }
  return added;
}
