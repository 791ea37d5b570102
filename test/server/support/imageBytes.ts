import { crc32, deflateSync } from "node:zlib";

/**
 * Image files built byte by byte, for the decoding limits: headers that declare more pixels or frames than their
 * few bytes hold. Only what a header reader looks at is real; pixel data is there only where a test shows it.
 */

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

function uint32(...values: number[]): Buffer {
  const bytes = Buffer.alloc(4 * values.length);
  values.forEach((value, index) => bytes.writeUInt32BE(value, 4 * index));
  return bytes;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  return Buffer.concat([uint32(data.length), typed, uint32(crc32(typed))]);
}

/** The signature and IHDR of an 8-bit RGB PNG: all a reader needs to know its size. */
export function pngHeader(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", Buffer.concat([uint32(width, height), Buffer.from([8, 2, 0, 0, 0])]))]);
}

/**
 * A PNG bomb: a huge solid image declares width x height, and its IDAT holds the first rows, compressed (a real one
 * of 9,000 x 9,000 is about 79 KB, 324 MB decoded).
 */
export function pngBomb(width: number, height: number, rows = 16): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xff)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: rows }, () => row)));
  return Buffer.concat([pngHeader(width, height), pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))]);
}

/** An APNG's header: acTL declaring `frames`, and fcTL frame controls of the whole canvas for the first `controls`. */
export function apngHeader(width: number, height: number, frames: number, controls = 0): Buffer {
  const fcTL = (sequence: number) => pngChunk("fcTL", Buffer.concat([uint32(sequence, width, height, 0, 0), Buffer.from([0, 1, 0, 10, 0, 0])]));
  return Buffer.concat([
    pngHeader(width, height),
    pngChunk("acTL", uint32(frames, 0)),
    ...Array.from({ length: controls }, (_, index) => fcTL(index)),
  ]);
}

/**
 * A decodable animated GIF: a width x height screen, and `frames` frames of one pixel each, looping. `frameSize`
 * makes each frame's descriptor declare a larger area (browsers grow the canvas to the first frame's).
 */
export function animatedGif(width: number, height: number, frames: number, frameSize?: { width: number; height: number }): Buffer {
  const word = (value: number) => Buffer.from([value & 0xff, value >> 8]);
  const screen = Buffer.concat([Buffer.from("GIF89a", "ascii"), word(width), word(height), Buffer.from([0x80, 0, 0])]);
  const palette = Buffer.from([0xd6, 0x60, 0x30, 0xff, 0xff, 0xff]);
  const loop = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from("NETSCAPE2.0", "ascii"), Buffer.from([3, 1, 0, 0, 0])]);
  const frameWidth = frameSize?.width ?? 1;
  const frameHeight = frameSize?.height ?? 1;
  const frame = Buffer.concat([
    Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]), // graphic control: 100 ms
    Buffer.from([0x2c]), word(0), word(0), word(frameWidth), word(frameHeight), Buffer.from([0]),
    Buffer.from([2, 2, 0x44, 0x01, 0]), // LZW: clear, colour 0, end of information
  ]);
  return Buffer.concat([screen, palette, loop, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** An animated WebP's chunks: VP8X with the animation flag, ANIM, and `frames` ANMF frames of the whole canvas. */
export function animatedWebp(width: number, height: number, frames: number): Buffer {
  const uint24 = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
  const chunk = (type: string, data: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32LE(data.length);
    return Buffer.concat([Buffer.from(type, "ascii"), size, data, Buffer.alloc(data.length & 1)]);
  };
  const vp8x = chunk("VP8X", Buffer.concat([Buffer.from([0x02, 0, 0, 0]), uint24(width - 1), uint24(height - 1)]));
  const anim = chunk("ANIM", Buffer.alloc(6));
  const anmf = chunk("ANMF", Buffer.concat([uint24(0), uint24(0), uint24(width - 1), uint24(height - 1), uint24(100), Buffer.from([0])]));
  const body = Buffer.concat([Buffer.from("WEBP", "ascii"), vp8x, anim, ...Array.from({ length: frames }, () => anmf)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from("RIFF", "ascii"), size, body]);
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([uint32(body.length + 8), Buffer.from(type, "ascii"), body]);
}

/**
 * An AVIF image sequence: the still image's size in meta (ispe), and a track whose sample table counts `frames`
 * frames (stsz) of width x height (its av01 sample entry).
 */
export function avifSequence(width: number, height: number, frames: number): Buffer {
  const fullBox = (type: string, ...content: Buffer[]) => box(type, uint32(0), ...content);
  const ftyp = box("ftyp", Buffer.from("avif", "ascii"), uint32(0), Buffer.from("avifavismif1msf1", "ascii"));
  const meta = fullBox("meta", box("iprp", box("ipco", fullBox("ispe", uint32(width, height)))));
  const word = (value: number) => Buffer.from([value >> 8, value & 0xff]);
  const av01 = box("av01", Buffer.alloc(6), word(1), Buffer.alloc(16), word(width), word(height), Buffer.alloc(50));
  const stbl = box("stbl", fullBox("stsd", uint32(1), av01), fullBox("stsz", uint32(0, frames)));
  const moov = box("moov", box("trak", box("mdia", box("minf", stbl))));
  return Buffer.concat([ftyp, meta, moov]);
}
