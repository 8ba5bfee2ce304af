import { strFromU8, Unzip, UnzipInflate } from 'fflate';
import { OCF_FILE_TYPES } from '@ledgerwell/shared/ocf';
import type { OcfFiles } from '@ledgerwell/shared/ocf-check';
import {
  OCF_IMPORT_MAX_INFLATED_BYTES,
  OCF_IMPORT_MESSAGES as M,
  type OcfImportProblem,
} from '@ledgerwell/shared/ocf-import';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@ledgerwell/shared/text';
import { AppError } from '../../../lib/errors';

/** A zip starts with a local file header (or, empty, with the end of its central directory). */
const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
];
/** A bundle has a handful of files; thousands of entries is no OCF bundle. */
const MAX_ENTRIES = 100;

/**
 * The bundle's files, unzipped and parsed. Inflated bytes are counted as they come, never trusted from the
 * archive's own directory, so a small zip that inflates without end stops at the bound. Not a zip, or a zip with
 * no manifest: 400. A file that is not JSON is a problem of that file, reported with the others.
 */
export function readBundle(bytes: Uint8Array): { files: OcfFiles; problems: OcfImportProblem[] } {
  if (!ZIP_SIGNATURES.some((signature) => signature.every((byte, i) => bytes[i] === byte)))
    throw new AppError('VALIDATION_ERROR', M.notZip);
  const chunks = new Map<string, Uint8Array[]>();
  let inflated = 0;
  let failure: AppError | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return file.terminate();
    if (file.name.endsWith('/')) return; // a folder entry holds nothing
    if (chunks.size >= MAX_ENTRIES) {
      failure = new AppError('VALIDATION_ERROR', M.notZip);
      return file.terminate();
    }
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    file.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = new AppError('VALIDATION_ERROR', M.notZip);
        return;
      }
      inflated += chunk.length;
      if (inflated > OCF_IMPORT_MAX_INFLATED_BYTES) {
        failure = new AppError('PAYLOAD_TOO_LARGE', M.inflatedTooLarge);
        return file.terminate();
      }
      parts.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    throw new AppError('VALIDATION_ERROR', M.notZip);
  }
  if (failure) throw failure;

  const files: OcfFiles = {};
  const problems: OcfImportProblem[] = [];
  for (const [name, parts] of chunks) {
    let content: unknown;
    try {
      content = JSON.parse(strFromU8(concat(parts)));
    } catch {
      problems.push({ file: name, objectId: null, reason: 'not a JSON file' });
      continue;
    }
    // A lone surrogate or a NUL passes every schema and then fails in PostgreSQL: reported, so nothing is posted.
    const unstorable = findUnstorableText(content);
    if (unstorable !== null)
      problems.push({ file: name, objectId: null, reason: `${unstorable}: ${UNSTORABLE_TEXT_MESSAGE}` });
    files[name] = content;
  }
  const hasManifest = Object.values(files).some(
    (content) => (content as { file_type?: unknown } | null)?.file_type === OCF_FILE_TYPES.manifest,
  );
  if (!hasManifest) throw new AppError('VALIDATION_ERROR', M.noManifest);
  return { files, problems };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
