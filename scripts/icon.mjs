// Draws images/icon.png (128×128): a lens over three schema lines. Plain Node (zlib), so the icon can be
// regenerated anywhere without an image toolchain. Each pixel is 4×4 supersampled for smooth edges.
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZE = 128;
const SAMPLES = 4;
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'images', 'icon.png');

const inRoundedRect = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
};
const distToSegment = (x, y, ax, ay, bx, by) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
};

const LENS = { x: 56, y: 54, r: 34, ring: 8 };
// Colour of one sample point, or null where the background shows through.
function sample(x, y) {
  if (!inRoundedRect(x, y, 4, 4, 124, 124, 22)) return null;
  const d = Math.hypot(x - LENS.x, y - LENS.y);
  if (distToSegment(x, y, 82, 80, 110, 108) <= 8) return [255, 196, 61];
  if (d <= LENS.r + LENS.ring / 2 && d >= LENS.r - LENS.ring / 2) return [255, 255, 255];
  if (d < LENS.r - LENS.ring / 2) {
    // Schema lines seen through the lens: a key, a widened key (amber), a key.
    const lines = [
      { y: 42, x0: 36, x1: 70, c: [186, 230, 253] },
      { y: 54, x0: 42, x1: 78, c: [255, 196, 61] },
      { y: 66, x0: 36, x1: 64, c: [186, 230, 253] },
    ];
    for (const l of lines) if (distToSegment(x, y, l.x0, l.y, l.x1, l.y) <= 3.5) return l.c;
    return [30, 64, 120];
  }
  const t = (x + y) / 256; // diagonal gradient, indigo to blue
  return [Math.round(49 + t * -20), Math.round(46 + t * 60), Math.round(129 + t * 80)];
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let py = 0; py < SIZE; py++) {
  raw[py * (SIZE * 4 + 1)] = 0; // filter: none
  for (let px = 0; px < SIZE; px++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const c = sample(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        if (!c) continue;
        r += c[0];
        g += c[1];
        b += c[2];
        a++;
      }
    }
    const o = py * (SIZE * 4 + 1) + 1 + px * 4;
    if (a > 0) {
      raw[o] = r / a;
      raw[o + 1] = g / a;
      raw[o + 2] = b / a;
    }
    raw[o + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8;
header[9] = 6; // 8-bit RGBA
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]),
);
console.log(`wrote ${out}`);
