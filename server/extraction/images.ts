import { isAcceptableDealImage } from "../../src/domain/imageRules";
import type { HtmlImage } from "./html";
import { webUrl } from "./sanitize";

const TRACKING_URL = /\/(?:o|open|track|pixel|beacon|wf\/open)\/|[?&](?:open|pixel)=|\.gif(?:\?|$)/i;

/** Deal image candidates: the sender's markup images first, then acceptable HTML images, largest first. */
export function pickDealImages(images: readonly HtmlImage[], markupImages: readonly string[]): string[] {
  const picked: string[] = [];
  const add = (candidate: string) => {
    const url = webUrl(candidate);
    if (url && !picked.includes(url)) picked.push(url);
  };
  for (const url of markupImages) if (isAcceptableDealImage({ url })) add(url);
  const acceptable = images
    .filter((image) => !TRACKING_URL.test(image.url))
    .filter((image) => isAcceptableDealImage({ url: image.url, width: image.width, height: image.height }));
  const area = (image: HtmlImage) => (image.width && image.height ? image.width * image.height : 0);
  for (const image of [...acceptable].sort((a, b) => area(b) - area(a))) add(image.url);
  return picked;
}
