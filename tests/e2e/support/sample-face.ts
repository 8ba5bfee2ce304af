// A real face for the selfie checks (the page runs a face detector): cropped from a sample photo that
// @vladmandic/face-api ships in its package (demo/), so no picture of a person is kept in this repo.
import path from 'node:path';
import sharp from 'sharp';

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

const SAMPLE = path.resolve(import.meta.dirname, '../../../web/node_modules/@vladmandic/face-api/demo/sample2.jpg');
/** One woman's head and shoulders; the detector finds her face alone in it. */
const CROP = { left: 1330, top: 60, width: 470, height: 400 } as const;

let face: Promise<RgbImage> | undefined;

/** The face photo, packed RGB. */
export function sampleFace(): Promise<RgbImage> {
  face ??= sharp(SAMPLE)
    .extract(CROP)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => ({ rgb: new Uint8Array(data), width: info.width, height: info.height }));
  return face;
}
