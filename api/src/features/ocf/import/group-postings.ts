import type { OcfTransaction } from '@ledgerwell/shared/ocf';
import type { OcfItem } from '@ledgerwell/shared/ocf-check';

/**
 * The OCF transactions that make one ledger posting (decision 026). OCF writes one transaction per security
 * consumed and one issuance per security created; the ledger writes one transaction with all its legs. So:
 * - an issuance of a security that an earlier transaction named as a result or balance joins that transaction's
 *   posting (OCF's explainer puts it right after);
 * - an object whose id is `<id>/<n>` (n ≥ 2) joins the posting of the object `<id>` just before it, if it is of
 *   the same kind (issuing or consuming): our export's ids for the second and later objects of one ledger
 *   transaction (decision 024). A bundle from elsewhere without that pattern posts each object on its own.
 */
export interface PostingGroup {
  file: string;
  /** The first object's id: what a rejection of the whole posting names. */
  id: string;
  date: string;
  kind: 'issuance' | 'consumption' | 'authorized';
  /** Consumptions (transfers, cancellations, reissuances, conversions) or standalone issuances, in file order. */
  objects: OcfTransaction[];
  /** The issuances of the securities the consumptions named as results or balances. */
  created: Extract<OcfTransaction, { object_type: 'TX_STOCK_ISSUANCE' }>[];
}

/** A transaction that consumes a security: a transfer, cancellation, reissuance or conversion. */
export type OcfConsumption = Exclude<
  OcfTransaction,
  { object_type: 'TX_STOCK_ISSUANCE' | 'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT' }
>;

const kindOf = (tx: OcfTransaction): PostingGroup['kind'] =>
  tx.object_type === 'TX_STOCK_ISSUANCE'
    ? 'issuance'
    : tx.object_type === 'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT'
      ? 'authorized'
      : 'consumption';

/** The securities a consuming transaction names as new: its results and its balance. */
export function namedSecurities(tx: OcfTransaction): string[] {
  const results = 'resulting_security_ids' in tx ? tx.resulting_security_ids : [];
  const balance = 'balance_security_id' in tx && tx.balance_security_id ? [tx.balance_security_id] : [];
  return [...results, ...balance];
}

/**
 * `<id>/<n>`: the n-th OCF object of one ledger posting (decision 024), split at the last slash; no pattern, so
 * nothing to backtrack over whatever the id (ids are at most 200 characters, checked by the schema first).
 */
function continuationOf(id: string): { first: string; part: number } | null {
  const slash = id.lastIndexOf('/');
  const digits = id.slice(slash + 1);
  if (slash < 1 || digits.length === 0 || digits.length > 6 || ![...digits].every((c) => c >= '0' && c <= '9'))
    return null;
  return { first: id.slice(0, slash), part: Number(digits) };
}

/** Groups the transactions into postings, then orders the postings by date (stable: file order within a day). */
export function groupPostings(transactions: OcfItem<OcfTransaction>[]): PostingGroup[] {
  const groups: PostingGroup[] = [];
  const awaiting = new Map<string, PostingGroup>();
  for (const { file, item } of transactions) {
    if (item.object_type === 'TX_STOCK_ISSUANCE') {
      const owner = awaiting.get(item.security_id);
      if (owner) {
        owner.created.push(item);
        awaiting.delete(item.security_id);
        continue;
      }
    }
    const continued = continuationOf(item.id);
    const last = groups.at(-1);
    const kind = kindOf(item);
    let group: PostingGroup;
    if (
      last &&
      continued &&
      continued.part >= 2 &&
      last.id === continued.first &&
      last.kind === kind &&
      kind !== 'authorized'
    ) {
      group = last;
      group.objects.push(item);
    } else {
      group = { file, id: item.id, date: item.date, kind, objects: [item], created: [] };
      groups.push(group);
    }
    for (const id of namedSecurities(item)) awaiting.set(id, group);
  }
  return groups
    .map((group, index) => ({ group, index }))
    .sort((a, b) => (a.group.date < b.group.date ? -1 : a.group.date > b.group.date ? 1 : a.index - b.index))
    .map(({ group }) => group);
}
