/** Text from deals (which came from someone else's email) made safe to put in our emails. */

// Control characters and the bidirectional overrides that could make a line read as something it is not.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]+/g;

/** One line of plain text: unsafe characters and runs of spaces made one space, cut at `maxLength` with an ellipsis. */
export function cleanLine(text: string, maxLength: number): string {
  const line = text.replace(UNSAFE_CHARACTERS, " ").replace(/\s+/g, " ").trim();
  if (line.length <= maxLength) return line;
  return `${Array.from(line).slice(0, maxLength - 1).join("").trimEnd()}…`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Cleaned and escaped: the only way deal text enters an HTML email. */
export const htmlLine = (text: string, maxLength: number) => escapeHtml(cleanLine(text, maxLength));
