import { ImageProxy, type ImageRefusal } from "../../application/images/imageProxy";
import { sendError } from "../errors";
import { perAddressLimit, type RoutePlugin } from "../routePlugin";
import { otherAnswers } from "../replies";

/** Far above what scrolling a dashboard asks for (a card loads one image, and the browser caches it). */
const IMAGE_REQUESTS_PER_MINUTE = 1200;

const REFUSAL_MESSAGES: Readonly<Record<ImageRefusal, string>> = {
  address_refused: "The image's address is not a public one.",
  unreachable: "The image's server could not be reached.",
  upstream_status: "The image's server did not answer with an image.",
  too_many_redirects: "The image's address redirects too many times.",
  not_an_image: "The address does not hold a PNG, JPEG, GIF, WebP or AVIF image.",
  too_large: "The image is too large.",
  timeout: "The image's server took too long to answer.",
  not_a_deal_image: "The image is a tracking pixel, too small or too thin to show.",
  not_a_logo: "The image is too small or too thin to be a logo.",
};

/**
 * GET /api/images/SIGNATURE/TARGET: an image from an email, fetched by us so the sender never sees the reader. No
 * sign-in (an <img> cannot send our bearer token): the signature is what lets a request through.
 */
export const imageRoutes: RoutePlugin = async (app, { services }) => {
  // A wildcard, not two parameters: the encoded target is longer than a route parameter may be.
  // The signature is the only permission, so one address may not turn the proxy into its own fetching service.
  const answers = otherAnswers("GET /images/*", { status: 200, description: "The image's bytes, as image/png, jpeg, gif, webp or avif." });
  app.get<{ Params: { "*": string } }>("/images/*", { config: perAddressLimit(IMAGE_REQUESTS_PER_MINUTE), schema: { response: answers } }, async (request, reply) => {
    const [signature, target, ...rest] = request.params["*"].split("/");
    if (!signature || !target || rest.length > 0) {
      return sendError(reply, 400, "invalid_request", "An image path is /api/images/SIGNATURE/TARGET.");
    }
    const answer = await services.images.image(signature, target);
    if (!answer.ok && answer.refusal === "bad_signature") {
      return sendError(reply, 403, "bad_signature", "This image address was not signed by Deal Finder.");
    }
    reply.header("cache-control", `private, max-age=${ImageProxy.maxAgeSeconds(answer)}`);
    if (!answer.ok) return sendError(reply, 404, `image_${answer.refusal}`, REFUSAL_MESSAGES[answer.refusal]);
    // The bytes are the sender's: the browser must take them as the sniffed image type and nothing else.
    return reply
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'")
      .type(`image/${answer.image.type}`)
      .send(answer.image.bytes);
  });
};
