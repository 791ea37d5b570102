import { chmodSync, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes the data folder private to this user: it and every folder in it 0700, and the files we write at its top
 * (keys, secrets) 0600. Files deeper down belong to the database, which creates them 0666; the 0700 folders above
 * them already keep other users out. Answers the paths whose mode was looser, so the caller can say so.
 */
export function makeDataFolderPrivate(root: string): string[] {
  if (!existsSync(root)) return [];
  const loosened: string[] = [];
  const tighten = (path: string, mode: number) => {
    if ((statSync(path).mode & 0o777 & ~mode) === 0) return;
    chmodSync(path, mode);
    loosened.push(path);
  };
  tighten(root, PRIVATE_FOLDER);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile()) tighten(join(root, entry.name), PRIVATE_FILE);
  }
  // Iterative, so a deep tree cannot exhaust the stack.
  const folders = [root];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(folder, entry.name);
      tighten(path, PRIVATE_FOLDER);
      folders.push(path);
    }
  }
  return loosened;
}
