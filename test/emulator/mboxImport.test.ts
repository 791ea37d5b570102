import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GoogleEmulator, startGoogleEmulator } from "../../emulator/googleEmulator";
import { loadMbox, MboxImportError } from "../../emulator/mailboxLoader";
import { readMbox } from "../../emulator/mbox";
import { accessTokenFor, CLIENT } from "./oauthDriver";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** A Takeout mbox of `count` messages, each with these Takeout labels and a body of about `bodyBytes`. */
function takeoutMbox(count: number, labels: string, bodyBytes = 200): string {
  const filler = "Everything in the shop is on sale this week, with free shipping over $50.\r\n".repeat(Math.ceil(bodyBytes / 76));
  return Array.from({ length: count }, (_, index) =>
    [
      `From ${1793268000000000000 + index}@xxx Mon Nov 02 13:00:05 +0000 2026`,
      `X-GM-THRID: ${1793268000000000000 + index}`,
      `X-Gmail-Labels: ${labels}`,
      `From: "Harbor Kites" <news@mail.harborkites.test>`,
      `Subject: Offer ${index}`,
      "Date: Mon, 02 Nov 2026 08:00:00 -0500",
      "Content-Type: text/plain; charset=utf-8",
      "",
      `Use code WIND${index}.`,
      ">From the shore to the sky.",
      filler,
    ].join("\r\n"),
  ).join("\r\n");
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "emulator-mbox-import-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function mboxFile(name: string, content: string | Buffer): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

/** Reads every message of the demo mailbox once with messages.get, answering the statuses seen. */
async function getEveryMessage(emulator: GoogleEmulator): Promise<number[]> {
  const { accessToken } = await accessTokenFor(emulator.baseUrl);
  const headers = { authorization: `Bearer ${accessToken}` };
  const list = (await (await fetch(`${emulator.baseUrl}/gmail/v1/users/me/messages?maxResults=500`, { headers })).json()) as { messages: { id: string }[] };
  const statuses: number[] = [];
  for (const { id } of list.messages) statuses.push((await fetch(`${emulator.baseUrl}/gmail/v1/users/me/messages/${id}?format=minimal`, { headers })).status);
  return statuses;
}

describe("a person's own mbox, imported locally", () => {
  // Google's 6000 units a minute allow 300 messages.get at once, then 5 a second: 320 shows the quota is off.
  const MESSAGES = 320;

  it("is served without the quota, so an import goes as fast as the machine", async () => {
    const path = await mboxFile("promotions.mbox", takeoutMbox(MESSAGES, "Inbox,Category Promotions"));
    const emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT], demoMboxPath: path });
    try {
      expect(emulator.quotaUnitsPerMinute).toBe(0);
      expect(emulator.demoMailbox).toEqual({ mboxPath: path, messages: MESSAGES, promotions: MESSAGES });
      expect(new Set(await getEveryMessage(emulator))).toEqual(new Set([200]));
    } finally {
      await emulator.close();
    }
  });

  it("keeps a quota when one is asked for, as the tests of pacing do", async () => {
    const path = await mboxFile("paced.mbox", takeoutMbox(5, "Category Promotions"));
    // 85 units a minute: messages.list (5), four messages.get (20 each), then 429.
    const emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT], demoMboxPath: path, quotaUnitsPerMinute: 85 });
    try {
      expect(emulator.quotaUnitsPerMinute).toBe(85);
      expect(await getEveryMessage(emulator)).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await emulator.close();
    }
  });

  it("leaves Google's quota on the shipped demo mailbox", async () => {
    const emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT] });
    try {
      expect(emulator.quotaUnitsPerMinute).toBe(6000);
      expect(emulator.demoMailbox).toMatchObject({ mboxPath: null, promotions: 40 });
    } finally {
      await emulator.close();
    }
  });

  it("says at start when no message is labelled Promotions, since a sync would find nothing", async () => {
    const path = await mboxFile("inbox-only.mbox", takeoutMbox(1234, "Inbox,Opened", 0) + "\r\n" + takeoutMbox(2, "Category Promotions,Trash", 0));
    const warnings: string[] = [];
    const emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT], demoMboxPath: path, warn: (line) => warnings.push(line) });
    await emulator.close();
    expect(emulator.demoMailbox).toEqual({ mboxPath: path, messages: 1236, promotions: 0 });
    expect(warnings).toEqual([
      `${path} has 1,236 messages but none is labelled Promotions (Takeout's X-Gmail-Labels header names it "Category Promotions"), ` +
        "so a sync finds no deals. Export all of your mail with Google Takeout (an export of chosen labels may leave the category out), " +
        'or add the header "X-Gmail-Labels: Category Promotions" to the messages to scan.',
    ]);
  });

  it("says nothing when some message is labelled Promotions", async () => {
    const path = await mboxFile("mixed.mbox", takeoutMbox(3, "Inbox") + "\r\n" + takeoutMbox(1, "Inbox,Category Promotions"));
    const warnings: string[] = [];
    const emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT], demoMboxPath: path, warn: (line) => warnings.push(line) });
    await emulator.close();
    expect(emulator.demoMailbox.promotions).toBe(1);
    expect(warnings).toEqual([]);
  });

  it("reads an export larger than one read, cut only between messages, as the whole text reads", async () => {
    // About 12 MB: three reads of 4 MB, so cuts fall inside messages and must move to the separator before them.
    const text = takeoutMbox(3000, "Category Promotions", 4000);
    const path = await mboxFile("large.mbox", text);
    const entries = await loadMbox(path);
    const whole = [...readMbox(text)];
    expect(entries).toHaveLength(3000);
    expect(entries.map((entry) => entry.raw.toString("latin1"))).toEqual(whole.map((message) => message.raw));
    expect(entries[2999]!.raw.toString("latin1")).toContain("\r\nFrom the shore to the sky.");
  });
});

describe("an mbox that cannot be served", () => {
  it.each([
    ["a missing file", async () => join(folder, "nowhere.mbox"), /^Cannot read the mbox .*nowhere\.mbox: there is no such file\.$/],
    ["a folder", async () => { const path = join(folder, "Takeout"); await mkdir(path, { recursive: true }); return path; }, /^Cannot read the mbox .*Takeout: it is a folder; give the \.mbox file inside it\.$/],
    ["an empty file", () => mboxFile("empty.mbox", ""), /^.*empty\.mbox holds no messages: an mbox starts each message with a "From " line\. Google Takeout delivers a \.zip/],
    ["Takeout's archive itself", () => mboxFile("takeout.zip", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])), /takeout\.zip holds no messages/],
  ])("refuses %s with a message that says what to do", async (_, makePath, message) => {
    const path = await makePath();
    const start = startGoogleEmulator({ port: 0, clients: [CLIENT], demoMboxPath: path });
    await expect(start).rejects.toBeInstanceOf(MboxImportError);
    await expect(start).rejects.toThrow(message);
  });
});

describe("npm run emulator with DEMO_MBOX", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  /** Runs `emulator/main.ts` as `npm run emulator` does, until it listens or exits; answers what it printed. */
  function runStandalone(env: Record<string, string>): Promise<{ stdout: string; stderr: string; exitCode: number | null }> {
    child = spawn(process.execPath, ["--import", "tsx", "emulator/main.ts"], { cwd: root, env: { ...process.env, EMULATOR_PORT: "0", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    return new Promise((resolve) => {
      let stdout = "";
      let stderr = "";
      child!.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child!.stdout!.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes("listening on")) resolve({ stdout, stderr, exitCode: null });
      });
      child!.on("exit", (exitCode) => resolve({ stdout, stderr, exitCode }));
    });
  }

  it("stops with the reason and no stack trace when the file cannot be read", async () => {
    const missing = join(folder, "missing.mbox");
    const result = await runStandalone({ DEMO_MBOX: missing });
    expect(result.exitCode).toBe(1);
    expect(result.stderr.trim()).toBe(`Cannot read the mbox ${missing}: there is no such file.`);
  });

  it("prints the missing-Promotions warning and serves the file anyway", async () => {
    const path = await mboxFile("standalone.mbox", takeoutMbox(2, "Inbox", 0));
    const result = await runStandalone({ DEMO_MBOX: path });
    expect(result.exitCode).toBeNull();
    expect(result.stderr).toContain(`${path} has 2 messages but none is labelled Promotions`);
    const baseUrl = /listening on (http:\/\/\S+)/.exec(result.stdout)![1]!;
    expect((await fetch(`${baseUrl}/.well-known/openid-configuration`)).status).toBe(200);
  });
});
