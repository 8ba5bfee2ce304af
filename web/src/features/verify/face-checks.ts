/**
 * What a selfie must show (pure functions, no DOM): exactly one face, large enough for a reviewer to
 * compare with the ID's portrait. The faces come from face-detect.ts.
 */

/** A face found in a photo: its box in shares (0-1) of the photo's width and height, and the detector's confidence. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export const FACE_THRESHOLDS = {
  /**
   * A face whose box is smaller than this share of the photo's height (or width, whichever it fills
   * more) is too far away: at arm's length a face fills a third of a selfie; at this size a 1440 px
   * photo still holds a 200 px face.
   */
  minFaceShare: 0.14,
  /** A second face counts from half that size: a small face far behind is a poster, not a second person. */
  minOtherFaceShare: 0.07,
} as const;

export type FaceProblem = 'no-face' | 'faces' | 'face-small';

const size = (face: FaceBox) => Math.max(face.width, face.height);

/** The problem with a selfie's faces, or null when it shows exactly one face of a reasonable size. */
export function faceProblem(faces: readonly FaceBox[]): FaceProblem | null {
  const t = FACE_THRESHOLDS;
  const counted = faces.filter((face) => size(face) >= t.minOtherFaceShare);
  if (counted.length === 0) return faces.length === 0 ? 'no-face' : 'face-small';
  if (counted.length > 1) return 'faces';
  return size(counted[0]!) >= t.minFaceShare ? null : 'face-small';
}
