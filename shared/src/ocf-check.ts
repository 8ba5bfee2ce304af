import type { z } from 'zod';
import {
  OCF_FILE_TYPES,
  ocfItemsFileSchema,
  ocfManifestSchema,
  ocfStakeholderSchema,
  ocfStockClassSchema,
  ocfTransactionSchema,
  type OcfManifest,
  type OcfStakeholder,
  type OcfStockClass,
  type OcfTransaction,
} from './ocf';

/**
 * The structural check of an OCF bundle (decision 024): every object against its schema, then the transactions
 * replayed in file order as OCF's stack of securities. A security is created by an issuance; a transfer,
 * cancellation, reissuance or conversion consumes one outstanding security whole and names the new securities
 * that take its shares (resulting ones and the balance), each of which must then be created by an issuance.
 */
export interface OcfProblem {
  file: string;
  objectId: string | null;
  reason: string;
}

/** Parsed JSON by path inside the bundle (`Manifest.ocf.json`); a manifest's `./x` names the file `x`. */
export type OcfFiles = Record<string, unknown>;

export interface OcfCheckOptions {
  /** The ledger's shares outstanding per stock class id: the bundle's outstanding securities must sum to them. */
  outstanding?: Record<string, string>;
}

/** OCF quantities have at most 10 places: exact sums as integers of 10^-10 shares, never a float. */
const SCALE = 10;
const UNIT = 10n ** BigInt(SCALE);
function units(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[-+]/, '').split('.');
  const size = BigInt(whole) * UNIT + BigInt(fraction.padEnd(SCALE, '0'));
  return negative ? -size : size;
}
export function unitsToDecimal(value: bigint): string {
  const size = value < 0n ? -value : value;
  const fraction = (size % UNIT).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${value < 0n ? '-' : ''}${size / UNIT}${fraction ? `.${fraction}` : ''}`;
}

interface Security {
  classId: string;
  /** Null while a result waits for its issuance and any holder may take it. */
  stakeholderId: string | null;
  quantity: bigint;
  state: 'awaiting-issuance' | 'outstanding' | 'consumed';
  /** The transaction that named it as a result or balance (its issuance must follow). */
  createdBy: string | null;
}

/** What a consuming transaction promised: its results and balance must hold exactly the shares it moved. */
interface Commitment {
  file: string;
  id: string;
  results: string[];
  expectedResults: bigint | null;
  balance: string | undefined;
  expectedBalance: bigint;
}

/** An object as parsed, with the file it came from. */
export interface OcfItem<T> {
  file: string;
  item: T;
}

export interface OcfReplay {
  problems: OcfProblem[];
  /** Outstanding securities at the end of the stack. */
  securities: Map<string, { classId: string; stakeholderId: string; quantity: string }>;
  /** The objects that parsed, in file order (an importer posts these once no problem is left). */
  objects: {
    classes: OcfItem<OcfStockClass>[];
    stakeholders: OcfItem<OcfStakeholder>[];
    transactions: OcfItem<OcfTransaction>[];
  };
}

const stripDot = (path: string) => path.replace(/^\.\//, '');

function issues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(object)'}: ${issue.message}`).join('; ');
}

const itemId = (item: unknown): string | null =>
  item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string'
    ? (item as { id: string }).id
    : null;

/** Replays a bundle: the problems found and the outstanding securities at the end. */
export function replayOcfBundle(files: OcfFiles, options: OcfCheckOptions = {}): OcfReplay {
  const problems: OcfProblem[] = [];
  const problem = (file: string, objectId: string | null, reason: string) => problems.push({ file, objectId, reason });
  const securities = new Map<string, Security>();
  const ended = () => ({
    problems,
    securities: new Map(),
    objects: { classes: [], stakeholders: [], transactions: [] },
  });

  const manifests = Object.entries(files).filter(
    ([, content]) => (content as { file_type?: unknown } | null)?.file_type === OCF_FILE_TYPES.manifest,
  );
  if (manifests.length !== 1) {
    problem('(bundle)', null, `expected one manifest file, found ${manifests.length}`);
    return ended();
  }
  const [manifestPath, manifestContent] = manifests[0]!;
  const parsedManifest = ocfManifestSchema.safeParse(manifestContent);
  if (!parsedManifest.success) {
    problem(manifestPath, null, `manifest: ${issues(parsedManifest.error)}`);
    return ended();
  }
  const manifest: OcfManifest = parsedManifest.data;

  const listed = new Set<string>([manifestPath]);
  /** The items of every file the manifest lists under `key`, each checked against `schema`, in order. */
  function itemsOf<T>(key: keyof OcfManifest, fileType: string, schema: z.ZodType<T>) {
    const out: OcfItem<T>[] = [];
    for (const reference of manifest[key] as { filepath: string }[]) {
      const path = stripDot(reference.filepath);
      listed.add(path);
      const envelope = ocfItemsFileSchema.safeParse(files[path]);
      if (!(path in files)) problem(path, null, 'listed in the manifest but missing from the bundle');
      else if (!envelope.success) problem(path, null, `file: ${issues(envelope.error)}`);
      else if (envelope.data.file_type !== fileType)
        problem(path, null, `file_type ${envelope.data.file_type} where ${fileType} was expected`);
      else
        for (const raw of envelope.data.items) {
          const parsed = schema.safeParse(raw);
          if (parsed.success) out.push({ file: path, item: parsed.data });
          else problem(path, itemId(raw), issues(parsed.error));
        }
    }
    return out;
  }
  const classes = itemsOf('stock_classes_files', OCF_FILE_TYPES.stockClasses, ocfStockClassSchema);
  const stakeholders = itemsOf('stakeholders_files', OCF_FILE_TYPES.stakeholders, ocfStakeholderSchema);
  const transactions = itemsOf('transactions_files', OCF_FILE_TYPES.transactions, ocfTransactionSchema);
  for (const path of Object.keys(files))
    if (!listed.has(path)) problem(path, null, 'in the bundle but not listed in the manifest');

  const authorized = new Map<string, bigint | null>();
  for (const { file, item } of classes) {
    if (authorized.has(item.id)) problem(file, item.id, 'stock class id used twice');
    const initial = item.initial_shares_authorized;
    authorized.set(item.id, /^[+-]?\d/.test(initial) ? units(initial) : null);
  }
  const stakeholderIds = new Set<string>();
  for (const { file, item } of stakeholders) {
    if (stakeholderIds.has(item.id)) problem(file, item.id, 'stakeholder id used twice');
    stakeholderIds.add(item.id);
  }

  const promises: Commitment[] = [];
  const transactionIds = new Set<string>();
  for (const { file, item } of transactions) {
    const fail = (reason: string) => problem(file, item.id, reason);
    if (transactionIds.has(item.id)) fail('transaction id used twice');
    transactionIds.add(item.id);
    if (item.date > manifest.as_of) fail(`dated ${item.date}, after the bundle's as_of ${manifest.as_of}`);
    replayOne(item, fail, file);
  }

  function replayOne(tx: OcfTransaction, fail: (reason: string) => void, file: string) {
    if (tx.object_type === 'TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT') {
      if (!authorized.has(tx.stock_class_id)) return fail(`stock class ${tx.stock_class_id} does not exist`);
      if (units(tx.new_shares_authorized) < 0n) return fail('new_shares_authorized is negative');
      authorized.set(tx.stock_class_id, units(tx.new_shares_authorized));
      return;
    }
    if (tx.object_type === 'TX_STOCK_ISSUANCE') return issue(tx, fail);
    const source = securities.get(tx.security_id);
    if (!source) return fail(`consumes security ${tx.security_id}, which no earlier transaction created`);
    if (source.state === 'consumed') return fail(`consumes security ${tx.security_id}, which was consumed already`);
    if (source.state === 'awaiting-issuance')
      return fail(`consumes security ${tx.security_id} before the issuance that creates it`);
    source.state = 'consumed';
    const moved =
      tx.object_type === 'TX_STOCK_REISSUANCE'
        ? source.quantity
        : units(tx.object_type === 'TX_STOCK_CONVERSION' ? tx.quantity_converted : tx.quantity);
    if (moved <= 0n) return fail('the quantity must be more than zero');
    if (moved > source.quantity)
      return fail(`moves ${unitsToDecimal(moved)} of a security holding ${unitsToDecimal(source.quantity)}`);
    const results = 'resulting_security_ids' in tx ? tx.resulting_security_ids : [];
    const balance = 'balance_security_id' in tx ? tx.balance_security_id : undefined;
    if (moved < source.quantity && !balance) fail('consumes part of a security but names no balance_security_id');
    if (moved === source.quantity && balance) fail('names a balance_security_id but consumes the whole security');
    const created = balance ? [...results, balance] : results;
    if (new Set(created).size !== created.length) fail('names one resulting or balance security twice');
    for (const id of created) {
      if (securities.has(id)) {
        fail(`names ${id} as a resulting or balance security, but it exists already`);
        continue;
      }
      securities.set(id, {
        // A conversion may result in another class; everything else keeps the source's class.
        classId: tx.object_type === 'TX_STOCK_CONVERSION' && id !== balance ? '' : source.classId,
        stakeholderId: id === balance ? source.stakeholderId : null,
        quantity: 0n,
        state: 'awaiting-issuance',
        createdBy: tx.id,
      });
    }
    promises.push({
      file,
      id: tx.id,
      results,
      // A conversion's results may be counted in another class's shares: their sum is not checked.
      expectedResults: tx.object_type === 'TX_STOCK_CONVERSION' ? null : moved,
      balance,
      expectedBalance: source.quantity - moved,
    });
    if (tx.object_type === 'TX_STOCK_CANCELLATION' && results.length > 0) fail('a cancellation has no results');
  }

  function issue(tx: Extract<OcfTransaction, { object_type: 'TX_STOCK_ISSUANCE' }>, fail: (reason: string) => void) {
    if (!authorized.has(tx.stock_class_id)) fail(`stock class ${tx.stock_class_id} does not exist`);
    if (!stakeholderIds.has(tx.stakeholder_id)) fail(`stakeholder ${tx.stakeholder_id} does not exist`);
    const quantity = units(tx.quantity);
    if (quantity <= 0n) return fail('the quantity must be more than zero');
    const existing = securities.get(tx.security_id);
    if (existing && existing.state !== 'awaiting-issuance')
      return fail(`issues security ${tx.security_id}, which was created already`);
    if (existing) {
      if (existing.classId && existing.classId !== tx.stock_class_id)
        fail(`issues ${tx.security_id} in another class than the security it came from`);
      if (existing.stakeholderId && existing.stakeholderId !== tx.stakeholder_id)
        fail(`issues balance security ${tx.security_id} to another stakeholder than the one it came from`);
    }
    securities.set(tx.security_id, {
      classId: tx.stock_class_id,
      stakeholderId: tx.stakeholder_id,
      quantity,
      state: 'outstanding',
      createdBy: existing?.createdBy ?? null,
    });
  }

  for (const promise of promises) {
    const fail = (reason: string) => problem(promise.file, promise.id, reason);
    let resulting = 0n;
    for (const id of promise.results) resulting += securities.get(id)?.quantity ?? 0n;
    for (const id of [...promise.results, ...(promise.balance ? [promise.balance] : [])])
      if (securities.get(id)?.state === 'awaiting-issuance' && securities.get(id)?.createdBy === promise.id)
        fail(`resulting or balance security ${id} is never issued`);
    if (promise.expectedResults !== null && promise.results.length > 0 && resulting !== promise.expectedResults)
      fail(
        `its resulting securities hold ${unitsToDecimal(resulting)}, not ${unitsToDecimal(promise.expectedResults)}`,
      );
    const balance = promise.balance ? (securities.get(promise.balance)?.quantity ?? 0n) : 0n;
    if (promise.balance && balance !== promise.expectedBalance)
      fail(`its balance security holds ${unitsToDecimal(balance)}, not ${unitsToDecimal(promise.expectedBalance)}`);
  }

  const outstanding = new Map<string, bigint>();
  const open = new Map<string, { classId: string; stakeholderId: string; quantity: string }>();
  for (const [id, security] of securities) {
    if (security.state !== 'outstanding') continue;
    outstanding.set(security.classId, (outstanding.get(security.classId) ?? 0n) + security.quantity);
    open.set(id, {
      classId: security.classId,
      stakeholderId: security.stakeholderId!,
      quantity: unitsToDecimal(security.quantity),
    });
  }
  const classesFile = classes[0]?.file ?? manifestPath;
  for (const [classId, limit] of authorized) {
    const held = outstanding.get(classId) ?? 0n;
    if (limit !== null && held > limit)
      problem(classesFile, classId, `${unitsToDecimal(held)} outstanding, above ${unitsToDecimal(limit)} authorized`);
    const expected = options.outstanding?.[classId];
    if (expected !== undefined && units(expected) !== held)
      problem(
        classesFile,
        classId,
        `securities outstanding sum to ${unitsToDecimal(held)}, the ledger has ${expected}`,
      );
  }
  for (const classId of Object.keys(options.outstanding ?? {}))
    if (!authorized.has(classId)) problem(classesFile, classId, 'a class of the ledger is missing from the bundle');
  return { problems, securities: open, objects: { classes, stakeholders, transactions } };
}

/** Every problem of a bundle: file, object id and reason; none for a sound bundle. */
export function checkOcfBundle(files: OcfFiles, options: OcfCheckOptions = {}): OcfProblem[] {
  return replayOcfBundle(files, options).problems;
}

/** What each stakeholder holds per class at the end of the stack: classId → stakeholderId → shares. */
export function ocfHoldings(files: OcfFiles): Map<string, Map<string, string>> {
  const totals = new Map<string, Map<string, bigint>>();
  for (const security of replayOcfBundle(files).securities.values()) {
    const byHolder = totals.get(security.classId) ?? new Map<string, bigint>();
    byHolder.set(security.stakeholderId, (byHolder.get(security.stakeholderId) ?? 0n) + units(security.quantity));
    totals.set(security.classId, byHolder);
  }
  return new Map(
    [...totals].map(([classId, byHolder]) => [
      classId,
      new Map([...byHolder].filter(([, held]) => held !== 0n).map(([holder, held]) => [holder, unitsToDecimal(held)])),
    ]),
  );
}
