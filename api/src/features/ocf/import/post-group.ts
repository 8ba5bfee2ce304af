import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates } from '@ledgerwell/db/ledger-schema';
import {
  authorizedAdjustmentInputSchema,
  cancellationInputSchema,
  certificateNumberField,
  conversionInputSchema,
  reissuanceInputSchema,
  transferInputSchema,
} from '@ledgerwell/shared/ledger';
import type { OcfTransaction } from '@ledgerwell/shared/ocf';
import type { z } from 'zod';
import type { AppDeps } from '../../../lib/context';
import type { Actor } from '../../activity/record-activity';
import { checkEffectiveDate } from '../../ledger/effective-date';
import { postAuthorizedAdjustmentIn } from '../../ledger/post-authorized';
import { postCancellationIn } from '../../ledger/post-cancellation';
import { issueShares } from '../../ledger/post-issuance';
import { postReissuanceIn } from '../../ledger/post-reissuance';
import { postTransferIn } from '../../ledger/post-transfer';
import { placeStopOrderIn } from '../../ledger/stop-orders';
import { namedSecurities, type OcfConsumption, type PostingGroup } from './group-postings';
import { ObjectRejected, zodReason, type PostingClass } from './import-register';

type Issuance = Extract<OcfTransaction, { object_type: 'TX_STOCK_ISSUANCE' }>;

/** An OCF security as the ledger holds it: a DRS lot of an account, or (a part of) a numbered certificate. */
export interface HeldSecurity {
  classId: string;
  stakeholderId: string;
  form: 'DRS' | 'CERTIFICATE';
  number: string | null;
  quantity: Big;
}

/** What the import knows while it posts: the ledger's classes and accounts for the bundle's ids. */
export interface ImportRegister {
  classes: Map<string, PostingClass>;
  /** `<stakeholder id> <class id>` → account id. */
  accounts: Map<string, string>;
}

export interface PostingContext {
  deps: AppDeps;
  actor: Actor;
  register: ImportRegister;
  /** Outstanding securities: read here, changed by the caller once a posting is in. */
  securities: Map<string, HeldSecurity>;
}

/** The securities a posting consumed and created, for the caller to apply once it is in. */
export interface Posted {
  consumed: string[];
  created: Map<string, HeldSecurity>;
  ledgerTransactions: number;
}

/** An issuance's security: `DRS` marks a book-entry lot; anything else is a certificate's number. */
function heldBy(issuance: Issuance): HeldSecurity {
  const form = issuance.custom_id === 'DRS' ? 'DRS' : 'CERTIFICATE';
  let number: string | null = null;
  if (form === 'CERTIFICATE') {
    const parsed = certificateNumberField.safeParse(issuance.custom_id);
    if (!parsed.success)
      throw new ObjectRejected(issuance.id, `custom_id: ${zodReason(parsed.error)} (or DRS for a book-entry lot)`);
    number = parsed.data;
  }
  return {
    classId: issuance.stock_class_id,
    stakeholderId: issuance.stakeholder_id,
    form,
    number,
    quantity: Big(issuance.quantity),
  };
}

function parse<S extends z.ZodType>(schema: S, value: unknown, objectId: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ObjectRejected(objectId, zodReason(parsed.error));
  return parsed.data;
}

/** The memo a posting carries: the object's comments, or where it came from (a back-dated posting needs one). */
const memoOf = (tx: OcfTransaction) =>
  (tx.comments?.join(' ').trim() || `Imported from OCF object ${tx.id}`).slice(0, 500);

const unique = <T>(values: T[]) => [...new Set(values)];

/** Posts one group (group-postings.ts) through the ledger's services, inside `db` (a savepoint of the import). */
export async function postGroup(db: Db, context: PostingContext, group: PostingGroup): Promise<Posted> {
  if (group.kind === 'authorized') return postAuthorized(db, context, group.objects[0]!);
  if (group.kind === 'issuance') return postIssuances(db, context, group);
  return postConsumption(db, context, group);
}

function postingClass(context: PostingContext, classId: string, objectId: string): PostingClass {
  const found = context.register.classes.get(classId);
  if (!found) throw new ObjectRejected(objectId, `stock class ${classId} was not imported`);
  return found;
}

function account(context: PostingContext, stakeholderId: string, classId: string, objectId: string): string {
  const found = context.register.accounts.get(`${stakeholderId} ${classId}`);
  if (!found) throw new ObjectRejected(objectId, `stakeholder ${stakeholderId} has no account in class ${classId}`);
  return found;
}

async function postAuthorized(db: Db, context: PostingContext, tx: OcfTransaction): Promise<Posted> {
  if (tx.object_type !== 'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT') throw new Error('not an adjustment');
  const input = parse(
    authorizedAdjustmentInputSchema,
    {
      classId: postingClass(context, tx.stock_class_id, tx.id).id,
      authorizedShares: tx.new_shares_authorized,
      authorization: memoOf(tx),
      effectiveDate: tx.date,
    },
    tx.id,
  );
  await postAuthorizedAdjustmentIn(db, context.deps, context.actor, input);
  return { consumed: [], created: new Map(), ledgerTransactions: 1 };
}

/** Issuances with nothing consumed: one ISSUANCE per holder and class, its certificates and DRS together. */
async function postIssuances(db: Db, context: PostingContext, group: PostingGroup): Promise<Posted> {
  const created = new Map<string, HeldSecurity>();
  const byHolder = new Map<string, Issuance[]>();
  for (const tx of group.objects as Issuance[]) {
    created.set(tx.security_id, heldBy(tx));
    const key = `${tx.stakeholder_id} ${tx.stock_class_id}`;
    byHolder.set(key, [...(byHolder.get(key) ?? []), tx]);
  }
  for (const issuances of byHolder.values()) {
    const first = issuances[0]!;
    const target = postingClass(context, first.stock_class_id, first.id);
    checkEffectiveDate(context.deps, target, { effectiveDate: first.date, memo: memoOf(first) });
    const held = issuances.map((tx) => created.get(tx.security_id)!);
    await issueShares(db, target, context.actor, {
      accountId: account(context, first.stakeholder_id, first.stock_class_id, first.id),
      shares: held.reduce((sum, security) => sum.plus(security.quantity), Big(0)),
      certificates: held.flatMap((security) =>
        security.form === 'CERTIFICATE' ? [{ number: security.number!, shares: security.quantity }] : [],
      ),
      effectiveDate: first.date,
      memo: memoOf(first),
      requireAuthorized: true,
      advise: null,
    });
  }
  return { consumed: [], created, ledgerTransactions: byHolder.size };
}

const movedBy = (tx: OcfTransaction): Big =>
  tx.object_type === 'TX_STOCK_CONVERSION'
    ? Big(tx.quantity_converted)
    : tx.object_type === 'TX_STOCK_TRANSFER' || tx.object_type === 'TX_STOCK_CANCELLATION'
      ? Big(tx.quantity)
      : Big(0);

/**
 * Consumptions and the issuances of what they created, as one ledger posting: the holder's certificates (each
 * whole, every part of each) or DRS lots are debited, the moved shares go to one account in one form, and a
 * certificate's balance comes back on one balance certificate, numbered as the bundle numbers it.
 */
async function postConsumption(db: Db, context: PostingContext, group: PostingGroup): Promise<Posted> {
  const fail = (reason: string): never => {
    throw new ObjectRejected(group.id, reason);
  };
  const consumers = group.objects as OcfConsumption[];
  const sources = consumers.map((tx) => {
    const held = context.securities.get(tx.security_id);
    return held ?? fail(`consumes security ${tx.security_id}, which no earlier posting of the bundle created`);
  });
  const source = sources[0]!;
  if (sources.some((s) => s.stakeholderId !== source.stakeholderId || s.classId !== source.classId))
    fail("consumes securities of several holders or classes; a ledger posting debits one holder's account");
  if (sources.some((s) => s.form !== source.form))
    fail('consumes certificates and DRS lots together; the ledger debits one or the other');
  const consumedIds = new Set(consumers.map((tx) => tx.security_id));
  const numbers = unique(sources.flatMap((s) => (s.number ? [s.number] : [])));
  for (const [id, held] of context.securities)
    if (held.number && numbers.includes(held.number) && !consumedIds.has(id))
      fail(`surrenders part of certificate ${held.number}; the ledger surrenders a certificate whole`);

  const main = consumers.find((tx) => tx.object_type !== 'TX_STOCK_REISSUANCE') ?? consumers[0]!;
  // A certificate surrendered whole and given back (a reissuance inside a transfer) is part of the balance.
  const resultIds = new Set(
    consumers.flatMap((tx) =>
      tx.object_type === 'TX_STOCK_REISSUANCE' && main !== tx
        ? []
        : 'resulting_security_ids' in tx
          ? tx.resulting_security_ids
          : [],
    ),
  );
  const created = new Map(group.created.map((tx) => [tx.security_id, heldBy(tx)]));
  const results = [...created].filter(([id]) => resultIds.has(id)).map(([, held]) => held);
  const balances = [...created].filter(([id]) => !resultIds.has(id)).map(([, held]) => held);
  const named = new Set(consumers.flatMap(namedSecurities));
  for (const id of named)
    if (!created.has(id)) fail(`names ${id} as a result or balance, but no issuance of it follows`);

  const target = postingClass(context, source.classId, group.id);
  const from = account(context, source.stakeholderId, source.classId, group.id);
  const balanceNumbers = unique(balances.flatMap((b) => (b.number ? [b.number] : [])));
  if (balanceNumbers.length > 1) fail('cuts its balance on several certificates; the ledger cuts one');
  const resultHolders = unique(results.map((r) => r.stakeholderId));
  if (resultHolders.length > 1) fail('moves shares to several holders; a ledger posting credits one account');
  if (results.some((r) => r.classId !== source.classId))
    fail('results in another stock class; the ledger converts between forms within a class only');
  const resultForms = unique(results.map((r) => r.form));
  const resultNumbers = unique(results.flatMap((r) => (r.number ? [r.number] : [])));
  if (resultForms.length > 1 || resultNumbers.length > 1)
    fail('results in more than one certificate or form; a ledger posting credits one');
  const moved = consumers.reduce((sum, tx) => sum.plus(movedBy(tx)), Big(0));
  const base = {
    classId: target.id,
    shares: moved.toFixed(),
    ...(source.form === 'CERTIFICATE' ? { certificateNumbers: numbers } : {}),
    effectiveDate: main.date,
  };
  const options = { resultNumber: resultNumbers[0], balanceNumber: balanceNumbers[0], advise: null };
  const posted: Posted = { consumed: [...consumedIds], created, ledgerTransactions: 1 };

  if (main.object_type === 'TX_STOCK_CANCELLATION') {
    if (results.length > 0) fail('a cancellation has no results');
    const input = parse(cancellationInputSchema, { ...base, accountId: from, reason: main.reason_text }, main.id);
    await postCancellationIn(db, context.deps, context.actor, input, options);
    return posted;
  }
  const toHolder = resultHolders[0] ?? fail('moves shares to no resulting security');
  const to = account(context, toHolder, source.classId, group.id);
  const toForm = resultForms[0]!;
  if (main.object_type === 'TX_STOCK_TRANSFER') {
    if (to === from) fail('transfers to the same holder; the ledger records a change of form as a conversion');
    const input = parse(
      transferInputSchema,
      { ...base, fromAccountId: from, toAccountId: to, toForm, memo: memoOf(main) },
      main.id,
    );
    await postTransferIn(db, context.deps, context.actor, input, null, 'TRANSFER', options);
    return posted;
  }
  if (main.object_type === 'TX_STOCK_CONVERSION') {
    if (to !== from) fail('converts into another holder’s securities; a conversion keeps the holder');
    const input = parse(conversionInputSchema, { ...base, accountId: from, toForm, memo: memoOf(main) }, main.id);
    await postTransferIn(
      db,
      context.deps,
      context.actor,
      { ...input, fromAccountId: from, toAccountId: from },
      null,
      'CONVERSION',
      options,
    );
    return posted;
  }
  return postReissuance(db, context, {
    group,
    source,
    numbers,
    to,
    from,
    toForm,
    resultNumber: resultNumbers[0],
    posted,
  });
}

/**
 * A certificate replaced (lost, stolen, destroyed): the ledger replaces only a certificate under a stop order, so
 * the import places one (LOST, its note naming the object) and posts the REISSUANCE, as staff would.
 */
async function postReissuance(
  db: Db,
  context: PostingContext,
  args: {
    group: PostingGroup;
    source: HeldSecurity;
    numbers: string[];
    to: string;
    from: string;
    toForm: 'DRS' | 'CERTIFICATE';
    resultNumber: string | undefined;
    posted: Posted;
  },
): Promise<Posted> {
  const { group, source } = args;
  if (source.form !== 'CERTIFICATE' || args.numbers.length !== 1)
    throw new ObjectRejected(
      group.id,
      'reissues something other than one certificate; the ledger replaces certificates',
    );
  if (args.to !== args.from)
    throw new ObjectRejected(group.id, 'reissues to another holder; a replacement keeps the holder');
  const target = postingClass(context, source.classId, group.id);
  const [certificate] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.issuerId, target.issuerId), eq(certificates.number, args.numbers[0]!)));
  if (!certificate) throw new ObjectRejected(group.id, `certificate ${args.numbers[0]} is not on the ledger`);
  const main = group.objects[0]!;
  const input = parse(
    reissuanceInputSchema,
    {
      certificateId: certificate.id,
      replacementForm: args.toForm,
      ...(args.toForm === 'CERTIFICATE' && args.resultNumber
        ? { replacementCertificateNumber: args.resultNumber }
        : {}),
      effectiveDate: main.date,
      memo: memoOf(main),
    },
    main.id,
  );
  await placeStopOrderIn(db, {
    certificateId: certificate.id,
    reason: 'LOST',
    note: `Placed by the OCF import for reissuance ${main.id}`,
    actor: context.actor,
  });
  await postReissuanceIn(db, context.deps, context.actor, input, null, { advise: null });
  return args.posted;
}
