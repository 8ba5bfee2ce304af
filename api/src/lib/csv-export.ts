import { stringify } from 'csv-stringify/sync';
import { downloadHeaders } from './download-headers';

/** One column of an export: its header and how a row's cell is read. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/**
 * A spreadsheet program runs a cell that starts with one of these as a formula (CSV injection,
 * OWASP): such a cell gets a leading apostrophe, which shows the text as it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function protectCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function cellText(value: ReturnType<CsvColumn<unknown>['value']>): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // A number is no formula, and -5 should stay a number to the spreadsheet.
  if (typeof value === 'number') return String(value);
  return protectCell(String(value));
}

/** RFC 4180: CRLF between records, quotes where a cell needs them, UTF-8 (with a BOM before the header). */
function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[], first: boolean): string {
  return stringify(
    rows.map((row) => columns.map((column) => cellText(column.value(row)))),
    { bom: first, header: first, columns: columns.map((column) => column.header), record_delimiter: 'windows' },
  );
}

export interface CsvExport<Row> {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  /**
   * The rows, a page at a time (keyset pages or a cursor): each page is written out before the next
   * is asked for, so memory holds one page whatever the total.
   */
  pages: AsyncIterable<readonly Row[]>;
  /** Called once after the last row was handed on (or with the error that ended the export early). */
  onEnd?: (rows: number, error?: unknown) => void;
}

/**
 * A streamed CSV download: the body is pulled, so the next page is read only when the client has
 * taken the previous one (backpressure from the socket), and a client that goes away ends the read.
 */
export function csvResponse<Row>(csv: CsvExport<Row>): Response {
  const encoder = new TextEncoder();
  const iterator = csv.pages[Symbol.asyncIterator]();
  let first = true;
  let rows = 0;
  let ended = false;
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    csv.onEnd?.(rows, error);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          // Pages may come back empty (a filter that skips many rows): go on until one has rows or the end.
          for (;;) {
            const next = await iterator.next();
            if (next.done) {
              if (first) controller.enqueue(encoder.encode(toCsv([], csv.columns, true)));
              controller.close();
              end();
              return;
            }
            if (next.value.length === 0) continue;
            controller.enqueue(encoder.encode(toCsv(next.value, csv.columns, first)));
            first = false;
            rows += next.value.length;
            return;
          }
        } catch (error) {
          controller.error(error);
          end(error);
        }
      },
      async cancel(reason) {
        end(reason ?? new Error('the client went away'));
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, { status: 200, headers: downloadHeaders('text/csv; charset=utf-8', csv.fileName) });
}
