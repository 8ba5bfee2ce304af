import type { Db } from '@ledgerwell/db/client';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { csvResponse, type CsvColumn } from '../../lib/csv-export';
import { recordActivity, type ActivityAction, type Actor } from './record-activity';

export interface RecordedExport<Row> {
  context: { actor: Actor; meta: RequestMeta };
  action: ActivityAction;
  resourceType: string;
  filters: object;
  fileName: string;
  /** The number of rows the export will hold, counted in the transaction that records it. */
  count: (tx: Db) => Promise<number>;
  columns: readonly CsvColumn<Row>[];
  pages: AsyncIterable<readonly Row[]>;
  /** What the log calls the export when it ends early, e.g. 'contact export'. */
  name: string;
}

/** An export's filters as recorded in its activity row: those given, without empty ones. */
const definedFilters = (filters: object) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));

/**
 * A streamed CSV export, recorded before the first row leaves with its filters (those given) and the
 * number of rows it holds; an export that ends early (an error, a client gone) is logged.
 */
export async function recordedCsvExport<Row>(deps: AppDeps, csv: RecordedExport<Row>): Promise<Response> {
  const { context, fileName } = csv;
  await deps.db.transaction(async (tx) => {
    await recordActivity(tx, {
      actor: context.actor,
      action: csv.action,
      resourceType: csv.resourceType,
      details: { filters: definedFilters(csv.filters), rowCount: await csv.count(tx), fileName },
      meta: context.meta,
    });
  });
  return csvResponse({
    fileName,
    columns: csv.columns,
    pages: csv.pages,
    onEnd: (rows, error) => {
      if (error) deps.logger.warn({ err: error, rows, requestId: context.meta.requestId }, `${csv.name} ended early`);
    },
  });
}
