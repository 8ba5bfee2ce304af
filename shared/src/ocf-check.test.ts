import { describe, expect, it } from 'vitest';
import { checkOcfBundle, ocfHoldings, type OcfFiles } from './ocf-check';
import { ocfIssuance, ocfManifest, ocfStakeholder, ocfStockClass } from './ocf-fixtures';

const manifest = () => ocfManifest();
const stockClass = ocfStockClass;
const stakeholder = ocfStakeholder;
const issuance = (securityId: string, stakeholderId: string, quantity: string, classId = 'common') =>
  ocfIssuance(securityId, stakeholderId, quantity, { stock_class_id: classId });
const transfer = (id: string, securityId: string, quantity: string, resulting: string[], balance?: string) => ({
  object_type: 'TX_STOCK_TRANSFER',
  id,
  date: '2026-02-01',
  security_id: securityId,
  quantity,
  resulting_security_ids: resulting,
  ...(balance ? { balance_security_id: balance } : {}),
});

/** A sound bundle: 100 issued to A, 30 transferred to B (balance 70), 10 of B's cancelled, A's 70 reissued. */
function goodTransactions(): Record<string, unknown>[] {
  return [
    {
      object_type: 'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT',
      id: 'adj',
      date: '2026-01-01',
      stock_class_id: 'common',
      new_shares_authorized: '500',
    },
    issuance('s1', 'A', '100'),
    transfer('t1', 's1', '30', ['s2'], 's3'),
    issuance('s2', 'B', '30'),
    issuance('s3', 'A', '70'),
    {
      object_type: 'TX_STOCK_CANCELLATION',
      id: 'c1',
      date: '2026-02-02',
      security_id: 's2',
      quantity: '10',
      reason_text: 'repurchase',
      balance_security_id: 's4',
    },
    issuance('s4', 'B', '20'),
    {
      object_type: 'TX_STOCK_REISSUANCE',
      id: 'r1',
      date: '2026-02-03',
      security_id: 's3',
      resulting_security_ids: ['s5'],
    },
    issuance('s5', 'A', '70'),
    {
      object_type: 'TX_STOCK_CONVERSION',
      id: 'v1',
      date: '2026-02-04',
      security_id: 's5',
      quantity_converted: '0.5',
      resulting_security_ids: ['s6'],
      balance_security_id: 's7',
    },
    issuance('s6', 'A', '0.5'),
    issuance('s7', 'A', '69.5'),
  ];
}

function bundle(transactions = goodTransactions()): OcfFiles {
  return {
    'Manifest.ocf.json': manifest(),
    'StockClasses.ocf.json': { file_type: 'OCF_STOCK_CLASSES_FILE', items: [stockClass('common')] },
    'Stakeholders.ocf.json': { file_type: 'OCF_STAKEHOLDERS_FILE', items: [stakeholder('A'), stakeholder('B')] },
    'Transactions.ocf.json': { file_type: 'OCF_TRANSACTIONS_FILE', items: transactions },
  };
}

/** The good bundle's transactions with one changed: `edit` gets the list and returns the new one. */
const reasons = (edit: (items: Record<string, unknown>[]) => Record<string, unknown>[], outstanding = '90') =>
  checkOcfBundle(bundle(edit(goodTransactions())), { outstanding: { common: outstanding } }).map((p) => p.reason);

describe('checkOcfBundle', () => {
  it('finds nothing wrong with a sound bundle, and reads the holdings from it', () => {
    expect(checkOcfBundle(bundle(), { outstanding: { common: '90' } })).toEqual([]);
    expect(ocfHoldings(bundle())).toEqual(
      new Map([
        [
          'common',
          new Map([
            ['B', '20'],
            ['A', '70'],
          ]),
        ],
      ]),
    );
  });

  it('names the file and object of an object that breaks its schema', () => {
    const problems = checkOcfBundle(
      bundle(
        goodTransactions().map((item) =>
          item.id === 's1/issuance' ? { ...item, quantity: 100, date: '2026-02-30' } : item,
        ),
      ),
    );
    expect(problems[0]).toMatchObject({ file: 'Transactions.ocf.json', objectId: 's1/issuance' });
    expect(problems[0]!.reason).toMatch(/quantity/);
    expect(problems[0]!.reason).toMatch(/date/);
    const files = bundle();
    (files['StockClasses.ocf.json'] as { items: unknown[] }).items.push({ ...stockClass('x'), votes: '1' });
    expect(checkOcfBundle(files)[0]).toMatchObject({ objectId: 'x' });
  });

  it('refuses quantities that are not decimal strings of at most 10 places', () => {
    for (const quantity of ['1e3', '1.12345678901', '', ' 5', '1,000'])
      expect(reasons((items) => items.map((i) => (i.id === 't1' ? { ...i, quantity } : i))).join()).toMatch(
        /quantity: must be a decimal string/,
      );
  });

  it('needs exactly one manifest, listing every file, each present with its type', () => {
    const noManifest = bundle();
    delete noManifest['Manifest.ocf.json'];
    expect(checkOcfBundle(noManifest)[0]!.reason).toBe('expected one manifest file, found 0');
    const extra = { ...bundle(), 'Other.ocf.json': { file_type: 'OCF_STAKEHOLDERS_FILE', items: [] } };
    expect(checkOcfBundle(extra).map((p) => p.reason)).toContain('in the bundle but not listed in the manifest');
    const missing = bundle();
    delete missing['Stakeholders.ocf.json'];
    expect(checkOcfBundle(missing).map((p) => p.reason)).toContain(
      'listed in the manifest but missing from the bundle',
    );
    const wrongType = bundle();
    wrongType['Stakeholders.ocf.json'] = { file_type: 'OCF_STOCK_CLASSES_FILE', items: [] };
    expect(checkOcfBundle(wrongType)[0]!.reason).toMatch(/OCF_STOCK_CLASSES_FILE where OCF_STAKEHOLDERS_FILE/);
  });

  it('needs the stakeholder and the stock class of every transaction to exist', () => {
    expect(reasons((items) => [...items, issuance('s9', 'nobody', '1')], '91')).toContain(
      'stakeholder nobody does not exist',
    );
    expect(reasons((items) => [...items, issuance('s9', 'A', '1', 'preferred')])).toContain(
      'stock class preferred does not exist',
    );
    expect(
      reasons((items) => items.map((i) => (i.id === 'adj' ? { ...i, stock_class_id: 'preferred' } : i))),
    ).toContain('stock class preferred does not exist');
  });

  it('consumes only a security an earlier issuance created, and only once', () => {
    expect(reasons((items) => [...items, transfer('t9', 'ghost', '1', ['g1'])])[0]).toMatch(
      /consumes security ghost, which no earlier transaction created/,
    );
    expect(reasons((items) => [...items, transfer('t9', 's1', '1', ['g1'], 'g2')])[0]).toMatch(
      /consumes security s1, which was consumed already/,
    );
    // The transfer placed before the issuance of what it consumes.
    expect(reasons((items) => [items[0]!, items[2]!, items[1]!, ...items.slice(3)])).toContain(
      'consumes security s1, which no earlier transaction created',
    );
    // A result consumed before its own issuance.
    expect(reasons((items) => [...items.slice(0, 3), transfer('t9', 's2', '30', ['x']), ...items.slice(3)])).toContain(
      'consumes security s2 before the issuance that creates it',
    );
  });

  it('needs resulting and balance securities to be new, issued after, and to hold what was moved', () => {
    expect(reasons((items) => items.map((i) => (i.id === 't1' ? { ...i, balance_security_id: 's1' } : i)))).toContain(
      'names s1 as a resulting or balance security, but it exists already',
    );
    expect(reasons((items) => items.filter((i) => i.id !== 's3/issuance'))).toEqual(
      expect.arrayContaining(['resulting or balance security s3 is never issued']),
    );
    expect(
      reasons((items) => items.map((i) => (i.id === 's2/issuance' ? { ...i, quantity: '31' } : i)), '91'),
    ).toContain('its resulting securities hold 31, not 30');
    expect(reasons((items) => items.map((i) => (i.id === 's3/issuance' ? { ...i, quantity: '69' } : i)))).toContain(
      'its balance security holds 69, not 70',
    );
    expect(
      reasons((items) => items.map((i) => (i.id === 's3/issuance' ? { ...i, stakeholder_id: 'B' } : i))),
    ).toContain('issues balance security s3 to another stakeholder than the one it came from');
    expect(
      reasons((items) => items.map((i) => (i.id === 't1' ? { ...i, resulting_security_ids: ['s2', 's2'] } : i))),
    ).toContain('names one resulting or balance security twice');
    expect(reasons((items) => [...items, issuance('s1', 'A', '5')])).toContain(
      'issues security s1, which was created already',
    );
  });

  it('needs a balance for a partial move and none for a whole one, and no more than the security holds', () => {
    expect(
      reasons((items) => items.map((i) => (i.id === 't1' ? { ...i, balance_security_id: undefined } : i))),
    ).toContain('consumes part of a security but names no balance_security_id');
    expect(reasons((items) => items.map((i) => (i.id === 't1' ? { ...i, quantity: '100' } : i)))).toContain(
      'names a balance_security_id but consumes the whole security',
    );
    expect(reasons((items) => items.map((i) => (i.id === 't1' ? { ...i, quantity: '101' } : i)))).toContain(
      'moves 101 of a security holding 100',
    );
  });

  it('sums the outstanding securities per class against the ledger and the authorized shares', () => {
    expect(reasons((items) => items, '91')).toEqual(['securities outstanding sum to 90, the ledger has 91']);
    expect(reasons((items) => items.map((i) => (i.id === 'adj' ? { ...i, new_shares_authorized: '80' } : i)))).toEqual([
      '90 outstanding, above 80 authorized',
    ]);
    expect(checkOcfBundle(bundle(), { outstanding: { common: '90', preferred: '0' } }).map((p) => p.reason)).toEqual([
      'a class of the ledger is missing from the bundle',
    ]);
  });

  it('refuses a transaction dated after the bundle is as of', () => {
    expect(reasons((items) => items.map((i) => (i.id === 'c1' ? { ...i, date: '2026-04-01' } : i)))).toContain(
      "dated 2026-04-01, after the bundle's as_of 2026-03-31",
    );
  });
});
