// The frames Chromium's fake camera plays (--use-file-for-fake-video-capture): written when a spec
// module loads (top-level await), because launch arguments are fixed before any beforeAll runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { photoLikeRgb } from './photo-like';
import { sampleFace } from './sample-face';

export const FAKE_CAMERA_SIZE = { width: 1280, height: 960 } as const;

/** RGB → Y'CbCr 4:2:0 (BT.601, full range as "C420jpeg" says), one frame of a .y4m file. */
function yuv420Frame(rgb: Uint8Array, width: number, height: number): Buffer {
  const y = Buffer.alloc(width * height);
  const cw = width / 2;
  const ch = height / 2;
  const u = Buffer.alloc(cw * ch);
  const v = Buffer.alloc(cw * ch);
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      y[row * width + col] = clamp(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  }
  for (let row = 0; row < ch; row++) {
    for (let col = 0; col < cw; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ] as const) {
        const i = ((row * 2 + dy) * width + col * 2 + dx) * 3;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[row * cw + col] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[row * cw + col] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
}

/**
 * Writes (once per machine and version) a photo-like .y4m the fake camera loops over, and returns its
 * path: a face above an ID card, so that one frame passes the selfie's checks and the ID's.
 */
export async function fakeCameraFile(): Promise<string> {
  const { width, height } = FAKE_CAMERA_SIZE;
  const file = path.join(os.tmpdir(), `ledgerwell-fake-camera-v3-${width}x${height}.y4m`);
  if (!fs.existsSync(file)) {
    const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
    const frame = yuv420Frame(photoLikeRgb({ width, height, face: await sampleFace() }), width, height);
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.concat([header, frame, frame]));
    fs.renameSync(partial, file);
  }
  return file;
}
