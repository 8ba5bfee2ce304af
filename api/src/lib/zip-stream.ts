import { once } from 'node:events';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { downloadHeaders } from './download-headers';

/** One file of a streamed zip: its name and its content, produced piece by piece. */
export interface ZipEntry {
  name: string;
  content: AsyncIterable<string>;
}

/**
 * A zip entry compressed by Node's zlib, which deflates on the libuv thread pool: the export builds the next piece
 * on the main thread while another core compresses the last one. fflate's own deflate ran on the main thread and
 * was the export's largest cost (17 s of an OCF export over 1,000,000 legs). fflate still writes the zip's headers
 * and directory; an input file only hands it the compressed bytes, the CRC and the size (ZipInputFile).
 */
class ThreadedDeflate implements ZipInputFile {
  readonly compression = 8;
  size = 0;
  crc = 0;
  ondata: AsyncFlateStreamHandler = () => {};
  private readonly stream: DeflateRaw;
  readonly finished: Promise<void>;

  constructor(readonly filename: string) {
    this.stream = createDeflateRaw({ level: 6 });
    this.stream.on('data', (chunk: Buffer) =>
      this.ondata(null, new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.length), false),
    );
    this.finished = once(this.stream, 'end').then(() => this.ondata(null, new Uint8Array(0), true));
  }

  terminate = () => this.stream.destroy();

  /** Hands a piece to the compressor; waits while the compressor's buffer is full. */
  async push(piece: Uint8Array) {
    this.size += piece.length;
    this.crc = crc32(piece, this.crc);
    if (!this.stream.write(piece)) await once(this.stream, 'drain');
  }

  end(): Promise<void> {
    this.stream.end();
    return this.finished;
  }
}

/**
 * The zip's bytes as the entries are produced: each piece is compressed and handed on as soon as the compressor
 * gives it back, and the next piece is asked for only then, so memory holds a few pieces and the compressor's
 * window, whatever the archive's size. Entries are written one after the other; the central directory comes last.
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
    const file = new ThreadedDeflate(entry.name);
    zip.add(file);
    let ended = false;
    try {
      for await (const piece of entry.content) {
        await file.push(encoder.encode(piece));
        yield* drain();
      }
      await file.end();
      ended = true;
    } finally {
      // A consumer that stops early (the client left) or a failed piece ends the compressor too.
      if (!ended) file.terminate();
    }
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
