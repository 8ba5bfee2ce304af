import { describe, expect, it } from 'vitest';
import {
  brightShare,
  distinctColours,
  glareRegionShare,
  laplacianVariance,
  luminanceStats,
  measureQuality,
  qualityProblem,
  QUALITY_THRESHOLDS,
  sampleSize,
  toGrayscale,
  type PixelSample,
} from './pixel-metrics';

/** A deterministic pseudo-random generator, so that the "photos" are the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): PixelSample {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const i = (y * width + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

const solid = (r: number, g: number, b: number) => sample(64, 48, () => [r, g, b]);

/** Coloured blocks with hard edges and grain: what a sharp photo looks like to these metrics. */
function photoLike(seed = 1): PixelSample {
  const next = random(seed);
  const blocks = Array.from({ length: 64 }, () => [40 + next() * 170, 40 + next() * 170, 40 + next() * 170] as const);
  return sample(128, 96, (x, y) => {
    const block = blocks[(Math.floor(y / 12) * 8 + Math.floor(x / 16)) % blocks.length]!;
    const grain = (next() - 0.5) * 20;
    return [block[0] + grain, block[1] + grain, block[2] + grain];
  });
}

/** A box blur of the given radius, as a shaking hand or missed focus would give. */
function blurred(input: PixelSample, radius: number): PixelSample {
  const { width, height, data } = input;
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let dy = -radius; dy <= radius; dy++) {
        for (let dx = -radius; dx <= radius; dx++) {
          const sx = Math.min(width - 1, Math.max(0, x + dx));
          const sy = Math.min(height - 1, Math.max(0, y + dy));
          const i = (sy * width + sx) * 4;
          sum[0]! += data[i]!;
          sum[1]! += data[i + 1]!;
          sum[2]! += data[i + 2]!;
          n++;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = sum[0]! / n;
      out[o + 1] = sum[1]! / n;
      out[o + 2] = sum[2]! / n;
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** The sample size of a 4:3 photo. */
const FRAME = { width: 512, height: 384 } as const;

interface CardOptions {
  /** The card's share of the frame's area. */
  share?: number;
  /** The card's colour (print stays dark). */
  card?: number;
  /** A white patch over this share of the card, from its left edge: glare wiping the print. */
  glare?: number;
  /** The background behind the card. */
  background?: (x: number, y: number) => [number, number, number];
}

/** An ID card (ratio 1.586) with lines of print on a textured table, as the ID steps photograph it. */
function cardPhoto({ share = 0.3, card = 215, glare = 0, background }: CardOptions = {}): PixelSample {
  const next = random(9);
  const { width, height } = FRAME;
  const cardW = Math.sqrt(share * width * height * 1.586);
  const cardH = cardW / 1.586;
  const left = (width - cardW) / 2;
  const top = (height - cardH) / 2;
  return sample(width, height, (x, y) => {
    const grain = (next() - 0.5) * 12;
    if (x < left || x >= left + cardW || y < top || y >= top + cardH) {
      if (background) return background(x, y);
      const wood = 70 + 25 * Math.sin(x / 9 + Math.sin(y / 23) * 3) + grain;
      return [wood + 20, wood, wood - 15];
    }
    if (x < left + glare * cardW) return [255, 255, 255];
    const u = (x - left) / cardW;
    const v = (y - top) / cardH;
    const print = u > 0.08 && u < 0.92 && v > 0.12 && v < 0.9 && Math.floor(y - top) % 6 < 2 && next() > 0.2;
    const value = print ? 40 + grain : Math.min(255, card + grain / 3);
    return [value, value, value];
  });
}

describe('pixel metrics', () => {
  it('luma of pure colours', () => {
    const gray = toGrayscale(sample(3, 1, (x) => (x === 0 ? [255, 255, 255] : x === 1 ? [0, 0, 0] : [255, 0, 0])));
    expect(gray[0]).toBeCloseTo(255);
    expect(gray[1]).toBe(0);
    expect(gray[2]).toBeCloseTo(76.245);
  });

  it('counts distinct colours at 4 bits a channel', () => {
    expect(distinctColours(solid(10, 20, 30).data)).toBe(1);
    // 0-15 fall in one bin, 16 in the next.
    expect(distinctColours(sample(2, 1, (x) => (x ? [15, 15, 15] : [0, 0, 0])).data)).toBe(1);
    expect(distinctColours(sample(2, 1, (x) => (x ? [16, 0, 0] : [0, 0, 0])).data)).toBe(2);
    expect(distinctColours(sample(256, 1, (x) => [x, 255 - x, (x * 7) % 256]).data)).toBeGreaterThan(32);
  });

  it('mean and standard deviation of luminance', () => {
    const stats = luminanceStats(Float32Array.from([0, 255, 0, 255]));
    expect(stats.mean).toBeCloseTo(127.5);
    expect(stats.stdDev).toBeCloseTo(127.5);
    expect(luminanceStats(new Float32Array(0))).toEqual({ mean: 0, stdDev: 0 });
  });

  it('share of blown-out pixels', () => {
    expect(brightShare(Float32Array.from([255, 250, 249, 0]))).toBe(0.5);
    expect(brightShare(new Float32Array(0))).toBe(0);
  });

  it('Laplacian variance: zero on flat and linear images, high on edges', () => {
    expect(laplacianVariance(toGrayscale(solid(90, 90, 90)), 64, 48)).toBe(0);
    const ramp = sample(64, 48, (x) => [x * 3, x * 3, x * 3]);
    expect(laplacianVariance(toGrayscale(ramp), 64, 48)).toBeCloseTo(0, 3);
    const checker = sample(64, 48, (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]));
    expect(laplacianVariance(toGrayscale(checker), 64, 48)).toBeGreaterThan(10_000);
    expect(laplacianVariance(new Float32Array(4), 2, 2)).toBe(0);
  });

  it('blur lowers the Laplacian variance', () => {
    const sharp = photoLike();
    const m1 = measureQuality(sharp, 'selfie').sharpness;
    const m2 = measureQuality(blurred(sharp, 1), 'selfie').sharpness;
    const m3 = measureQuality(blurred(sharp, 3), 'selfie').sharpness;
    expect(m1).toBeGreaterThan(m2);
    expect(m2).toBeGreaterThan(m3);
  });
});

describe('qualityProblem', () => {
  it('passes a sharp, varied photo', () => {
    expect(qualityProblem(measureQuality(photoLike(), 'selfie'), 'selfie')).toBeNull();
  });

  it('calls a black, a solid or an almost flat frame blank', () => {
    expect(qualityProblem(measureQuality(solid(0, 0, 0), 'id_front'), 'id_front')).toBe('blank');
    expect(qualityProblem(measureQuality(solid(0, 160, 0), 'id_front'), 'id_front')).toBe('blank');
    const next = random(3);
    const noisyGrey = sample(64, 48, () => {
      const v = 120 + (next() - 0.5) * 6;
      return [v, v, v];
    });
    expect(qualityProblem(measureQuality(noisyGrey, 'id_front'), 'id_front')).toBe('blank');
    const dark = sample(64, 48, (x, y) => ((x + y) % 2 ? [14, 14, 14] : [2, 2, 2]));
    expect(qualityProblem(measureQuality(dark, 'id_front'), 'id_front')).toBe('blank');
  });

  it('does not call a sharp grey-scale photo blank for its few colours', () => {
    const next = random(5);
    const grey = sample(128, 96, (x, y) => {
      const v = ((Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? 200 : 60) + (next() - 0.5) * 10;
      return [v, v, v];
    });
    const metrics = measureQuality(grey, 'selfie');
    expect(metrics.distinctColours).toBeLessThan(QUALITY_THRESHOLDS.minDistinctColours);
    expect(qualityProblem(metrics, 'selfie')).toBeNull();
  });

  it('calls a white patch over most of an ID card glare, though most of the frame is not blown out', () => {
    const patched = measureQuality(cardPhoto({ glare: 0.7 }), 'id_front');
    expect(patched.glareShare).toBeLessThan(QUALITY_THRESHOLDS.maxGlareShare);
    expect(qualityProblem(patched, 'id_front')).toBe('glare');
    expect(qualityProblem(patched, 'id_back')).toBe('glare');
    // A smaller patch that wipes 40% of the card too.
    expect(qualityProblem(measureQuality(cardPhoto({ glare: 0.4 }), 'id_front'), 'id_front')).toBe('glare');
  });

  it('passes an ID card without glare, and a light card whose print survives', () => {
    expect(qualityProblem(measureQuality(cardPhoto(), 'id_front'), 'id_front')).toBeNull();
    const light = measureQuality(cardPhoto({ card: 254, share: 0.45 }), 'id_front');
    expect(light.glareShare).toBeGreaterThan(0.1);
    expect(qualityProblem(light, 'id_front')).toBeNull();
  });

  it('a bright wall behind a selfie is not glare', () => {
    const face = photoLike(4);
    const { width, height } = FRAME;
    const selfie = (wall: number, wallWidth: number) =>
      sample(width, height, (x, y) => {
        if (x >= wallWidth && x < width - wallWidth) {
          const i = ((y >> 2) * 128 + (x >> 2)) * 4;
          return [face.data[i]!, face.data[i + 1]!, face.data[i + 2]!];
        }
        return [wall, wall, wall];
      });
    // A lit white wall on both sides of the head, and one blown out on both sides.
    expect(qualityProblem(measureQuality(selfie(240, 128), 'selfie'), 'selfie')).toBeNull();
    const blownOut = measureQuality(selfie(255, 56), 'selfie');
    expect(blownOut.glareRegionShare).toBeGreaterThan(QUALITY_THRESHOLDS.maxGlareRegionShare);
    expect(qualityProblem(blownOut, 'selfie')).toBeNull();
  });

  it('measures the largest connected clipped patch, not scattered highlights', () => {
    const { width, height } = FRAME;
    const gray = new Float32Array(width * height);
    // Two white blocks of 64x64 apart, a white band 16 px high and a checker of bright pixels: only a block counts.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const block = (x < 64 && y < 64) || (x >= 256 && x < 320 && y >= 128 && y < 192);
        const band = y >= 224 && y < 240;
        gray[y * width + x] = block || band || (y >= 256 && (x + y) % 2 === 0) ? 255 : 100;
      }
    expect(glareRegionShare(gray, width, height)).toBeCloseTo((64 * 64) / (width * height));
    expect(glareRegionShare(new Float32Array(0), 0, 0)).toBe(0);
  });

  it('calls a photo with more than a quarter blown out glare', () => {
    const base = photoLike();
    const glare = sample(128, 96, (x, y) => {
      if (x < 48) return [255, 255, 255];
      const i = (y * 128 + x) * 4;
      return [base.data[i]!, base.data[i + 1]!, base.data[i + 2]!];
    });
    expect(measureQuality(glare, 'selfie').glareShare).toBeCloseTo(0.375);
    expect(qualityProblem(measureQuality(glare, 'selfie'), 'selfie')).toBe('glare');
    const someGlare = sample(128, 96, (x, y) => {
      if (x < 24) return [255, 255, 255];
      const i = (y * 128 + x) * 4;
      return [base.data[i]!, base.data[i + 1]!, base.data[i + 2]!];
    });
    expect(qualityProblem(measureQuality(someGlare, 'selfie'), 'selfie')).toBeNull();
  });

  it('calls a heavily blurred photo blurry', () => {
    expect(qualityProblem(measureQuality(blurred(photoLike(), 4), 'id_front'), 'id_front')).toBe('blurry');
  });

  it('checks blank before glare before blur before the card', () => {
    const base = {
      distinctColours: 200,
      meanLuminance: 120,
      contrast: 40,
      glareShare: 0,
      glareRegionShare: 0,
      sharpness: 500,
      cardShare: 0.5,
    };
    expect(qualityProblem({ ...base, contrast: 1, glareShare: 1, sharpness: 0 }, 'id_front')).toBe('blank');
    expect(qualityProblem({ ...base, glareShare: 0.5, sharpness: 0 }, 'selfie')).toBe('glare');
    expect(qualityProblem({ ...base, glareRegionShare: 0.5, sharpness: 0 }, 'id_front')).toBe('glare');
    expect(qualityProblem({ ...base, sharpness: 1, cardShare: 0 }, 'id_front')).toBe('blurry');
    expect(qualityProblem({ ...base, cardShare: 0.1 }, 'id_front')).toBe('no-card');
    expect(qualityProblem({ ...base, cardShare: 0 }, 'selfie')).toBeNull();
  });
});

describe('card framing', () => {
  const share = (photo: PixelSample) => measureQuality(photo, 'id_front').cardShare;

  it('finds an ID card that fills the frame, and passes it', () => {
    expect(share(cardPhoto({ share: 0.4 }))).toBeGreaterThan(0.35);
    // Measured, not overstated: the rectangle stops at the card's corners.
    expect(share(cardPhoto({ share: 0.4 }))).toBeLessThan(0.45);
    expect(share(cardPhoto({ share: 0.25 }))).toBeLessThan(QUALITY_THRESHOLDS.minCardShare);
    expect(share(cardPhoto({ share: 0.6 }))).toBeGreaterThan(0.55);
    // A dark card on a light table.
    expect(share(cardPhoto({ share: 0.4, card: 60, background: () => [200, 195, 185] }))).toBeGreaterThan(0.35);
    expect(qualityProblem(measureQuality(cardPhoto({ share: 0.4 }), 'id_back'), 'id_back')).toBeNull();
  });

  it('refuses a card photographed from too far away', () => {
    const far = measureQuality(cardPhoto({ share: 0.12 }), 'id_front');
    expect(far.cardShare).toBeLessThan(QUALITY_THRESHOLDS.minCardShare);
    expect(qualityProblem(far, 'id_front')).toBe('no-card');
  });

  it('refuses a photo with no card in it (a sharp, varied scene or a selfie)', () => {
    const { width, height } = FRAME;
    const scene = photoLike(6);
    const big = sample(width, height, (x, y) => {
      const i = ((y >> 2) * 128 + (x >> 2)) * 4;
      return [scene.data[i]!, scene.data[i + 1]!, scene.data[i + 2]!];
    });
    expect(qualityProblem(measureQuality(big, 'selfie'), 'selfie')).toBeNull();
    expect(qualityProblem(measureQuality(big, 'id_front'), 'id_front')).toBe('no-card');
  });

  it('refuses a rectangle of the wrong shape (a sheet of paper, a square)', () => {
    const { width, height } = FRAME;
    const square = sample(width, height, (x, y) =>
      Math.abs(x - 256) < 150 && Math.abs(y - 192) < 150 ? [220, 220, 210] : [60, 50, 40],
    );
    expect(measureQuality(square, 'id_front').cardShare).toBeLessThan(QUALITY_THRESHOLDS.minCardShare);
  });
});

describe('sampleSize', () => {
  it('scales the long edge to 512 and never up', () => {
    expect(sampleSize(4032, 3024)).toEqual({ width: 512, height: 384 });
    expect(sampleSize(3024, 4032)).toEqual({ width: 384, height: 512 });
    expect(sampleSize(400, 300)).toEqual({ width: 400, height: 300 });
  });
});
