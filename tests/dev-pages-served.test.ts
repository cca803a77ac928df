import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageFetchLimitMs, pagesServedTracker } from "../src/dev/pages-served.js";

/** Whether `promise` has settled once every timer due by now has run. */
async function settledNow(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe("the work a dev build leaves for after its pages", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits until every page told of the build has been served", async () => {
    const served = pagesServedTracker();
    const waiting = served.wait(2);
    served.count();
    expect(await settledNow(waiting)).toBe(false);
    served.count();
    expect(await settledNow(waiting)).toBe(true);
  });

  it("waits for no page when none was told, and counts no page served before it waited", async () => {
    const served = pagesServedTracker();
    expect(await settledNow(served.wait(0))).toBe(true);
    served.count();
    const waiting = served.wait(1);
    expect(await settledNow(waiting)).toBe(false);
    served.count();
    expect(await settledNow(waiting)).toBe(true);
  });

  it("waits no longer than the limit for a page that never asks", async () => {
    const served = pagesServedTracker();
    const waiting = served.wait(3);
    served.count();
    await vi.advanceTimersByTimeAsync(pageFetchLimitMs - 1);
    expect(await settledNow(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(waiting)).toBe(true);
    // A page served after that belongs to no wait.
    served.count();
    expect(await settledNow(served.wait(1))).toBe(false);
  });
});
