import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { Agent, AgentResponse } from './agent.js';

const require = createRequire(import.meta.url);
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A noisy JPEG (so it compresses like a photo), optionally carrying a GPS position in its EXIF. */
export async function makeJpeg(width = 800, height = 600, opts: { gps?: boolean; orientation?: number } = {}): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg({ quality: 80 });
  if (opts.gps) {
    img = img.withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 756/100' },
    });
  }
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.toBuffer();
}

/** A short H.264/AAC clip made by ffmpeg's test sources. */
export function makeVideo(seconds = 1): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-vid-'));
  const file = path.join(dir, 'clip.mp4');
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=15`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-pix_fmt', 'yuv420p', file]);
  const data = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}

/** A multipart body with text fields and one file. */
export function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----shutter${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let uploadCounter = 0;
export const newUploadId = () => `${Date.now()}${(uploadCounter += 1)}${Math.floor(Math.random() * 1000)}`;

export async function uploadPhoto(agent: Agent, data?: Buffer, uploadId = newUploadId()): Promise<AgentResponse & { uploadId: string }> {
  const body = multipart({ upload_id: uploadId }, { field: 'photo', name: 'photo.jpg', type: 'image/jpeg', data: data ?? (await makeJpeg()) });
  const res = await agent.request('POST', '/create/upload/photo/', { rawBuffer: body.payload, contentType: body.contentType });
  return { ...res, uploadId };
}

/** Uploads a video (encoded afterwards, in the background); answers the response and the upload id. */
export async function uploadVideo(agent: Agent, data: Buffer, uploadId = newUploadId()) {
  const body = multipart({ upload_id: uploadId }, { field: 'video', name: 'clip.mp4', type: 'video/mp4', data });
  return { res: await agent.request('POST', '/create/upload/video/', { rawBuffer: body.payload, contentType: body.contentType }), uploadId };
}

/** Uploads a photo and publishes it; answers the media node. */
export async function postPhoto(agent: Agent, caption = '', extra: Record<string, string> = {}) {
  const up = await uploadPhoto(agent);
  if (up.status !== 200) throw new Error(`upload failed: ${up.text}`);
  const res = await agent.post('/create/configure/', { upload_id: up.uploadId, caption, ...extra });
  if (res.status !== 200) throw new Error(`configure failed: ${res.text}`);
  return res.body.media;
}
