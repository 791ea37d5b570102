import type { FastifyInstance } from "fastify";

/**
 * "METHOD /path" of every route the app has, read from Fastify's printed route tree (HEAD is Fastify's automatic twin
 * of GET). The tree with common prefixes, not the flat one: the flat one prints a wildcard route without its parents.
 */
export function routesOf(app: FastifyInstance): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes().split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? "") + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(", ") ?? []) if (method !== "HEAD") routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
