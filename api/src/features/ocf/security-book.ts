import type { OcfStockIssuance, OcfTransaction } from '@ledgerwell/shared/ocf';
import { LotStore } from './lot-store';
import { fromMicros, toMicros, type HoldingForm, type TransactionType } from '@ledgerwell/shared/ledger';

/** One journal entry as the export reads it: the transaction and its signed legs, in posting order. */
export interface LedgerEntry {
  id: string;
  type: TransactionType;
  classId: string;
  effectiveDate: string;
  memo: string | null;
  reversesId: string | null;
  authorizedShares: string | null;
  legs: {
    accountId: string;
    quantity: string;
    form: HoldingForm;
    certificateId: string | null;
    number: string | null;
  }[];
}

type Leg = LedgerEntry['legs'][number];

/**
 * An OCF security that holds part of a ledger holding: a DRS lot, or a certificate (or one part of it). The quantity
 * is exact, in millionths of a share (the ledger's precision): a bigint is a fifth of a big.js number's memory, and
 * the open lots of a large journal are the export's memory (550,000 of them for 1,000,000 legs over 100,000 holders).
 */
interface Piece {
  id: string;
  quantity: bigint;
}

/** A source security the entry consumes, and how much of it goes to the results (the rest is its balance). */
interface Source extends Piece {
  form: HoldingForm;
  given: bigint;
}

const decimal = fromMicros;
const micros = (leg: { quantity: string }) => toMicros(leg.quantity);

/**
 * Turns the journal, entry by entry in posting order, into OCF transactions (decision 024). A certificate is one
 * security (its id the certificate's). A DRS position is a queue of lots, each created by a DRS credit; a DRS
 * debit consumes the oldest lots first, the last one in part, its remainder going on as a new balance lot. OCF
 * 1.2.0 cannot merge securities, so a credit to a position that already holds lots adds a lot. Every new
 * security (a result or a balance) gets its own issuance right after the transaction that names it.
 *
 * Ids are made from the ledger's own ids, so the same journal always gives the same bundle. Memory holds the
 * open DRS lots (small: see LotStore) and the certificates cut into several parts, never the journal.
 */
export class SecurityBook {
  /** Each account's open DRS lots, oldest first. */
  private readonly lots = new LotStore();
  /** Certificates cut into more than one security, by certificate id. */
  private readonly parts = new Map<string, Piece[]>();

  map(entry: LedgerEntry): OcfTransaction[] {
    if (entry.type === 'AUTHORIZED_ADJUSTMENT')
      return [
        {
          object_type: 'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT',
          id: entry.id,
          date: entry.effectiveDate,
          stock_class_id: entry.classId,
          new_shares_authorized: decimal(toMicros(entry.authorizedShares ?? '0')),
          ...comments(entry),
        },
      ];
    const debits = entry.legs.filter((leg) => micros(leg) < 0n);
    if (debits.length === 0) return entry.legs.map((leg, index) => this.issue(entry, leg, index));
    return this.move(entry, debits);
  }

  /** A credit with nothing consumed: an issuance (or a cancellation's reversal) creates a new security. */
  private issue(entry: LedgerEntry, leg: Leg, index: number): OcfStockIssuance {
    const quantity = micros(leg);
    const piece = { id: leg.certificateId ?? `${entry.id}:${leg.accountId}`, quantity };
    if (leg.form === 'DRS') this.lots.add(leg.accountId, piece.id, quantity);
    return issuance(entry, leg, piece, index === 0 ? entry.id : `${entry.id}/${index + 1}`);
  }

  private move(entry: LedgerEntry, debits: Leg[]): OcfTransaction[] {
    const debited = debits[0]!.accountId;
    const fromCertificates = debits.some((leg) => leg.form === 'CERTIFICATE');
    const credits = entry.legs.filter((leg) => micros(leg) > 0n);
    // The certificate cut back to the holder for what was surrendered but not moved (never a replacement).
    const balanceLeg = credits.find(
      (leg) =>
        entry.type !== 'REISSUANCE' && fromCertificates && leg.form === 'CERTIFICATE' && leg.accountId === debited,
    );
    const results = credits.filter((leg) => leg !== balanceLeg).map((leg) => ({ leg, left: micros(leg) }));
    const surrendered = debits.reduce((sum, leg) => sum - micros(leg), 0n);
    let toMove = surrendered - (balanceLeg ? micros(balanceLeg) : 0n);
    const sources = debits.flatMap((leg) => this.take(leg));
    const made = new PartIds();
    const out: OcfTransaction[] = [];
    const issued: OcfStockIssuance[] = [];
    const newPiece = (leg: Leg, base: string, quantity: bigint) => {
      const piece = { id: made.next(base), quantity };
      if (leg.form === 'DRS') this.lots.add(leg.accountId, piece.id, quantity);
      else this.certificateParts(leg.certificateId!).push(piece);
      issued.push(issuance(entry, leg, piece, `${piece.id}/issuance`));
      return piece.id;
    };

    sources.forEach((source, index) => {
      source.given = source.quantity < toMove ? source.quantity : toMove;
      toMove -= source.given;
      const resulting: string[] = [];
      // A cancellation's shares go nowhere: it has no results.
      for (let need = results.length > 0 ? source.given : 0n; need > 0n; ) {
        const result = results.find((r) => r.left > 0n);
        if (!result) throw new Error(`ledger transaction ${entry.id}: its credits do not match its debits`);
        const part = result.left < need ? result.left : need;
        result.left -= part;
        need -= part;
        resulting.push(newPiece(result.leg, resultBase(entry, result.leg), part));
      }
      const rest = source.quantity - source.given;
      let balance: string | undefined;
      if (rest > 0n && source.form === 'DRS') {
        // The unmoved part of a DRS lot stays the oldest lot of the position: FIFO keeps its place.
        balance = made.next(`${entry.id}:${debited}:balance`);
        this.lots.add(debited, balance, rest, true);
        issued.push(
          issuance(entry, { ...debits[0]!, form: 'DRS' }, { id: balance, quantity: rest }, `${balance}/issuance`),
        );
      } else if (rest > 0n) {
        if (!balanceLeg) throw new Error(`ledger transaction ${entry.id}: a certificate's balance has no certificate`);
        balance = newPiece(balanceLeg, balanceLeg.certificateId!, rest);
      }
      out.push(consume(entry, source, resulting, balance, index === 0 ? entry.id : `${entry.id}/${index + 1}`));
    });
    if (toMove > 0n || results.some((r) => r.left > 0n))
      throw new Error(`ledger transaction ${entry.id}: its credits do not match its debits`);
    for (const leg of credits) if (leg.form === 'CERTIFICATE') this.compact(leg.certificateId!);
    return [...out, ...issued];
  }

  /** The securities a debit consumes: a certificate's parts whole, or a DRS position's oldest lots. */
  private take(leg: Leg): Source[] {
    const wanted = -micros(leg);
    if (leg.form === 'CERTIFICATE') {
      const parts = this.parts.get(leg.certificateId!) ?? [{ id: leg.certificateId!, quantity: wanted }];
      this.parts.delete(leg.certificateId!);
      return parts.map((part) => ({ ...part, form: 'CERTIFICATE', given: 0n }));
    }
    const taken: Source[] = [];
    for (let covered = 0n; covered < wanted; ) {
      const lot = this.lots.shift(leg.accountId);
      if (!lot) throw new Error(`account ${leg.accountId}: a DRS debit exceeds the lots the export has seen`);
      taken.push({ ...lot, form: 'DRS', given: 0n });
      covered += lot.quantity;
    }
    return taken;
  }

  private certificateParts(certificateId: string): Piece[] {
    let queue = this.parts.get(certificateId);
    if (!queue) this.parts.set(certificateId, (queue = []));
    return queue;
  }

  /** A certificate held as one security under its own id needs no memory: its debit leg says all. */
  private compact(certificateId: string) {
    const parts = this.parts.get(certificateId);
    if (parts?.length === 1 && parts[0]!.id === certificateId) this.parts.delete(certificateId);
  }
}

/** The first security made from a base id gets the id itself; more parts of it get `~2`, `~3`. */
class PartIds {
  private readonly used = new Map<string, number>();
  next(base: string): string {
    const count = (this.used.get(base) ?? 0) + 1;
    this.used.set(base, count);
    return count === 1 ? base : `${base}~${count}`;
  }
}

const resultBase = (entry: LedgerEntry, leg: Leg) => leg.certificateId ?? `${entry.id}:${leg.accountId}`;

function comments(entry: LedgerEntry): { comments?: string[] } {
  const lines = [
    ...(entry.reversesId ? [`Reverses ledger transaction ${entry.reversesId}`] : []),
    ...(entry.memo ? [entry.memo] : []),
  ];
  return lines.length > 0 ? { comments: lines } : {};
}

function issuance(entry: LedgerEntry, leg: Leg, piece: Piece, id: string): OcfStockIssuance {
  return {
    object_type: 'TX_STOCK_ISSUANCE',
    id,
    date: entry.effectiveDate,
    security_id: piece.id,
    // The certificate's number; a book-entry lot is marked as such.
    custom_id: leg.form === 'CERTIFICATE' ? (leg.number ?? '') : 'DRS',
    stakeholder_id: leg.accountId,
    stock_class_id: entry.classId,
    quantity: decimal(piece.quantity),
    // The transfer agent records no price: OCF requires one, so zero, said so in the comments.
    share_price: { amount: '0', currency: 'USD' },
    security_law_exemptions: [],
    stock_legend_ids: [],
    comments: [`Ledger ${entry.type} ${entry.id}; price not recorded by the transfer agent`],
  };
}

function consume(entry: LedgerEntry, source: Source, resulting: string[], balance: string | undefined, id: string) {
  const base = { id, date: entry.effectiveDate, security_id: source.id, ...comments(entry) };
  const withBalance = balance ? { balance_security_id: balance } : {};
  const reason = entry.memo ?? entry.type;
  // Surrendered but nothing of it moved: it comes back whole on the balance certificate.
  if (source.given === 0n || entry.type === 'REISSUANCE')
    return {
      object_type: 'TX_STOCK_REISSUANCE' as const,
      ...base,
      resulting_security_ids: source.given === 0n ? [balance!] : resulting,
      reason_text: reason,
    };
  if (entry.type === 'CONVERSION')
    return {
      object_type: 'TX_STOCK_CONVERSION' as const,
      ...base,
      quantity_converted: decimal(source.given),
      resulting_security_ids: resulting,
      ...withBalance,
    };
  if (entry.type === 'TRANSFER')
    return {
      object_type: 'TX_STOCK_TRANSFER' as const,
      ...base,
      quantity: decimal(source.given),
      resulting_security_ids: resulting,
      ...withBalance,
    };
  // A cancellation, or an issuance's reversal: the shares leave the class.
  return {
    object_type: 'TX_STOCK_CANCELLATION' as const,
    ...base,
    quantity: decimal(source.given),
    reason_text: reason,
    ...withBalance,
  };
}
