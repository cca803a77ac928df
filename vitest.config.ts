import { defineConfig } from "vitest/config";

/** Test files that replace a module with vi.mock: a module another file has loaded in the same worker would not be replaced. */
const mocking = ["tests/hardening-feeds.test.ts", "tests/hardening-naming.test.ts", "tests/hardening-remote.test.ts"];

export default defineConfig({
  test: {
    // A guard against a hang, not a speed check: CI machines are shared, and a test that builds and drives Chromium can take half a minute there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Browser tests each start Chromium; two at a time fits the 2-core machines this runs on.
    maxWorkers: 2,
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: { name: "isolated", include: mocking, isolate: true },
      },
      {
        extends: true,
        // Test files share a worker's loaded modules (the engine, React, zod, Shiki) instead of loading
        // them again for each file, which was a tenth of the suite's time. Nothing here keeps state in
        // a module: each file makes its own sites, servers and browsers.
        test: {
          name: "shared",
          // Here only: a project inherits the root's global setup, and each would run it. It runs
          // before any test of either project.
          globalSetup: ["tests/helpers/compile-cli.ts"],
          include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
          exclude: mocking,
          isolate: false,
        },
      },
    ],
  },
});
