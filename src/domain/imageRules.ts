/** Images too small, too thin or decorative are not deal images (docs/product.md, "Deal images"). */
export const MIN_IMAGE_SIDE = 80;
export const MAX_ASPECT_RATIO = 4;
export const MIN_ASPECT_RATIO = 0.2;
export const WIDE_IMAGE_WIDTH = 800;
export const WIDE_IMAGE_MAX_RATIO = 2.5;

const DECORATIVE_WORDS = [
  "logo", "banner", "icon", "social", "placeholder", "default", "avatar", "profile", "header", "footer",
  "nav", "menu", "button", "badge", "spacer", "divider", "background", "bg", "strip", "bar",
];

/** Matches a decorative word as a whole token of the URL ("bg" in "hero-bg.png", not in "bgimage" inside words). */
const DECORATIVE_URL = new RegExp(`(^|[^a-z])(${DECORATIVE_WORDS.join("|")})s?([^a-z]|$)`, "i");

export interface ImageCandidate {
  url: string;
  width?: number | null;
  height?: number | null;
}

export function isDecorativeImageUrl(url: string): boolean {
  return DECORATIVE_URL.test(url);
}

/**
 * What a reader's browser may be asked to decode. A few kilobytes of PNG or GIF can declare hundreds of megabytes of
 * pixels, and a card shows its image every time the dashboard opens, so these are judged before an image is served.
 */
export const MAX_IMAGE_SIDE = 10_000;
/** One frame: 25 megapixels is 100 MB decoded (RGBA), far above any photo in a promotional email. */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** Animated GIF, APNG and WebP: promotional animations run to a few dozen frames. */
export const MAX_IMAGE_FRAMES = 100;
/** Frames times pixels: a browser may keep every decoded frame of an animation it loops. */
export const MAX_ANIMATION_PIXELS = 100_000_000;

/** An image as its header describes it: the largest area any frame covers, and how many frames it has. */
export interface DecodedImageSize {
  width: number;
  height: number;
  frames: number;
}

export type DecodeVerdict = "fits" | "side_too_long" | "too_many_pixels" | "too_many_frames" | "animation_too_large";

/**
 * Whether an image is small enough to decode. The verdict only worsens as more of an image is read (more frames,
 * never fewer), so a refusal from a header read part way is final.
 */
export function decodeVerdict({ width, height, frames }: DecodedImageSize): DecodeVerdict {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return "side_too_long";
  const pixels = width * height;
  if (pixels > MAX_IMAGE_PIXELS) return "too_many_pixels";
  if (frames > MAX_IMAGE_FRAMES) return "too_many_frames";
  if (pixels * frames > MAX_ANIMATION_PIXELS) return "animation_too_large";
  return "fits";
}

export function isSafeToDecode(image: DecodedImageSize): boolean {
  return decodeVerdict(image) === "fits";
}

/** True when the image may be shown on a deal card. Unknown sizes are judged by the URL alone. */
export function isAcceptableDealImage(image: ImageCandidate): boolean {
  if (isDecorativeImageUrl(image.url)) return false;
  const { width, height } = image;
  if (width == null || height == null) return true;
  if (!isSafeToDecode({ width, height, frames: 1 })) return false;
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) return false;
  const ratio = width / height;
  if (ratio > MAX_ASPECT_RATIO || ratio < MIN_ASPECT_RATIO) return false;
  if (width > WIDE_IMAGE_WIDTH && ratio > WIDE_IMAGE_MAX_RATIO) return false;
  return true;
}

/**
 * Where the server's image proxy answers. The dashboard names a deal's images only by signed paths under it, so the
 * browser never calls a sender's server (which would learn when and from where the reader opened the dashboard).
 */
export const IMAGE_PROXY_PATH = "/api/images/";

/** A signed proxy path exactly as the server writes it: a signature, then the image's address, both base64url. */
const PROXIED_IMAGE_PATH = new RegExp(`^${IMAGE_PROXY_PATH}[A-Za-z0-9_-]{43}/[A-Za-z0-9_-]+$`);

/**
 * True only for a path of our image proxy. Anything else, a sender's server or another path of ours such as
 * `/api/google-signin?x=a.jpg`, is never loaded as an image.
 */
export function isProxiedImageUrl(url: string): boolean {
  return PROXIED_IMAGE_PATH.test(url);
}

/**
 * A deal's image URLs worth trying, in order: only the proxy's. The proxy judges each image by its address and its
 * real size before answering, so tracking pixels and thin strips never arrive.
 */
export function candidateImageUrls(urls: readonly string[]): string[] {
  return urls.filter(isProxiedImageUrl);
}
