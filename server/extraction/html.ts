import { Parser } from "htmlparser2";
import { INPUT_LIMITS, UnreadableMessageError } from "./limits";

/** An <img> as found in the HTML, with the size its attributes or inline style declare. */
export interface HtmlImage {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
  /** Its class attribute, as written (capped), which may name what the image is ("logo", "barcode"). */
  className: string;
  /** Where the link around it leads, as written; null when it is not inside a link. */
  linkHref: string | null;
  /** Visible characters before it: how near the top of the mail it sits. */
  textBefore: number;
}

export interface HtmlLink {
  href: string;
  text: string;
}

/** A schema.org item read from microdata (itemscope / itemprop). */
export interface MicrodataItem {
  type: string;
  properties: Record<string, string | MicrodataItem>;
}

/** What a reader sees in an HTML email, plus the machine-readable parts kept aside. */
export interface RenderedHtml {
  /** Visible text as a browser lays it out: one line per block, inline runs joined, image alt text in place. */
  text: string;
  /** Text of hidden elements (preheaders, display:none). */
  hiddenText: string;
  /** Text of elements styled as a code box (dashed or dotted border, wide letter spacing, monospace). */
  boxes: string[];
  /** Cells of a table column headed "Code" (or "Promo code", "Coupon", ...), below that header. */
  codeCells: string[];
  /** Short texts shown struck through (<s>, <del>, <strike>, text-decoration: line-through): old prices, mostly. */
  struck: string[];
  images: HtmlImage[];
  links: HtmlLink[];
  jsonLd: string[];
  microdata: MicrodataItem[];
  /** The language the HTML declares (<html lang>, else <body lang>), as written. */
  lang: string | null;
}

/** How htmlparser2 reads a mail's HTML here; bench/extractionFloor.ts times the same. */
export const HTML_PARSER_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } as const;

const BLOCK_TAGS = new Set([
  "p", "div", "br", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "section", "article",
  "header", "footer", "center", "blockquote", "hr", "title", "dt", "dd", "pre", "tbody", "thead", "tfoot", "main", "aside",
]);
const CELL_TAGS = new Set(["td", "th"]);
/**
 * Elements a browser lays out as boxes of their own, so their text never runs into the next element's: buttons, and
 * inline elements styled as blocks or inline blocks ("<span style=display:block>SAVE30</span><span ...>Ends</span>").
 */
const BOX_TAGS = new Set(["button", "label", "select", "textarea", "figure", "figcaption", "nav", "address", "details", "summary", "legend", "fieldset"]);
const BLOCK_DISPLAY = /(?:^|;)\s*display\s*:\s*(?:block|flex|grid|table|list-item|table-row)\b/i;
const INLINE_BOX_DISPLAY = /(?:^|;)\s*display\s*:\s*(?:inline-block|inline-flex|inline-table|table-cell)\b/i;
/** A table header cell that names the column of codes. */
const CODE_COLUMN_HEADER = /^(?:(?:promo|coupon|discount|offer|voucher)\s+)?(?:codes?|coupons?)$|^c[oó]digo$|^gutschein(?:code)?$/i;
/** A word every such header holds. */
const MAY_NAME_CODE_COLUMN = /code|coupon|c[oó]digo|gutschein/i;

const SHORT_CELL_PIECES = 8;
/** Struck-through text is gathered when it is a price's length, and only this many of them per mail. */
const STRUCK_TEXT_CHARS = 40;
const MAX_STRUCK_TEXTS = 100;
const STRUCK_TAGS = new Set(["s", "del", "strike"]);
const LINE_THROUGH = /text-decoration[a-z-]*\s*:[^;]*\bline-through\b/i;
/** A code box holds a code: one with more text than this is a layout box, and its text is not gathered. */
const BOX_TEXT_CHARS = 200;
/** Enough of a link's text to tell a call to action from a footer link; a link around a whole section is not read in full. */
const LINK_TEXT_CHARS = 1_000;
/** Enough of a microdata property's text for any value the markup reader keeps. */
const PROPERTY_TEXT_CHARS = 2_000;

/** Where the renderer is inside one table: the current row's cell count and the code column, once a header names it. */
interface OpenTable {
  cellIndex: number;
  codeColumn: number | null;
}
// Word's <o:p> is an ordinary inline element to a browser (often left unclosed), so its text is read like a span's.
const SKIPPED_TAGS = new Set(["style", "head", "title", "noscript", "template", "svg", "xml"]);
const VOID_TAGS = new Set(["img", "br", "hr", "meta", "link", "input", "area", "base", "col", "embed", "source", "wbr"]);

/** What a tag name says of its element, by the sets above: one lookup a tag instead of one a set. */
const BLOCK = 1;
const CELL = 2;
const BOX = 4;
const VOID = 8;
const SKIPPED = 16;
const STRUCK = 32;
const TAG_KINDS: ReadonlyMap<string, number> = (() => {
  const kinds = new Map<string, number>();
  const mark = (names: ReadonlySet<string>, kind: number) => {
    for (const name of names) kinds.set(name, (kinds.get(name) ?? 0) | kind);
  };
  mark(BLOCK_TAGS, BLOCK);
  mark(CELL_TAGS, CELL);
  mark(BOX_TAGS, BOX);
  mark(VOID_TAGS, VOID);
  mark(SKIPPED_TAGS, SKIPPED);
  mark(STRUCK_TAGS, STRUCK);
  return kinds;
})();

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|mso-hide\s*:\s*all)/i;
const ZERO_HEIGHT = /(?:^|;)\s*max-height\s*:\s*0(?:px)?\s*(?:!important)?\s*(?:;|$)/i;
const ZERO_OPACITY = /(?:^|;)\s*opacity\s*:\s*0(?:\.0+)?\s*(?:!important)?\s*(?:;|$)/i;
const TINY_FONT = /(?:^|;)\s*font-size\s*:\s*[01](?:px)?\s*(?:!important)?\s*(?:;|$)/i;
const CODE_BOX_STYLE = /border[a-z-]*\s*:[^;]*\b(?:dashed|dotted)\b|letter-spacing\s*:\s*(?:[2-9]|1\d|0?\.[2-9]|1(?:\.\d+)?(?:px|em|pt))|font-family\s*:[^;]*\b(?:monospace|courier|consolas|menlo|monaco)\b/i;

/** Cheap pre-check: only styles mentioning one of these can hide an element. */
const MAY_HIDE = /none|hidden|max-height|opacity|font-size/i;
/** Cheap pre-check for code-box styles. */
const MAY_BOX = /dashed|dotted|letter-spacing|mono|courier|consolas|menlo/i;

function isHiddenStyle(style: string): boolean {
  if (!style || !MAY_HIDE.test(style)) return false;
  if (HIDDEN_STYLE.test(style)) return true;
  if (ZERO_HEIGHT.test(style) && /overflow\s*:\s*hidden/i.test(style)) return true;
  return ZERO_OPACITY.test(style) || (TINY_FONT.test(style) && /(?:color\s*:\s*transparent|line-height\s*:\s*[01](?:px)?\b)/i.test(style));
}

const STYLE_SIZE = {
  width: /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)px/i,
  height: /(?:^|;)\s*height\s*:\s*(\d+(?:\.\d+)?)px/i,
};

function pixelSize(attribute: string | undefined, style: string, property: "width" | "height"): number | null {
  const fromAttribute = attribute ? /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(attribute) : null;
  if (fromAttribute) return Number(fromAttribute[1]);
  const fromStyle = style ? STYLE_SIZE[property].exec(style) : null;
  return fromStyle ? Number(fromStyle[1]) : null;
}

/** Zero-width characters and soft hyphens that ESPs pad preheaders with: they render as nothing. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]|\u034f/g;

interface OpenElement {
  name: string;
  hidden: boolean;
  skipped: boolean;
  box: boolean;
  /** Index of the first visible piece inside this element. */
  boxStart: number;
  /** The element strikes its text through (a tag or a style of its own, not its parent's). */
  struck: boolean;
  /** Visible characters before this element, so that the length of its own text is known without joining it. */
  charsBefore: number;
  link: { href: string; start: number } | null;
  /** How the element separates its text from its neighbours' besides its tag: a line, a space, or not at all. */
  boundary: "line" | "space" | null;
  /** For a table cell: its table and its column. */
  cell: { table: OpenTable; column: number } | null;
  /** The innermost microdata item this element is in (its own, when it has itemscope). */
  item: MicrodataItem | null;
  /** An itemprop whose value is this element's text, and where that text starts. */
  textProperty: string | null;
  textStart: number;
  script: boolean;
}

const HAS_INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]|\u034f/;

/** Whitespace a browser would collapse: a run of two or more, or any single one other than a plain space. */
const COLLAPSIBLE = /[\s\u00a0]{2}|[^\S ]/;

const WHITESPACE_RUN = /[\s\u00a0]+/g;
const NOT_WHITESPACE = /\S/;

function collapse(text: string): string {
  const visibleOnly = HAS_INVISIBLE.test(text) ? text.replace(INVISIBLE, "") : text;
  return COLLAPSIBLE.test(visibleOnly) ? visibleOnly.replace(WHITESPACE_RUN, " ") : visibleOnly;
}

/**
 * Style blocks and comments (Outlook-only conditional blocks included) render nothing; dropping them first spares
 * the tokenizer. The "<!--[if !mso]><!-->" opener and "<!--<![endif]-->" closer are comments of their own, so
 * what they wrap stays. One left open runs to the end, as the parser would read it: a pattern that had to find its
 * end would search the rest of the HTML again from every later "<!--" (minutes for a megabyte of them).
 */
const UNRENDERED = /<style\b[^>]*(?:>[\s\S]*?(?:<\/style\s*>|$)|$)|<!--\[if\s+!mso\]><!-->|<!--(?!>)[\s\S]*?(?:-->|$)|<!-->/gi;

/** The link the innermost open element with one leads to. */
function innermostLink(stack: readonly OpenElement[]): OpenElement["link"] {
  for (let index = stack.length - 1; index >= 0; index--) if (stack[index]!.link) return stack[index]!.link;
  return null;
}

/** The start of the text of pieces[from...], up to about `max` characters. */
function joinUpTo(pieces: readonly string[], from: number, max: number): string {
  let text = "";
  for (let index = from; index < pieces.length && text.length < max; index++) text += pieces[index];
  return text;
}

/**
 * Renders HTML to the text a reader sees, in one pass. The parser calls back for each tag, so the walk keeps its own
 * stack; HTML nested deeper than INPUT_LIMITS.htmlDepth is refused, because the parser's own work grows with the square
 * of the depth (200,000 nested elements would take it minutes).
 */
export function renderHtml(html: string): RenderedHtml {
  const stack: OpenElement[] = [];
  // Pieces, not one growing string: reading the end of a concatenated string would flatten it every time.
  const visible: string[] = [];
  let visibleChars = 0;
  let endsWithNewline = true;
  let hidden = "";
  const boxes: string[] = [];
  const codeCells: string[] = [];
  const struck: string[] = [];
  const tables: OpenTable[] = [];
  const images: HtmlImage[] = [];
  const links: HtmlLink[] = [];
  const jsonLd: string[] = [];
  const microdata: MicrodataItem[] = [];
  let scriptText = "";
  let microText = "";
  let lang: string | null = null;

  const pushVisible = (text: string) => {
    if (text === "") return;
    visible.push(text);
    visibleChars += text.length;
    endsWithNewline = text.charCodeAt(text.length - 1) === 0x0a;
  };
  const top = (): OpenElement | undefined => stack[stack.length - 1];
  const currentItem = (): MicrodataItem | null => top()?.item ?? null;
  const append = (text: string) => {
    const element = top();
    if (element?.skipped) return;
    if (element?.hidden) hidden += text;
    else pushVisible(text);
  };
  const breakLine = () => {
    const element = top();
    if (element?.hidden) hidden += "\n";
    else if (!element?.skipped && !endsWithNewline) pushVisible("\n");
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (stack.length >= INPUT_LIMITS.htmlDepth) {
          throw new UnreadableMessageError(`The HTML nests elements more than ${INPUT_LIMITS.htmlDepth} deep`);
        }
        const parent = top();
        const kind = TAG_KINDS.get(name) ?? 0;
        const style = attributes.style ?? "";
        if (lang === null && (name === "html" || name === "body") && attributes.lang) lang = attributes.lang;
        const hiddenHere = (parent?.hidden ?? false) || isHiddenStyle(style) || "hidden" in attributes;
        // A declarative shadow root (<template shadowrootmode>) is rendered by browsers; other templates are not.
        const shadowRoot = name === "template" && ("shadowrootmode" in attributes || "shadowroot" in attributes);
        // A <head> opened inside <body> is ignored by browsers, and so is its missing end tag.
        const strayHead = name === "head" && stack.some((open) => open.name === "body");
        const skippedHere = (parent?.skipped ?? false) || ((kind & SKIPPED) !== 0 && !shadowRoot && !strayHead) || name === "script";
        const isJsonLd = name === "script" && /ld\+json/i.test(attributes.type ?? "");
        const scope = "itemscope" in attributes;
        const property = attributes.itemprop ?? null;
        let item: MicrodataItem | null = null;
        if (scope) {
          item = { type: (attributes.itemtype ?? "").replace(/^https?:\/\/schema\.org\//i, ""), properties: {} };
          const owner = currentItem();
          if (owner && property) owner.properties[property] = item;
          else microdata.push(item);
        } else if (property) {
          const owner = currentItem();
          const value = attributes.content ?? attributes.href ?? attributes.src ?? attributes.datetime;
          if (owner && value !== undefined) owner.properties[property] = value;
        }
        const display = style.includes("display");
        const boundary: OpenElement["boundary"] =
          kind & BLOCK
            ? null
            : display && BLOCK_DISPLAY.test(style)
              ? "line"
              : kind & BOX || (display && INLINE_BOX_DISPLAY.test(style))
                ? "space"
                : null;
        if (kind & BLOCK || boundary === "line") breakLine();
        else if (kind & CELL || boundary === "space") append(" ");
        if (name === "table") tables.push({ cellIndex: 0, codeColumn: null });
        else if (name === "tr" && tables.length > 0) tables[tables.length - 1]!.cellIndex = 0;
        const table = kind & CELL ? tables[tables.length - 1] : undefined;
        const element: OpenElement = {
          name,
          hidden: hiddenHere,
          skipped: skippedHere,
          box: style !== "" && MAY_BOX.test(style) && CODE_BOX_STYLE.test(style),
          struck: (kind & STRUCK) !== 0 || (style.includes("line-through") && LINE_THROUGH.test(style)),
          boundary,
          boxStart: visible.length,
          charsBefore: visibleChars,
          link: name === "a" && attributes.href ? { href: attributes.href, start: visible.length } : null,
          cell: table ? { table, column: table.cellIndex++ } : null,
          item: item ?? parent?.item ?? null,
          textProperty: !scope && property && !(attributes.content ?? attributes.href ?? attributes.src) ? property : null,
          textStart: microText.length,
          script: isJsonLd,
        };
        if (isJsonLd) scriptText = "";
        if (name === "img" && attributes.src) {
          const alt = collapse(attributes.alt ?? "").trim();
          images.push({
            url: attributes.src.trim(),
            width: pixelSize(attributes.width, style, "width"),
            height: pixelSize(attributes.height, style, "height"),
            alt,
            className: (attributes.class ?? "").slice(0, 200),
            linkHref: innermostLink(stack)?.href.trim() ?? null,
            textBefore: visibleChars,
          });
          if (alt) append(` ${alt} `);
        }
        if (name === "input" && attributes.value && !/^(?:hidden|submit|button|checkbox|radio)$/i.test(attributes.type ?? "text")) {
          append(` ${collapse(attributes.value).trim()} `);
        }
        if (!(kind & VOID)) stack.push(element);
      },
      ontext(data) {
        const element = top();
        if (element?.script) {
          scriptText += data;
          return;
        }
        if (!element) {
          pushVisible(collapse(data));
          return;
        }
        if (element.item) microText += data;
        if (element.skipped) return;
        // Whitespace between tags is most of an ESP email's text nodes: it renders as one space.
        append(NOT_WHITESPACE.test(data) ? collapse(data) : " ");
      },
      onclosetag(name) {
        const kind = TAG_KINDS.get(name) ?? 0;
        if (kind & VOID) {
          if (kind & BLOCK) breakLine();
          return;
        }
        const element = stack.pop();
        if (!element) return;
        if (element.script) jsonLd.push(scriptText);
        if (element.textProperty) {
          const owner = currentItem();
          if (owner) {
            owner.properties[element.textProperty] = collapse(microText.slice(element.textStart, element.textStart + PROPERTY_TEXT_CHARS)).trim();
          }
        }
        if (element.box && !element.hidden && visibleChars - element.charsBefore <= BOX_TEXT_CHARS) {
          const boxText = collapse(visible.slice(element.boxStart).join("")).trim();
          if (boxText) boxes.push(boxText);
        }
        if (element.struck && !element.hidden && struck.length < MAX_STRUCK_TEXTS && visibleChars - element.charsBefore <= STRUCK_TEXT_CHARS) {
          const struckText = collapse(visible.slice(element.boxStart).join("")).trim();
          if (struckText) struck.push(struckText);
        }
        // A header or code cell holds a few words; the layout cells around whole sections are never read.
        if (element.cell && !element.hidden && visible.length - element.boxStart <= SHORT_CELL_PIECES) {
          const { table, column } = element.cell;
          // Only a header naming codes, or a cell below one, is read; a cell's pieces are already collapsed, so a
          // header's words are in them as written.
          const cellPieces = visible.slice(element.boxStart).join("");
          if (table.codeColumn === null ? MAY_NAME_CODE_COLUMN.test(cellPieces) : table.codeColumn === column) {
            const cellText = collapse(cellPieces).trim();
            if (table.codeColumn === null && CODE_COLUMN_HEADER.test(cellText)) table.codeColumn = column;
            else if (table.codeColumn === column && cellText) codeCells.push(cellText);
          }
        }
        if (name === "table") tables.pop();
        if (element.link) {
          links.push({ href: element.link.href.trim(), text: collapse(joinUpTo(visible, element.link.start, LINK_TEXT_CHARS)).trim() });
        }
        if (kind & BLOCK || element.boundary === "line") breakLine();
        else if (kind & CELL || element.boundary === "space") append(" ");
      },
    },
    HTML_PARSER_OPTIONS,
  );
  parser.write(html.replace(UNRENDERED, ""));
  parser.end();

  return { text: tidyLines(visible.join("")), hiddenText: tidyLines(hidden), boxes, codeCells, struck, images, links, jsonLd, microdata, lang };
}

/** Trims each line and drops empty ones, so text reads line by line. */
const SPACE_RUN = / {2,}/g;

export function tidyLines(text: string): string {
  let tidy = "";
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (tidy !== "") tidy += "\n";
    tidy += trimmed.includes("  ") ? trimmed.replace(SPACE_RUN, " ") : trimmed;
  }
  return tidy;
}
