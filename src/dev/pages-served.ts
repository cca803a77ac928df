/** The longest the work a build leaves for after its pages waits for the open pages to fetch them. */
export const pageFetchLimitMs = 300;

/**
 * Counts the pages served, for the work a build leaves for later to wait until the open pages have
 * fetched what it changed: run while they fetch, it would delay them (writing a cache of the content
 * blocks for tens of milliseconds on a large blog). A page that never asks is waited for no longer than
 * `pageFetchLimitMs`.
 */
export function pagesServedTracker(): { wait: (pages: number) => Promise<void>; count: () => void } {
  let waiting: { left: number; done: () => void } | undefined;
  return {
    wait: (pages) =>
      new Promise<void>((resolve) => {
        if (pages === 0) return resolve();
        const done = () => {
          clearTimeout(timer);
          if (waiting?.done === done) waiting = undefined;
          resolve();
        };
        const timer = setTimeout(done, pageFetchLimitMs);
        waiting = { left: pages, done };
      }),
    count: () => {
      const current = waiting;
      // Once this page's response has been handed to its socket.
      if (current && --current.left === 0) setImmediate(current.done);
    },
  };
}
