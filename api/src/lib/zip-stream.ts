import { Zip, ZipDeflate } from 'fflate';
import { downloadHeaders } from './download-headers';

/** One file of a streamed zip: its name and its content, produced piece by piece. */
export interface ZipEntry {
  name: string;
  content: AsyncIterable<string>;
}

/**
 * The zip's bytes as the entries are produced: each piece is compressed and handed on before the next one
 * is asked for, so memory holds one piece and the compressor's window, whatever the archive's size. Entries
 * are written one after the other; the central directory comes last.
 */
export async function* zipChunks(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  };
  for await (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for await (const piece of entry.content) {
      file.push(encoder.encode(piece));
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

export interface ZipDownload {
  fileName: string;
  entries: AsyncIterable<ZipEntry>;
  /** Called once when the last byte was handed on, or with the error (or the client's leaving) that ended it. */
  onEnd?: (error?: unknown) => void;
}

/**
 * A zip download pulled by the client: the next piece is produced only when the socket has taken the last
 * (highWaterMark 1), and a client that goes away stops the producer.
 */
export function zipResponse(download: ZipDownload): Response {
  const chunks = zipChunks(download.entries);
  let ended = false;
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    download.onEnd?.(error);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            controller.close();
            end();
          } else controller.enqueue(next.value);
        } catch (error) {
          controller.error(error);
          end(error);
        }
      },
      async cancel(reason) {
        end(reason ?? new Error('the client went away'));
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, { status: 200, headers: downloadHeaders('application/zip', download.fileName) });
}
