import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, meetsMinimumSize } from '@ledgerwell/shared/verification';
import { fileProblem, imageProblem, resizedSize, resizeTarget } from './file-checks';
import { isMobileDevice } from './device';
import { jpegSize } from './jpeg-size';

const MB = 1024 * 1024;
const good = { type: 'image/jpeg', name: 'selfie.jpg', size: 2 * MB };

describe('the spec checks, in order', () => {
  it('accepts a JPEG or PNG of the right size', () => {
    expect(imageProblem(good, { width: 1280, height: 960 }, 'Selfie')).toBeNull();
    expect(
      imageProblem({ type: 'image/png', name: 'ID.PNG', size: 10 * MB }, { width: 800, height: 600 }, 'ID Front'),
    ).toBeNull();
    expect(
      imageProblem({ type: 'image/jpg', name: 'back.jpeg', size: 1 }, { width: 600, height: 800 }, 'ID Back'),
    ).toBeNull();
  });

  it('checks the MIME type first, then the extension, then the size', () => {
    const everythingWrong = { type: 'text/plain', name: 'notes.txt', size: 11 * MB };
    expect(fileProblem(everythingWrong, 'Selfie')).toBe(FILE_MESSAGES.type('Selfie'));
    expect(fileProblem({ ...everythingWrong, type: 'image/png' }, 'Selfie')).toBe(FILE_MESSAGES.extension('Selfie'));
    expect(fileProblem({ ...everythingWrong, type: 'image/png', name: 'a.png' }, 'Selfie')).toBe(
      FILE_MESSAGES.size('Selfie'),
    );
    expect(fileProblem({ type: '', name: 'photo.heic', size: 1 }, 'ID Front')).toBe(FILE_MESSAGES.type('ID Front'));
    expect(fileProblem({ type: 'image/webp', name: 'photo.jpg', size: 1 }, 'ID Front')).toBe(
      FILE_MESSAGES.type('ID Front'),
    );
  });

  it('allows exactly 10 MB', () => {
    expect(fileProblem({ ...good, size: 10 * MB }, 'Selfie')).toBeNull();
    expect(fileProblem({ ...good, size: 10 * MB + 1 }, 'Selfie')).toBe(FILE_MESSAGES.size('Selfie'));
  });

  it('then reading, decoding and the minimum size, with the actual size in the message', () => {
    expect(imageProblem(good, 'read-failed', 'Selfie')).toBe(FILE_MESSAGES.read('Selfie'));
    expect(imageProblem(good, 'decode-failed', 'Selfie')).toBe(FILE_MESSAGES.corrupted('Selfie'));
    expect(imageProblem(good, { width: 640, height: 480 }, 'ID Back')).toBe(
      'The ID Back image is too small. Minimum size required: 800x600 pixels. Your image: 640x480 pixels.',
    );
    // A file failing the early checks is never decoded.
    expect(imageProblem({ ...good, type: 'text/plain' }, 'decode-failed', 'Selfie')).toBe(FILE_MESSAGES.type('Selfie'));
  });

  it('takes either orientation for the minimum size', () => {
    expect(imageProblem(good, { width: 600, height: 800 }, 'Selfie')).toBeNull();
    expect(imageProblem(good, { width: 720, height: 1280 }, 'Selfie')).toBeNull();
    expect(imageProblem(good, { width: 560, height: 1000 }, 'Selfie')).toBe(
      FILE_MESSAGES.tooSmall('Selfie', 560, 1000),
    );
    expect(imageProblem(good, { width: 799, height: 600 }, 'Selfie')).not.toBeNull();
  });
});

describe('the compression size', () => {
  it('brings the long edge down to 2000 and never upscales', () => {
    expect(resizeTarget(4032, 3024)).toBe(2000);
    expect(resizedSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(resizedSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(resizeTarget(1920, 1440)).toBeUndefined();
    expect(resizeTarget(2000, 1000)).toBeUndefined();
    expect(resizedSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps the size when shrinking would take the short edge under 600', () => {
    expect(resizeTarget(2400, 700)).toBeUndefined();
    expect(resizedSize(2400, 700)).toEqual({ width: 2400, height: 700 });
    expect(resizeTarget(700, 2400)).toBeUndefined();
    // 2400x720 → 2000x600 exactly: allowed.
    expect(resizedSize(2400, 720)).toEqual({ width: 2000, height: 600 });
  });

  it('never produces a photo the server would refuse as too small', () => {
    for (const [w, h] of [
      [4032, 3024],
      [2001, 601],
      [2400, 719],
      [5000, 1600],
      [6000, 1800],
      [2100, 630],
      [9000, 2700],
    ] as const) {
      const size = resizedSize(w, h);
      expect(meetsMinimumSize(size.width, size.height), `${w}x${h} → ${size.width}x${size.height}`).toBe(true);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(Math.max(w, h));
    }
  });
});

describe('jpegSize', () => {
  function jpeg(width: number, height: number, sof = 0xc0): ArrayBuffer {
    // SOI, an APP0 segment of 16 bytes, then SOFn with precision 8, height, width.
    const bytes = [
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...new Array(14).fill(0),
      0xff,
      sof,
      0x00,
      0x11,
      0x08,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      0x03,
    ];
    return new Uint8Array([...bytes, ...new Array(20).fill(0)]).buffer;
  }

  it('reads the frame header of baseline and progressive JPEGs', () => {
    expect(jpegSize(jpeg(2000, 1500))).toEqual({ width: 2000, height: 1500 });
    expect(jpegSize(jpeg(1500, 2000, 0xc2))).toEqual({ width: 1500, height: 2000 });
  });

  it('returns null for anything else', () => {
    expect(jpegSize(new TextEncoder().encode('not a jpeg at all, really').buffer as ArrayBuffer)).toBeNull();
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]).buffer)).toBeNull();
  });
});

describe('isMobileDevice', () => {
  it('detects phones and tablets by user agent, as the spec says', () => {
    expect(
      isMobileDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
    expect(
      isMobileDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'),
    ).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (iPad; CPU OS 12_0 like Mac OS X)')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe(false);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15')).toBe(
      false,
    );
  });

  it('takes a touch "Macintosh" for the iPad it is', () => {
    expect(
      isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15', 5),
    ).toBe(true);
  });
});
