import busboy from 'busboy';

/**
 * A multipart body read as a stream, so that a route can check its text fields (a code, a token's
 * request id) before it reads the file: a request with a wrong code costs the server its first
 * chunks, not a 10 MB upload. The fields must therefore come before the file.
 */
export type MultipartFault =
  /** Not multipart/form-data, or broken framing. */
  | 'malformed'
  /** More bytes than the limit. */
  | 'too-large'
  /** A text field after the file, a second file, or a field longer than the field limit. */
  | 'out-of-order';

export class MultipartError extends Error {
  constructor(readonly fault: MultipartFault) {
    super(`multipart body refused: ${fault}`);
  }
}

export interface MultipartFile {
  /** The part's field name and the client's file name and type (to report, never to trust). */
  field: string;
  filename: string;
  mimeType: string;
  /** Reads the file and the rest of the body (up to the body limit) into memory. */
  read(): Promise<Buffer>;
}

export interface MultipartHead {
  /** The text fields sent before the first file; a repeated name keeps its first value. */
  fields: Record<string, string>;
  /** The first file, not read yet; null when the body ended without one. */
  file: MultipartFile | null;
}

export interface MultipartLimits {
  /** The whole body, envelope included. */
  maxBodyBytes: number;
  /** Each text field's value. */
  maxFieldBytes: number;
}

/**
 * Reads `request`'s body up to its first file part and stops. Nothing more is pulled from the
 * client until the file's `read()` is called; a route that refuses the request just answers, and
 * the server drains and drops the rest.
 */
export function readMultipartHead(request: Request, limits: MultipartLimits): Promise<MultipartHead> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? undefined },
      limits: { fieldSize: limits.maxFieldBytes, fields: 20, files: 1, parts: 21 },
    });
  } catch {
    return Promise.reject(new MultipartError('malformed'));
  }
  let body: ReadableStreamDefaultReader<Uint8Array>;
  try {
    body = request.body!.getReader();
  } catch {
    return Promise.reject(new MultipartError('malformed'));
  }

  let failure: MultipartError | null = null;
  let file: { field: string; filename: string; mimeType: string; stream: NodeJS.ReadableStream } | null = null;
  const fields: Record<string, string> = {};
  let received = 0;
  let pulling = true;
  let resume: (() => void) | null = null;
  let settleHead: (head: MultipartHead) => void;
  let failHead: (error: MultipartError) => void;
  const head = new Promise<MultipartHead>((resolve, reject) => {
    settleHead = resolve;
    failHead = reject;
  });
  let closeBody: () => void;
  const closed = new Promise<void>((resolve) => (closeBody = resolve));
  let stop: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));

  const fail = (fault: MultipartFault) => {
    failure ??= new MultipartError(fault);
    failHead(failure);
    stop();
  };

  parser.on('field', (name, value, info) => {
    if (file || info.valueTruncated || info.nameTruncated) return fail('out-of-order');
    if (!(name in fields)) fields[name] = value;
  });
  parser.on('file', (field, stream, info) => {
    // A body cut short inside the file errors the file's stream: unheard, that would end the process.
    stream.on('error', () => fail('malformed'));
    if (file) {
      stream.resume();
      return fail('out-of-order');
    }
    file = { field, filename: info.filename, mimeType: info.mimeType, stream };
    // The route decides before any more of the body is read.
    pulling = false;
    settleHead({ fields, file: { field, filename: info.filename, mimeType: info.mimeType, read } });
  });
  parser.on('filesLimit', () => fail('out-of-order'));
  parser.on('fieldsLimit', () => fail('out-of-order'));
  parser.on('partsLimit', () => fail('out-of-order'));
  parser.on('error', () => fail('malformed'));
  parser.on('close', () => {
    settleHead({ fields, file: null });
    closeBody();
  });

  async function pump() {
    for (;;) {
      if (failure) return;
      if (!pulling) await new Promise<void>((resolve) => (resume = resolve));
      const { done, value } = await body.read();
      if (done) {
        parser.end();
        return;
      }
      received += value.byteLength;
      if (received > limits.maxBodyBytes) return fail('too-large');
      await new Promise<void>((resolve) => parser.write(value, () => resolve()));
    }
  }

  async function read(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    file!.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const fileEnded = new Promise<void>((resolve) => file!.stream.once('end', resolve));
    pulling = true;
    resume?.();
    await Promise.race([Promise.all([fileEnded, closed]), stopped]);
    if (failure) throw failure;
    return Buffer.concat(chunks);
  }

  pump().catch(() => fail('malformed'));
  return head;
}
