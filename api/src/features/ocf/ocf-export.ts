import { createHash } from 'node:crypto';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import {
  OCF_FILE_TYPES,
  OCF_VERSION,
  type OcfFileReference,
  type OcfManifest,
  type OcfStakeholder,
  type OcfStockClass,
} from '@ledgerwell/shared/ocf';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { zipResponse, type ZipEntry } from '../../lib/zip-stream';
import { recordActivity, type Actor } from '../activity/record-activity';
import { accountPages, journalPages, readIssuer, type IssuerSnapshot } from './ocf-reader';
import { SecurityBook } from './security-book';

export const OCF_FILES = {
  manifest: 'Manifest.ocf.json',
  stakeholders: 'Stakeholders.ocf.json',
  stockClasses: 'StockClasses.ocf.json',
  transactions: 'Transactions.ocf.json',
} as const;

/** OCF's stock class types: a class named "… Preferred" is preferred; every other class is common. */
const classType = (name: string): OcfStockClass['class_type'] => (/\bpreferred\b/i.test(name) ? 'PREFERRED' : 'COMMON');

function stockClass(c: IssuerSnapshot['classes'][number]): OcfStockClass {
  return {
    object_type: 'STOCK_CLASS',
    id: c.id,
    name: c.name,
    class_type: classType(c.name),
    // Certificates the system numbers start LW (decision 019); numbers given by staff are kept as given.
    default_id_prefix: 'LW',
    initial_shares_authorized: c.initialAuthorized ?? 'NOT APPLICABLE',
    // The registry records neither votes nor seniority: one vote a share and one rank for every class.
    votes_per_share: '1',
    seniority: '1',
    ...(c.parValue ? { par_value: { amount: c.parValue, currency: 'USD' } } : {}),
    comments: [
      ...(c.cusip ? [`CUSIP ${c.cusip}`] : []),
      'votes_per_share and seniority are not recorded by the transfer agent',
    ],
  };
}

/** A stakeholder per registered account (a registration holds in one class); the nominee is an institution. */
const stakeholder =
  (nominees: Set<string>) =>
  (account: { id: string; accountNumber: string; registrationName: string }): OcfStakeholder => ({
    object_type: 'STAKEHOLDER',
    id: account.id,
    name: { legal_name: account.registrationName },
    stakeholder_type: nominees.has(account.id) ? 'INSTITUTION' : 'INDIVIDUAL',
    issuer_assigned_id: account.accountNumber,
  });

/** A JSON file of items written a page at a time: `{"file_type":…,"items":[…]}`. */
async function* itemsFile<T>(fileType: string, pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield `{"file_type":${JSON.stringify(fileType)},"items":[`;
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '' : ',') + page.map((item) => JSON.stringify(item)).join(',');
    first = false;
  }
  yield ']}';
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (item: T) => U[]): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.flatMap(map);
}

/** The content as it goes by, with its MD5 (the manifest's checksum of each file) once it has all gone. */
async function* hashed(content: AsyncIterable<string>, done: (md5: string) => void): AsyncGenerator<string> {
  const hash = createHash('md5');
  for await (const piece of content) {
    hash.update(piece);
    yield piece;
  }
  done(hash.digest('hex'));
}

function manifest(deps: AppDeps, snapshot: IssuerSnapshot, files: Record<string, OcfFileReference[]>): OcfManifest {
  const { issuer } = snapshot;
  const today = calendarDateIn(issuer.timeZone, deps.clock.now());
  const formation = issuer.incorporationDate ?? snapshot.firstDate ?? calendarDateIn(issuer.timeZone, issuer.createdAt);
  const subdivision = issuer.incorporationState?.trim().toUpperCase();
  return {
    ocf_version: OCF_VERSION,
    file_type: OCF_FILE_TYPES.manifest,
    issuer: {
      object_type: 'ISSUER',
      id: issuer.id,
      legal_name: issuer.legalName,
      formation_date: formation,
      country_of_formation: 'US',
      ...(subdivision && /^[A-Z0-9]{1,3}$/.test(subdivision) ? { country_subdivision_of_formation: subdivision } : {}),
      ...(issuer.incorporationDate
        ? {}
        : { comments: ['formation_date not recorded: the date of the first ledger entry (or of the issuer record)'] }),
    },
    as_of: today,
    generated_at: deps.clock.now().toISOString(),
    stock_plans_files: [],
    stock_legend_templates_files: [],
    stock_classes_files: files.stockClasses!,
    vesting_terms_files: [],
    valuations_files: [],
    transactions_files: files.transactions!,
    stakeholders_files: files.stakeholders!,
  };
}

async function* entries(deps: AppDeps, snapshot: IssuerSnapshot): AsyncGenerator<ZipEntry> {
  const classIds = snapshot.classes.map((c) => c.id);
  const nominees = new Set(snapshot.classes.flatMap((c) => (c.nomineeAccountId ? [c.nomineeAccountId] : [])));
  const book = new SecurityBook();
  const files: Record<string, OcfFileReference[]> = {};
  const parts: [keyof typeof OCF_FILES, string, () => AsyncIterable<string>][] = [
    [
      'stockClasses',
      OCF_FILE_TYPES.stockClasses,
      () => itemsFile(OCF_FILE_TYPES.stockClasses, toPages([snapshot.classes.map(stockClass)])),
    ],
    [
      'stakeholders',
      OCF_FILE_TYPES.stakeholders,
      () =>
        itemsFile(
          OCF_FILE_TYPES.stakeholders,
          mapPages(accountPages(deps.db, classIds), (a) => [stakeholder(nominees)(a)]),
        ),
    ],
    [
      'transactions',
      OCF_FILE_TYPES.transactions,
      () =>
        itemsFile(
          OCF_FILE_TYPES.transactions,
          mapPages(journalPages(deps.db, classIds, snapshot.upToSequence), (entry) => book.map(entry)),
        ),
    ],
  ];
  for (const [key, , content] of parts) {
    const name = OCF_FILES[key];
    yield { name, content: hashed(content(), (md5) => (files[key] = [{ filepath: `./${name}`, md5 }])) };
  }
  // Last, when every other file's checksum is known; a zip's order means nothing to its readers.
  yield { name: OCF_FILES.manifest, content: toPages([JSON.stringify(manifest(deps, snapshot, files))]) };
}

async function* toPages<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

const fileName = (legalName: string, date: string) =>
  `${legalName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'issuer'}-${date}.ocf.zip`;

/**
 * GET /issuers/:issuerId/ocf: the issuer's cap table as an OCF bundle, streamed. The export is recorded before
 * the first byte leaves, with the journal's extent it covers; the bundle holds the journal up to that point.
 */
export async function exportOcf(deps: AppDeps, actor: Actor, issuerId: string, meta: RequestMeta | null) {
  const snapshot = await readIssuer(deps.db, issuerId);
  const today = calendarDateIn(snapshot.issuer.timeZone, deps.clock.now());
  await recordActivity(deps.db, {
    actor,
    action: 'OCF_EXPORTED',
    resourceType: 'ledger',
    resourceId: issuerId,
    details: {
      legalName: snapshot.issuer.legalName,
      classes: snapshot.classes.length,
      upToSequence: snapshot.upToSequence,
      asOf: today,
    },
    meta,
  });
  return zipResponse({
    fileName: fileName(snapshot.issuer.legalName, today),
    entries: entries(deps, snapshot),
    onEnd: (error) => {
      if (error) deps.logger.warn({ err: error, issuerId }, 'OCF export ended early');
    },
  });
}
