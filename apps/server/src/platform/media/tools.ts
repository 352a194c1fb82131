import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MediaError } from './media-error.js';

const require = createRequire(import.meta.url);
/** Static builds shipped as npm packages, so no system ffmpeg is needed (ffmpeg 4.1, ffprobe 6). */
export const FFMPEG_PATH = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
export const FFPROBE_PATH = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

/** The tool ran past its time and was killed; the caller decides whose fault that is. */
export class ToolTimeout extends Error {
  override name = 'ToolTimeout';
}

/**
 * Runs ffmpeg or ffprobe without a shell (arguments are never parsed, so a file name cannot inject
 * anything) and returns stdout. A non-zero exit is the input's fault and becomes a `corrupt`
 * MediaError; a missing binary stays a plain Error, so it is logged as a 500; a timeout is a ToolTimeout.
 */
export function runTool(file: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: Math.ceil(timeoutMs), killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', windowsHide: true },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const tool = file.split(/[/\\]/).pop();
        if (typeof err.code === 'string') return reject(err);
        if (err.killed) return reject(new ToolTimeout(`${tool} timed out after ${timeoutMs} ms`, { cause: err }));
        const detail = new Error(`${tool} failed: ${stderr.trim().split('\n').slice(-5).join(' | ')}`, { cause: err });
        reject(new MediaError('corrupt', undefined, { cause: detail }));
      },
    );
  });
}

/**
 * A path as ffmpeg must read it: absolute and behind `file:`, so a name can never be taken for an
 * option (`-i`...) or another protocol (`concat:`, `http:`) that would read something else.
 */
export const fileArg = (file: string) => `file:${path.resolve(file)}`;

/**
 * Input options that confine ffmpeg to local files in the containers we take. Without them a text
 * file shaped as an HLS playlist (whatever its name) makes ffmpeg fetch the files or URLs it lists.
 */
export const INPUT_GUARD = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm'];
