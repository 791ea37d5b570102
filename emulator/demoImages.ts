import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

const FOLDER = fileURLToPath(new URL("./demo-images/", import.meta.url));
/** Only the drawn files: a name, never a path. */
const IMAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.png$/;

/**
 * GET /demo-images/NAME.png: the demo mailbox's logos and offer banners (demo-images/README.md), which its mail
 * names by the emulator's address ({{emulator}}), so the demo's images load as a sender's would.
 */
export function registerDemoImages(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>("/demo-images/:name", async (request, reply) => {
    const { name } = request.params;
    const bytes = IMAGE_NAME.test(name) ? await readFile(join(FOLDER, name)).catch(() => null) : null;
    if (!bytes) return reply.code(404).type("text/plain; charset=utf-8").send("No such demo image.");
    return reply.type("image/png").header("cache-control", "public, max-age=86400").send(bytes);
  });
}
