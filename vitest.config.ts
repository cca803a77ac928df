import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser tests each start Chromium; two at a time fits the 2-core machines this runs on.
    maxWorkers: 2,
    globalSetup: ["tests/helpers/compile-cli.ts"],
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
  },
});
