import { serveAxeFrom } from "./axe.js";
import { buildSite, type BuildResult } from "../../src/pipeline/build-site.js";
import { startServer } from "../../src/serve/start-server.js";
import { copySampleSite, type SiteCopy } from "./sample-site.js";

export interface ServedSite {
  /** The site's address with its base path, e.g. http://127.0.0.1:41234/ */
  url: string;
  origin: string;
  site: SiteCopy;
  build: BuildResult;
  close: () => Promise<void>;
}

/** Builds a copy of the sample site (changed first by `prepare`, if given; from the warm cache) and serves it on 127.0.0.1. */
export async function serveSampleSite(
  options: {
    prepare?: (site: SiteCopy) => Promise<void>;
    base?: string;
    env?: Record<string, string>;
    /** False for a large site whose tests need no compressed copies: its build is then much shorter. */
    precompress?: boolean;
    /** A site of tests/fixtures/sites/ instead of the sample. */
    fixture?: string;
  } = {},
): Promise<ServedSite> {
  const site = await copySampleSite({ warmCache: true, fixture: options.fixture });
  await options.prepare?.(site);
  const build = await buildSite({
    cwd: site.root,
    env: options.env ?? {},
    base: options.base,
    precompress: options.precompress,
  });
  const server = await startServer({ root: build.outDir, base: build.config.site.base, port: 0, host: "127.0.0.1" });
  serveAxeFrom(server.url, build.outDir);
  return {
    url: server.url,
    origin: new URL(server.url).origin,
    site,
    build,
    close: async () => {
      await server.close();
      await site.remove();
    },
  };
}
