import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { zipSync, type Zippable } from "fflate";
import type { ExtensionPackage } from "../application/extension";

/** The build writes this file last, naming the Deal Finder address it was built for; without it there is no build. */
export const BUILD_INFO_FILE = "build-info.json";

/** A server configured without the extension: its download answers that it is not built. */
export const NO_EXTENSION_PACKAGE: ExtensionPackage = { zip: async () => null };

/**
 * The unpacked extension in a folder, zipped on first request and kept until the folder is built again (its build
 * file changes), so a rebuild is served without restarting the server.
 */
export class ZippedExtensionFolder implements ExtensionPackage {
  /** The zip of the build last seen, shared by the requests that come while it is made. */
  private cached: { builtAtMs: number; zip: Promise<Uint8Array> } | null = null;

  constructor(private readonly folder: string) {}

  async zip(): Promise<Uint8Array | null> {
    const builtAtMs = await stat(join(this.folder, BUILD_INFO_FILE)).then(
      (info) => info.mtimeMs,
      () => null,
    );
    if (builtAtMs === null) return null;
    if (this.cached?.builtAtMs !== builtAtMs) {
      // About 0.2 s for a 1.5 MB build, once per build.
      const zip = this.files().then((files) => zipSync(files));
      this.cached = { builtAtMs, zip };
      // A build being rewritten can fail to read: the next request tries again.
      zip.catch(() => {
        if (this.cached?.zip === zip) this.cached = null;
      });
    }
    return this.cached.zip;
  }

  /** Every regular file below the folder by its path inside the zip; links are left out, so nothing outside it is read. */
  private async files(): Promise<Zippable> {
    const entries = await readdir(this.folder, { recursive: true, withFileTypes: true });
    const files: Zippable = {};
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files[relative(this.folder, path).split(sep).join("/")] = await readFile(path);
    }
    return files;
  }
}
