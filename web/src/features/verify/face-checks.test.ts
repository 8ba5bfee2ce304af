import { describe, expect, it } from 'vitest';
import { faceProblem, FACE_THRESHOLDS, type FaceBox } from './face-checks';

const face = (size: number, x = 0.3): FaceBox => ({ x, y: 0.2, width: size, height: size * 1.2, score: 0.8 });

describe('faceProblem', () => {
  it('passes exactly one face of a reasonable size', () => {
    expect(faceProblem([face(0.3)])).toBeNull();
    expect(faceProblem([{ x: 0.4, y: 0.1, width: 0.2, height: 0.22, score: 0.7 }])).toBeNull();
  });

  it('refuses a photo without a face (a wall, a card, a camera test pattern)', () => {
    expect(faceProblem([])).toBe('no-face');
  });

  it('refuses two faces, however the second is placed', () => {
    expect(faceProblem([face(0.3), face(0.25, 0.6)])).toBe('faces');
    expect(faceProblem([face(0.1), face(0.3, 0.6)])).toBe('faces');
  });

  it('refuses a face too far away, and does not count a small face far behind as a second person', () => {
    expect(faceProblem([face(0.1)])).toBe('face-small');
    expect(faceProblem([face(0.04)])).toBe('face-small');
    expect(faceProblem([face(0.3), face(0.04, 0.7)])).toBeNull();
    expect(FACE_THRESHOLDS.minOtherFaceShare).toBeLessThan(FACE_THRESHOLDS.minFaceShare);
  });
});
