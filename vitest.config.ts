import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    // A guard against a hang, not a speed check: CI machines are shared, and a test that builds and drives Chromium can take half a minute there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Browser tests each start Chromium; two at a time fits the 2-core machines this runs on.
    maxWorkers: 2,
    globalSetup: ["tests/helpers/compile-cli.ts"],
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
  },
});
