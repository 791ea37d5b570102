import { describe, expect, it } from "vitest";
import { isSafeToDecode } from "../../../src/domain/imageRules";
import { readImageHeader } from "../../../server/infrastructure/images/imageHeader";
import { animatedGif, animatedWebp, apngHeader, avifSequence, pngBomb, pngHeader } from "../../server/support/imageBytes";
import { PHOTO, TRACKING_GIF } from "../../server/support/imageServer";

describe("reading an image's size and frames from its header", () => {
  it("reads a still image's type and size, one frame", () => {
    expect(readImageHeader(PHOTO)).toEqual({ type: "png", width: 240, height: 180, frames: 1 });
    expect(readImageHeader(TRACKING_GIF)).toEqual({ type: "gif", width: 1, height: 1, frames: 1 });
  });

  it("reads a 9,000 x 9,000 PNG's size from its first 33 bytes, and finds it unsafe to decode", () => {
    const bomb = pngBomb(9000, 9000);
    expect(bomb.length).toBeLessThan(100_000);
    const header = readImageHeader(bomb.subarray(0, 33));
    expect(header).toEqual({ type: "png", width: 9000, height: 9000, frames: 1 });
    expect(isSafeToDecode(header!)).toBe(false);
  });

  it("says nothing until the size has arrived, and never reads past the bytes it was given", () => {
    const header = pngHeader(9000, 9000);
    for (let length = 0; length < 24; length += 1) expect(readImageHeader(header.subarray(0, length)), String(length)).toBeNull();
    // Bytes behind the view (as in Node's shared buffer pool) must not be read as the rest of the image.
    const pooled = Buffer.concat([header, header]).subarray(0, 20);
    expect(readImageHeader(pooled)).toBeNull();
    expect(readImageHeader(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("counts an animated GIF's frames, and those of a part of it as far as it goes", () => {
    const gif = animatedGif(240, 180, 150);
    expect(readImageHeader(gif)).toEqual({ type: "gif", width: 240, height: 180, frames: 150 });
    expect(isSafeToDecode(readImageHeader(gif)!)).toBe(false);
    const part = readImageHeader(gif.subarray(0, Math.floor(gif.length / 2)));
    expect(part!.frames).toBeGreaterThan(50);
    expect(part!.frames).toBeLessThan(150);
    expect(isSafeToDecode(readImageHeader(animatedGif(240, 180, 20))!)).toBe(true);
  });

  it("counts a GIF frame that reaches beyond the screen it declares as that large", () => {
    const header = readImageHeader(animatedGif(100, 100, 1, { width: 9000, height: 9000 }));
    expect(header).toMatchObject({ width: 9000, height: 9000 });
    expect(isSafeToDecode(header!)).toBe(false);
  });

  it("takes an APNG's declared frames, or its frame controls when there are more", () => {
    expect(readImageHeader(apngHeader(400, 300, 500))).toEqual({ type: "png", width: 400, height: 300, frames: 500 });
    expect(readImageHeader(apngHeader(400, 300, 2, 120))).toEqual({ type: "png", width: 400, height: 300, frames: 120 });
    expect(isSafeToDecode(readImageHeader(apngHeader(400, 300, 500))!)).toBe(false);
    expect(isSafeToDecode(readImageHeader(apngHeader(400, 300, 12, 12))!)).toBe(true);
  });

  it("counts an animated WebP's frames", () => {
    expect(readImageHeader(animatedWebp(320, 240, 300))).toEqual({ type: "webp", width: 320, height: 240, frames: 300 });
    expect(isSafeToDecode(readImageHeader(animatedWebp(320, 240, 30))!)).toBe(true);
  });

  it("counts an AVIF sequence's frames from its sample table", () => {
    expect(readImageHeader(avifSequence(640, 480, 400))).toEqual({ type: "avif", width: 640, height: 480, frames: 400 });
    expect(isSafeToDecode(readImageHeader(avifSequence(640, 480, 400))!)).toBe(false);
  });
});
