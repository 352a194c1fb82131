import fs from 'node:fs';
import os from 'node:os';
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

/**
 * Reads a multipart upload: its text fields and one file, spooled to disk so that a 100 MB video
 * never sits in memory. Over `maxBytes` the file is refused (413) and nothing is kept.
 */
export async function readUpload(request: FastifyRequest, fileField: string, maxBytes: number, tooLarge: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: string | null = null;
  let bytes = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 4096 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        continue;
      }
      file = path.join(os.tmpdir(), `shutter-upload-${randomToken(9)}`);
      await pipeline(part.file, fs.createWriteStream(file));
      if (part.file.truncated) throw new HttpError(413, tooLarge);
      bytes = fs.statSync(file).size;
    }
  } catch (err) {
    if (file) fs.rmSync(file, { force: true });
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge);
    if (code?.startsWith('FST_')) throw badRequest('The upload is not valid multipart data.');
    throw err;
  }
  if (!file) throw badRequest(`Attach the file as "${fileField}".`);
  if (bytes === 0) {
    fs.rmSync(file, { force: true });
    throw badRequest('The file is empty.');
  }
  return { fields, file, bytes };
}
