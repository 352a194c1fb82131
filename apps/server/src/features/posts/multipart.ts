import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { badRequest, HttpError } from '../../platform/errors.js';
import { randomToken } from '../../platform/tokens.js';

export interface UploadedFile {
  fields: Record<string, string>;
  /** The file spooled to a temporary path (the caller moves or deletes it). */
  file: string;
  bytes: number;
}

export interface UploadSpec {
  /** The form field that carries the file. */
  field: string;
  maxBytes: number;
  /** The 413's message. */
  tooLarge: string;
  /** Where the file is spooled: a folder of the service's own, on the media's file system when it can be. */
  spoolDir: string;
}

const TEXT_FIELDS_MAX = 10;
const TEXT_FIELD_BYTES_MAX = 4096;
// Spooled files older than this are what a crash left behind.
const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/** Makes the spool folder and empties it of what an earlier run left behind. */
export function prepareSpoolDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > STALE_SPOOL_MS) fs.rmSync(file, { force: true });
  }
  return dir;
}

/**
 * What went wrong while reading an upload, as the client should hear it: anything its bytes
 * caused (a missing boundary, a body that ends mid-part, too many fields) is a 400, over the
 * size a 413; a fault of this machine (a full disk) stays a server error.
 */
function asUploadError(err: unknown, tooLarge: string): unknown {
  if (err instanceof HttpError) return err;
  const { code, syscall } = err as { code?: string; syscall?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, tooLarge);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return badRequest(`Send the file with at most ${TEXT_FIELDS_MAX} other fields.`);
  }
  if (syscall) return err;
  return badRequest('The upload is not valid multipart data.');
}

/**
 * Reads a multipart upload: its text fields and one file, spooled to disk so that a 100 MB video
 * never sits in memory. Over `maxBytes` the file is refused (413); a malformed body is a 400;
 * either way nothing is kept.
 */
export async function readUpload(request: FastifyRequest, spec: UploadSpec): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: string | null = null;
  let out: fs.WriteStream | null = null;
  let bytes = 0;
  let current: NodeJS.ReadableStream & { destroy(error?: Error): void } | null = null;
  // A client that goes away mid-file leaves the part's stream waiting for bytes that never come:
  // end it, so the spooled file is removed and nothing stays open.
  const gone = () => !request.raw.complete && (request.raw.closed || request.raw.destroyed);
  const onClose = () => {
    if (!request.raw.complete) current?.destroy(new Error('The client went away before the upload ended.'));
  };
  request.raw.once('close', onClose);
  try {
    const limits = { fileSize: spec.maxBytes, files: 1, fields: TEXT_FIELDS_MAX, fieldSize: TEXT_FIELD_BYTES_MAX };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // Past a limit the parser ends the part it hands over; its error comes as the next part.
      // (Piping an ended stream would wait for ever, holding the socket and an empty file.)
      if (part.file.destroyed || part.fieldname !== spec.field || file) {
        part.file.resume();
        continue;
      }
      file = path.join(spec.spoolDir, `shutter-upload-${randomToken(9)}`);
      current = part.file;
      // (It may have gone before this handler began listening.)
      if (gone()) throw badRequest('The upload ended before its file did.');
      out = fs.createWriteStream(file);
      await pipeline(part.file, out);
      current = null;
      if (part.file.truncated) throw new HttpError(413, spec.tooLarge);
      bytes = fs.statSync(file).size;
    }
  } catch (err) {
    // The write stream opens its file asynchronously: remove it only once closed, or it appears again.
    const stream = out;
    if (stream && !stream.closed) {
      await new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
        stream.destroy();
      });
    }
    if (file) fs.rmSync(file, { force: true });
    throw asUploadError(err, spec.tooLarge);
  } finally {
    request.raw.removeListener('close', onClose);
  }
  if (!file) throw badRequest(`Attach the file as "${spec.field}".`);
  if (bytes === 0) {
    fs.rmSync(file, { force: true });
    throw badRequest('The file is empty.');
  }
  return { fields, file, bytes };
}
