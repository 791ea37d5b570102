import { describe, expect, it } from "vitest";
import { parseMessage } from "../../../server/extraction/mime";

/** A one-part message whose body is given as written on the wire. */
function onePart(encoding: string, body: string, charset = "utf-8"): Buffer {
  const head = [
    "From: Tallow & Tin <news@tallowtin.example.com>",
    "Subject: Decoding",
    "Date: Thu, 12 Mar 2026 10:00:00 -0400",
    `Content-Type: text/plain; charset=${charset}`,
    `Content-Transfer-Encoding: ${encoding}`,
  ].join("\r\n");
  return Buffer.from(`${head}\r\n\r\n${body}`, "latin1");
}

describe("parseMessage: quoted-printable", () => {
  it("decodes escapes in either case, joins soft breaks and keeps a line break after a hard one", async () => {
    const message = await parseMessage(onePart("quoted-printable", "Caf=C3=A9 =3d 20% off with co=\r\nde BREW20\r\nSecond line"));
    expect(message.text).toBe("Café = 20% off with code BREW20\nSecond line\n");
  });

  it("keeps an '=' that starts no escape, and one too near the line's end to start one", async () => {
    const message = await parseMessage(onePart("quoted-printable", "a=ZZb =4\r\nend =\r\n"));
    expect(message.text).toBe("a=ZZb =4\nend ");
  });

  it("reads a part longer than its first buffer, in the part's own charset", async () => {
    const line = `${"=E9t=E9 ".repeat(40)}=\r\n`;
    const message = await parseMessage(onePart("quoted-printable", line.repeat(40), "iso-8859-1"));
    expect(message.text).toBe("été ".repeat(1600));
  });
});

describe("parseMessage: base64", () => {
  it("decodes across line breaks and ignores stray bytes", async () => {
    const encoded = Buffer.from("Use code SPRING15 for 15% off", "utf8").toString("base64");
    const wrapped = `${encoded.slice(0, 10)}\r\n ${encoded.slice(10, 20)}\u00e9\r\n${encoded.slice(20)}`;
    expect((await parseMessage(onePart("base64", wrapped))).text).toBe("Use code SPRING15 for 15% off");
  });

  it("reads a unit padded in mid-body as its own, as mailers that pad every line write it", async () => {
    const body = `${Buffer.from("Hi ").toString("base64")}\r\n${Buffer.from("there").toString("base64")}`;
    expect(body).toContain("=");
    expect((await parseMessage(onePart("base64", body))).text).toBe("Hi there");
  });

  it("drops a unit's one-character remainder, which carries no byte", async () => {
    expect((await parseMessage(onePart("base64", "SGk=Q"))).text).toBe("Hi");
  });
});
