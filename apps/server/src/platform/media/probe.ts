import { MediaError } from './media-error.js';
import { fileArg, FFPROBE_PATH, INPUT_GUARD, runTool } from './tools.js';

export interface VideoInfo {
  durationSec: number;
  /** Size as displayed, i.e. with the rotation applied (a portrait phone clip is taller than wide). */
  width: number;
  height: number;
  hasAudio: boolean;
  /** Clockwise degrees the player turns the stored frames: 0, 90, 180 or 270. */
  rotation: number;
}

/** What transcodeVideo and the cost checks also need: which streams to take, frames and rates. */
export interface VideoStreams extends VideoInfo {
  videoStream: number;
  audioStream: number | undefined;
  /** Size of the frames as stored, i.e. as decoded (before rotation and non-square pixels). */
  storedWidth: number;
  storedHeight: number;
  /** Frames in the file, counted (not taken from a header that could say anything). */
  frames: number;
  /** Average frames per second. */
  fps: number;
  /** The rate ffmpeg writes frames at unless told otherwise, guessed from the timestamps as ffmpeg does. */
  timingFps: number;
}

interface FfprobeStream {
  index: number;
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_read_packets?: string;
  sample_aspect_ratio?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

const PROBE_TIMEOUT_MS = 30_000;

export async function probeVideo(file: string): Promise<VideoInfo> {
  const { durationSec, width, height, hasAudio, rotation } = await probeStreams(file);
  return { durationSec, width, height, hasAudio, rotation };
}

export async function probeStreams(file: string): Promise<VideoStreams> {
  // Counting packets reads the whole file without decoding it: a tenth of a second for 100 MB.
  const args = ['-v', 'error', ...INPUT_GUARD, '-count_packets', '-print_format', 'json', '-show_streams', '-show_format', fileArg(file)];
  const stdout = await runTool(FFPROBE_PATH, args, PROBE_TIMEOUT_MS);
  const probe = JSON.parse(stdout) as FfprobeOutput;
  const streams = probe.streams ?? [];
  // Cover art inside an MP4 or M4A is a one-frame "video" stream; it is not the video.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video?.width || !video.height) throw new MediaError('corrupt', "This file doesn't contain a video.");
  const audio = streams.find((s) => s.codec_type === 'audio');
  const rotation = rotationOf(video);
  const turned = rotation === 90 || rotation === 270;
  // Anamorphic sources (non-square pixels, e.g. DV or some screen recorders) display wider than stored.
  const squareWidth = Math.round(video.width * pixelAspect(video.sample_aspect_ratio));
  const durationSec = seconds(probe.format?.duration) ?? seconds(video.duration) ?? (await packetDuration(file, video.index));
  const average = frameRate(video.avg_frame_rate);
  const counted = Number(video.nb_read_packets);
  const frames = Number.isInteger(counted) && counted > 0 ? counted : Math.ceil(average * durationSec);
  return {
    durationSec,
    width: turned ? video.height : squareWidth,
    height: turned ? squareWidth : video.height,
    hasAudio: audio !== undefined,
    rotation,
    videoStream: video.index,
    audioStream: audio?.index,
    storedWidth: video.width,
    storedHeight: video.height,
    frames,
    fps: average > 0 ? average : durationSec > 0 ? frames / durationSec : 0,
    timingFps: timingRate(frameRate(video.r_frame_rate), average),
  };
}

/** ffmpeg's own guess (av_guess_frame_rate): the timestamps' base rate, unless it is absurd beside the average. */
function timingRate(base: number, average: number): number {
  return average > 0 && average < 70 && base > 210 ? average : base;
}

/** Older muxers write a `rotate` tag; newer ffprobe reports a display matrix (counter-clockwise). */
function rotationOf(stream: FfprobeStream): number {
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = matrix !== undefined ? -matrix : Number(stream.tags?.rotate ?? 0);
  const quarter = Math.round((Number.isFinite(degrees) ? degrees : 0) / 90) * 90;
  return ((quarter % 360) + 360) % 360;
}

function seconds(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}

function frameRate(value: string | undefined): number {
  const [num, den] = (value ?? '0/1').split('/').map(Number);
  return num && den ? num / den : 0;
}

function pixelAspect(value: string | undefined): number {
  const [num, den] = (value ?? '1:1').split(':').map(Number);
  return num && den ? num / den : 1;
}

/**
 * A WebM recorded by a browser (MediaRecorder) or written to a pipe has no duration in its header;
 * the end of the last packet gives it without decoding anything.
 */
async function packetDuration(file: string, streamIndex: number): Promise<number> {
  const args = ['-v', 'error', ...INPUT_GUARD, '-select_streams', String(streamIndex), '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', fileArg(file)];
  const stdout = await runTool(FFPROBE_PATH, args, PROBE_TIMEOUT_MS);
  let end = 0;
  for (const line of stdout.split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (Number.isFinite(pts)) end = Math.max(end, pts! + (Number.isFinite(duration) ? duration! : 0));
  }
  return end;
}
