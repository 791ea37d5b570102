#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure: types, lint, unit and machine tests, server
// integration tests, the Storybook build, and the end-to-end tests in Chromium.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]],
  ["lint", "npx", ["eslint", "."]],
  ["unit and machine tests", "npx", ["vitest", "run", "--project", "unit"]],
  ["server integration tests", "npx", ["vitest", "run", "--project", "server"]],
  ["storybook build", "npx", ["storybook", "build", "--quiet", "-o", "storybook-static"]],
  ["browser", "node", ["scripts/ensure-chromium.mjs"]],
  ["web app build", "npx", ["vite", "build", "--logLevel", "warn"]],
  ["end-to-end tests", "npx", ["vitest", "run", "--project", "e2e"]],
];

let passed = 0;
for (const [name, command, args] of steps) {
  console.info(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds}s`);
    console.info(`${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  console.info(`=== ${name} passed in ${seconds}s`);
  passed++;
}
console.info(`\nAll ${steps.length} steps passed.`);
