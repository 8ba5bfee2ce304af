import { sql } from 'drizzle-orm';
import { shareholders } from '@ledgerwell/db/schema';
import type { ShareholderInput } from '@ledgerwell/shared/registry';
import type { AppDeps } from '../../lib/context';
import { createShareholder } from './create-shareholder';

/** A small registry to try the portal with (listed in the README). Fictitious people, documentation-range phone numbers. */
export const DEMO_SHAREHOLDERS: ShareholderInput[] = [
  {
    code: 'DEMO01',
    name: 'Dana Whitfield',
    email: 'dana.whitfield@example.com',
    phone: '+1 555 010 2000',
    taxId: '123-45-6789',
    address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
    accounts: [
      {
        accountNumber: '100200300',
        registrationName: 'Dana Whitfield',
        issuer: 'Acme Robotics Inc.',
        shareClass: 'Common',
        sharesHeld: 1500,
        holdingType: 'DRS',
        certificateNumbers: [],
      },
      {
        accountNumber: '100200301',
        registrationName: 'Dana Whitfield',
        issuer: 'Acme Robotics Inc.',
        shareClass: 'Series A Preferred',
        sharesHeld: 250,
        holdingType: 'CERTIFICATED',
        certificateNumbers: ['PA-0012', 'PA-0013'],
      },
    ],
  },
  {
    code: 'DEMO02',
    name: 'Marcus Bell',
    email: 'marcus.bell@example.com',
    phone: '+1 555 010 2001',
    taxId: '987-65-4321',
    address: { line1: '220 Harbor Blvd', line2: 'Apt 4', city: 'Irvine', state: 'CA', postalCode: '92618' },
    accounts: [
      {
        accountNumber: '200300400',
        registrationName: 'Marcus Bell',
        issuer: 'Northwind Bancorp',
        shareClass: 'Common',
        sharesHeld: 12000,
        holdingType: 'DRS',
        certificateNumbers: [],
      },
    ],
  },
  {
    code: 'DEMO03',
    name: 'Bell Family Trust',
    email: 'trustee@example.com',
    taxId: '12-3456789',
    address: { line1: '75 Ocean Ave', city: 'Santa Cruz', state: 'CA', postalCode: '95060' },
    accounts: [
      {
        accountNumber: '300400500',
        registrationName: 'Bell Family Trust, M. Bell TTEE',
        issuer: 'Acme Robotics Inc.',
        shareClass: 'Common',
        sharesHeld: 48000,
        holdingType: 'CERTIFICATED',
        certificateNumbers: ['C-1001', 'C-1002', 'C-1003'],
      },
    ],
  },
];

/** Adds the demo holders that are not there yet; running it twice changes nothing. */
export async function seedDemoRegistry(deps: AppDeps): Promise<number> {
  let added = 0;
  for (const holder of DEMO_SHAREHOLDERS) {
    const [existing] = await deps.db
      .select({ id: shareholders.id })
      .from(shareholders)
      .where(sql`upper(${shareholders.code}) = ${holder.code}`);
    if (existing) continue;
    await createShareholder(deps, { id: null, username: 'system' }, holder, null);
    added++;
  }
  return added;
}
