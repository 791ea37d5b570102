import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readMbox } from "../../emulator/mbox";

/** One raw message read from disk, named by its file (and position, inside an mbox). */
export interface MessageFile {
  file: string;
  raw: Uint8Array | string;
}

function isMessageFile(path: string): boolean {
  return /\.(?:eml|mbox)$/i.test(path);
}

/** Expands paths (files or folders) into .eml and .mbox files, sorted by name within each folder. */
export function listMessageFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        const child = join(path, name);
        if (statSync(child).isDirectory()) files.push(...listMessageFiles([child]));
        else if (isMessageFile(child)) files.push(child);
      }
    } else files.push(path);
  }
  return files;
}

/** Every message in the given paths: each .eml whole, each mbox message by index. */
export function* readMessages(paths: readonly string[]): Generator<MessageFile> {
  for (const file of listMessageFiles(paths)) {
    if (/\.mbox$/i.test(file)) {
      let index = 0;
      for (const message of readMbox(readFileSync(file, "latin1"))) {
        index++;
        yield { file: `${file}#${index}`, raw: Buffer.from(message.raw, "latin1") };
      }
    } else {
      yield { file, raw: readFileSync(file) };
    }
  }
}
