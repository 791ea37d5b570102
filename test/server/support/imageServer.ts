import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { crc32, deflateSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { animatedGif, pngBomb } from "./imageBytes";

/** A real, decodable PNG of one colour (a browser must be able to show it), built with zlib alone. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const framed = Buffer.alloc(typed.length + 8);
    framed.writeUInt32BE(data.length, 0);
    typed.copy(framed, 4);
    framed.writeUInt32BE(crc32(typed), typed.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

/** The classic 1x1 transparent GIF of open-tracking pixels. */
export const TRACKING_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export const PHOTO = solidPng(240, 180, [214, 96, 48]);
/** A divider's shape: too thin to be a logo. */
export const THIN_STRIP = solidPng(600, 20, [40, 40, 40]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script></svg>');
const OVERSIZED_BYTES = 6 * 1024 * 1024;
/** 81 megapixels declared in a few kilobytes. */
const PNG_BOMB = pngBomb(9000, 9000);
const ANIMATION = animatedGif(240, 180, 20);
const LONG_ANIMATION = animatedGif(240, 180, 150);

export interface ImageServer {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  port: number;
  /** Every request received, in order: its path and headers. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * A sender's image server, with one path per behaviour the proxy must handle: a photo, a tracking pixel, a web page,
 * SVG (declared, and disguised as PNG), oversized answers, a slow one, redirects (to the photo, to private
 * addresses, in a loop), and pixel bombs: an image or animation that declares more pixels or frames than a browser
 * should decode, whole or stalled after its header (only a proxy that judges the header as it arrives answers those
 * before its time limit).
 */
export async function startImageServer(): Promise<ImageServer> {
  const requests: ImageServer["requests"] = [];
  const pending = new Set<ServerResponse>();
  let origin = "";
  const send = (response: ServerResponse, type: string, body: Buffer) => response.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
  const redirect = (response: ServerResponse, location: string) => response.writeHead(302, { location }).end();
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    requests.push({ path, headers: request.headers });
    switch (path) {
      case "/photo.png":
        return send(response, "image/png", PHOTO);
      case "/photo-labelled-jpeg":
        return send(response, "image/jpeg; charset=binary", PHOTO);
      case "/open-image":
        return send(response, "image/gif", TRACKING_GIF);
      case "/thin-strip.png":
        return send(response, "image/png", THIN_STRIP);
      case "/page.png":
        return send(response, "text/html; charset=utf-8", Buffer.from("<html><body>Not an image</body></html>"));
      case "/vector.svg":
        return send(response, "image/svg+xml", SVG);
      case "/vector-disguised.png":
        return send(response, "image/png", SVG);
      case "/oversized-declared.png":
        response.writeHead(200, { "content-type": "image/png", "content-length": OVERSIZED_BYTES });
        return response.end(Buffer.concat([PHOTO, Buffer.alloc(OVERSIZED_BYTES - PHOTO.length)]));
      case "/oversized-streamed.png":
        // No length announced: the proxy has to count as the bytes arrive.
        response.writeHead(200, { "content-type": "image/png" });
        response.write(PHOTO);
        return response.end(Buffer.alloc(OVERSIZED_BYTES));
      case "/slow.png":
        pending.add(response);
        return;
      case "/animation":
        return send(response, "image/gif", ANIMATION);
      case "/animation-too-long":
        return send(response, "image/gif", LONG_ANIMATION);
      case "/animation-stalled":
        pending.add(response);
        response.writeHead(200, { "content-type": "image/gif", "content-length": LONG_ANIMATION.length * 2 });
        return response.write(LONG_ANIMATION.subarray(0, -1));
      case "/pixel-bomb.png":
        return send(response, "image/png", PNG_BOMB);
      case "/pixel-bomb-stalled.png":
        pending.add(response);
        response.writeHead(200, { "content-type": "image/png", "content-length": PNG_BOMB.length });
        return response.write(PNG_BOMB.subarray(0, 1024));
      case "/to-photo":
        return redirect(response, "/photo.png");
      case "/to-metadata":
        return redirect(response, "http://169.254.169.254/latest/meta-data/photo.png");
      case "/to-localhost":
        return redirect(response, `http://localhost:${new URL(origin).port}/photo.png`);
      case "/to-ipv4-compatible":
        return redirect(response, `http://[::7f00:1]:${new URL(origin).port}/photo.png`);
      case "/loop":
        return redirect(response, "/loop");
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    async close() {
      for (const response of pending) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The promo code of promotionWithImages(index, ...), by which a test finds its deal. */
export const imageDealCode = (index: number) => `PIXEL${String(index).padStart(4, "0")}`;

/**
 * A promotional email with images: HTML <img> tags (`html`, written as given, so a test may add sizes) and images in
 * its schema.org markup (`markup`), which skip the extractor's tracking-pixel filter.
 */
export function promotionWithImages(index: number, images: { html?: string[]; markup?: string[] }): string {
  const markup = (images.markup ?? []).length
    ? `<script type="application/ld+json">${JSON.stringify((images.markup ?? []).map((image) => ({ "@context": "http://schema.org/", "@type": "PromotionCard", image })))}</script>`
    : "";
  return [
    `From: Copper Kettle <deals@news.copperkettle-shop.test>`,
    "To: new.user@example.com",
    `Subject: 20% off cookware, offer ${index}`,
    `Date: ${new Date(Date.now() - 86_400_000 + index * 1000).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <image-offer-${index}@news.copperkettle-shop.test>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <https://news.copperkettle-shop.test/unsubscribe?u=${index}>`,
    "",
    `<html><head>${markup}</head><body><h1>20% off cookware</h1>`,
    ...(images.html ?? []),
    `<p>Use code <strong>${imageDealCode(index)}</strong> at checkout for 20% off your order.</p>`,
    `<p><a href="https://www.copperkettle-shop.test/sale">Shop the sale</a></p>`,
    "<p>Copper Kettle, 12 Harbour Road, Springfield</p></body></html>",
    "",
  ].join("\r\n");
}
