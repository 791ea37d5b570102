import { imageSize } from "image-size";
import type { DecodedImageSize } from "../../../src/domain/imageRules";
import type { ImageType } from "../../application/images/imageProxy";

/** An image as its bytes describe it: its real type, the largest area a frame covers, and its frames. */
export interface ImageHeader extends DecodedImageSize {
  type: ImageType;
}

/** What a frame reader has seen: frames counted, and how far right and down any of them reaches. */
interface FrameExtent {
  frames: number;
  width: number;
  height: number;
}

const SNIFFED_TYPES: Readonly<Record<string, ImageType>> = { png: "png", jpg: "jpeg", gif: "gif", webp: "webp", avif: "avif" };

/**
 * Reads an image's type, size and frames from its first bytes or all of them: null until its type and size can be
 * read (and for what is no accepted image at all). From a part of the body, the frames are those that have begun
 * (with APNG's declared count), so the answer can only grow as more arrives.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const size = sizeOf(bytes);
  if (!size) return null;
  const extent = FRAME_READERS[size.type](bytes);
  return {
    type: size.type,
    width: Math.max(size.width, extent.width),
    height: Math.max(size.height, extent.height),
    frames: Math.max(1, extent.frames),
  };
}

/** image-size reads past the end of what it is given into the rest of the memory behind it: it gets its own copy. */
function sizeOf(bytes: Uint8Array): { type: ImageType; width: number; height: number } | null {
  try {
    const size = imageSize(new Uint8Array(bytes));
    const type = size.type ? SNIFFED_TYPES[size.type] : undefined;
    return type && size.width > 0 && size.height > 0 ? { type, width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

const NO_FRAMES: FrameExtent = { frames: 0, width: 0, height: 0 };

const FRAME_READERS: Readonly<Record<ImageType, (bytes: Uint8Array) => FrameExtent>> = {
  gif: gifFrames,
  png: apngFrames,
  webp: webpFrames,
  avif: avifFrames,
  jpeg: () => NO_FRAMES,
};

function text(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A GIF's blocks: each image descriptor is a frame, which browsers may draw beyond the logical screen. */
function gifFrames(bytes: Uint8Array): FrameExtent {
  const data = view(bytes);
  const seen = { ...NO_FRAMES };
  if (bytes.length < 13) return seen;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let offset = 13 + colourTable(bytes[10]!);
  const skipSubBlocks = () => {
    while (offset < bytes.length) {
      const length = bytes[offset]!;
      offset += 1 + length;
      if (length === 0) return;
    }
  };
  while (offset < bytes.length) {
    const introducer = bytes[offset]!;
    if (introducer === 0x2c) {
      if (offset + 10 > bytes.length) break;
      seen.frames += 1;
      seen.width = Math.max(seen.width, data.getUint16(offset + 1, true) + data.getUint16(offset + 5, true));
      seen.height = Math.max(seen.height, data.getUint16(offset + 3, true) + data.getUint16(offset + 7, true));
      offset += 10 + colourTable(bytes[offset + 9]!) + 1; // the descriptor, its colour table, the LZW code size
      skipSubBlocks();
    } else if (introducer === 0x21) {
      offset += 2;
      skipSubBlocks();
    } else {
      break; // the trailer (0x3b), or bytes that are no block: nothing more to count
    }
  }
  return seen;
}

/** A PNG's chunks: APNG declares its frames in acTL, and each frame has an fcTL with its area. */
function apngFrames(bytes: Uint8Array): FrameExtent {
  const data = view(bytes);
  const seen = { ...NO_FRAMES };
  let declared = 0;
  for (let offset = 8; offset + 8 <= bytes.length; ) {
    const length = data.getUint32(offset);
    const type = text(bytes, offset + 4, 4);
    const body = offset + 8;
    if (type === "acTL" && body + 4 <= bytes.length) declared = data.getUint32(body);
    if (type === "fcTL" && body + 20 <= bytes.length) {
      seen.frames += 1;
      seen.width = Math.max(seen.width, data.getUint32(body + 4) + data.getUint32(body + 12));
      seen.height = Math.max(seen.height, data.getUint32(body + 8) + data.getUint32(body + 16));
    }
    if (type === "IEND") break;
    offset = body + length + 4;
  }
  return { ...seen, frames: Math.max(seen.frames, declared) };
}

/** A WebP's RIFF chunks: each ANMF is a frame, with its offset and size. */
function webpFrames(bytes: Uint8Array): FrameExtent {
  const data = view(bytes);
  const seen = { ...NO_FRAMES };
  const uint24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const length = data.getUint32(offset + 4, true);
    const body = offset + 8;
    if (text(bytes, offset, 4) === "ANMF" && body + 12 <= bytes.length) {
      seen.frames += 1;
      seen.width = Math.max(seen.width, 2 * uint24(body) + uint24(body + 6) + 1);
      seen.height = Math.max(seen.height, 2 * uint24(body + 3) + uint24(body + 9) + 1);
    }
    offset = body + length + (length & 1);
  }
  return seen;
}

/** The boxes directly inside [start, end), as far as their headers are present. */
function* boxes(bytes: Uint8Array, start: number, end: number): Generator<{ type: string; body: number; end: number }> {
  const data = view(bytes);
  for (let offset = start; offset + 8 <= Math.min(end, bytes.length); ) {
    let size = data.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > bytes.length) return;
      size = Number(data.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header) return;
    yield { type: text(bytes, offset + 4, 4), body: offset + header, end: offset + size };
    offset += size;
  }
}

/**
 * An animated AVIF is an image sequence: every track's sample table (moov/trak/mdia/minf/stbl) counts its frames
 * (stsz) and names their size (the visual sample entry in stsd). A still AVIF has no moov.
 */
function avifFrames(bytes: Uint8Array): FrameExtent {
  const data = view(bytes);
  const seen = { ...NO_FRAMES };
  const inside = (parent: { body: number; end: number }, type: string) => [...boxes(bytes, parent.body, parent.end)].filter((box) => box.type === type);
  const whole = { body: 0, end: Number.MAX_SAFE_INTEGER };
  for (const moov of inside(whole, "moov")) {
    for (const trak of inside(moov, "trak")) {
      for (const stbl of inside(trak, "mdia").flatMap((mdia) => inside(mdia, "minf")).flatMap((minf) => inside(minf, "stbl"))) {
        for (const stsz of inside(stbl, "stsz")) {
          if (stsz.body + 12 <= bytes.length) seen.frames = Math.max(seen.frames, data.getUint32(stsz.body + 8));
        }
        for (const stsd of inside(stbl, "stsd")) {
          // The first sample entry follows the full box header and the entry count; its width and height are at 32.
          const entry = stsd.body + 8;
          if (entry + 36 <= bytes.length) {
            seen.width = Math.max(seen.width, data.getUint16(entry + 32));
            seen.height = Math.max(seen.height, data.getUint16(entry + 34));
          }
        }
      }
    }
  }
  return seen;
}
