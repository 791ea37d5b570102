/** What a reader sees of a message, whether it has HTML or only plain text. */
import { renderHtml, tidyLines, type RenderedHtml } from "./html";
import type { ParsedMessage } from "./mime";
import { matchesOf } from "../../src/domain/patternMatches";

/** Text a reader sees, whether the message has HTML or only plain text. */
export interface Rendering {
  body: string;
  preheader: string;
  /** The sender's own text/plain part, when the message also has HTML. */
  plainAlternative: string;
  html: RenderedHtml | null;
}

export function render(message: ParsedMessage): Rendering {
  if (message.html) {
    const html = renderHtml(message.html);
    return { body: html.text, preheader: html.hiddenText, plainAlternative: message.text ?? "", html };
  }
  return { body: tidyLines(message.text ?? ""), preheader: "", plainAlternative: "", html: null };
}

const BARE_URL = /https?:\/\/[^\s<>"')]+/g;

/** Where the message's links lead; plain-text-only mail names its shop in bare URLs. */
export function linkTargets(rendering: Rendering): string[] {
  if (rendering.html) return rendering.html.links.map((link) => link.href);
  return matchesOf(BARE_URL, rendering.body).map((url) => url[0]);
}

/** The subject without emoji and with single spaces. */
export function cleanSubject(subject: string | null): string {
  return (subject ?? "").replace(/[\p{Extended_Pictographic}\uFE0F\u200d]/gu, "").replace(/\s+/g, " ").trim();
}
