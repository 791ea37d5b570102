#!/usr/bin/env node
// Draws the installed app's icons (public/icons) from the favicon's shape (public/favicon.svg): a white price tag with
// its hole on the app's indigo. Run again after changing the shape; the PNGs are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { Buffer } from "node:buffer";
import { crc32, deflateSync } from "node:zlib";

const INDIGO = [0x43, 0x38, 0xca];
const WHITE = [0xff, 0xff, 0xff];
/** The favicon's tag, in its 64-unit box. */
const TAG = [[18, 20], [34, 20], [46, 32], [32, 46], [18, 32]];
const HOLE = { x: 26, y: 28, r: 3 };
const CORNER = 14;

function inPolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x, y) {
  const cx = Math.min(Math.max(x, CORNER), 64 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 64 - CORNER);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2;
}

/**
 * One icon of `size` pixels. A maskable one fills the square (the platform cuts its own shape) with the tag inside the
 * safe zone (the middle 80%); the plain one has the favicon's rounded corners, transparent outside them.
 */
function draw(size, maskable) {
  const samples = 4;
  const rows = [];
  const scale = maskable ? 0.8 : 1;
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let background = 0;
      let tag = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          if (!maskable && !inRoundedSquare(x, y)) continue;
          background++;
          // The tag is drawn around the middle, shrunk into the safe zone on a maskable icon.
          const tx = 32 + (x - 32) / scale;
          const ty = 32 + (y - 32) / scale;
          const inHole = (tx - HOLE.x) ** 2 + (ty - HOLE.y) ** 2 <= HOLE.r ** 2;
          if (inPolygon(tx, ty, TAG) && !inHole) tag++;
        }
      }
      const total = samples * samples;
      const mix = background === 0 ? 0 : tag / background;
      const offset = 1 + px * 4;
      for (let channel = 0; channel < 3; channel++) {
        row[offset + channel] = Math.round(INDIGO[channel] * (1 - mix) + WHITE[channel] * mix);
      }
      row[offset + 3] = Math.round((background / total) * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, scanlines) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanlines, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync("public/icons", { recursive: true });
writeFileSync("public/icons/icon-192.png", draw(192, false));
writeFileSync("public/icons/icon-512.png", draw(512, false));
writeFileSync("public/icons/maskable-512.png", draw(512, true));
writeFileSync("public/icons/apple-touch-icon-180.png", draw(180, true));
console.info("Wrote public/icons");
