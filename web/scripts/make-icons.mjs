// Renders the app icons (PWA manifest, apple-touch-icon, favicon) from one SVG mark.
// Run once after changing the mark: `node web/scripts/make-icons.mjs`; the PNGs are committed.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const NAVY = '#0f2f57';
const TEAL = '#5fd3bf';

/** The mark on a 32-unit grid, centred on (16, 16): a ledger "L" with two entry lines. */
const mark = (scale = 1) => `
  <g transform="translate(16 16) scale(${scale}) translate(-16 -16)" fill="none" stroke-linecap="round" stroke-linejoin="round">
    <path d="M10 8v16h12" stroke="#ffffff" stroke-width="3"/>
    <path d="M15 12h7M15 17h7" stroke="${TEAL}" stroke-width="2.5"/>
  </g>`;

/** Rounded tile for "any" icons and the favicon. */
const roundedIcon = (
  size,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="${NAVY}"/>${mark()}
</svg>`;

/** Full-bleed tile with the mark well inside the 80% safe zone, for launchers that crop to a shape. */
const maskableIcon = (
  size,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${NAVY}"/>${mark(0.8)}
</svg>`;

/** Square tile: iOS rounds the corners itself and shows transparency as black. */
const squareIcon = (
  size,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${NAVY}"/>${mark(0.9)}
</svg>`;

async function png(svg, size, file) {
  const path = join(publicDir, 'icons', file);
  await sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(path);
  console.log(`wrote ${path}`);
}

await mkdir(join(publicDir, 'icons'), { recursive: true });
await png(roundedIcon(192), 192, 'icon-192.png');
await png(roundedIcon(512), 512, 'icon-512.png');
await png(maskableIcon(512), 512, 'icon-maskable-512.png');
await png(squareIcon(180), 180, 'apple-touch-icon-180.png');
await writeFile(join(publicDir, 'favicon.svg'), roundedIcon(32).trim() + '\n');
console.log(`wrote ${join(publicDir, 'favicon.svg')}`);
