import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import type { ResolvedConfig } from "../src/config/config-schema.js";
import { analyticsScript } from "../src/integrations/page-integrations.js";
import { cspOrigin } from "../src/integrations/csp-origin.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 37, findings 5, 8, 9, 11 and 15: what the build reads from outside the owner's own text
 * (GitHub's answers, a font file, the hosts of the analytics service, the owner's CSS) is capped
 * and checked before anything decodes, keeps or publishes it.
 */

let site: SiteCopy;
let originalConfig: string;
beforeAll(async () => {
  site = await copySampleSite();
  originalConfig = await site.read("portfolio.config.ts");
});
afterAll(async () => {
  await site.remove();
});

/** The sample's config with `settings` added at its end. */
async function configWith(settings: string): Promise<void> {
  await site.write("portfolio.config.ts", originalConfig.replace(/\n\}\);\s*$/, `\n  ${settings}\n});\n`));
}

// ── Finding 11: the analytics service's hosts go into every page's policy ──────────────────────

describe("an analytics host is a host name, never a wildcard or a piece of policy (finding 11)", () => {
  it.each([
    ["plausible", "src", `plausible: { domain: "ada.dev", src: "https://*/js/script.js" }`],
    ["plausible", "api", `plausible: { domain: "ada.dev", api: "https://stats.ada.dev;script-src/api/event" }`],
    [
      "umami",
      "src",
      `umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f", src: "https://*.umami.is/script.js" }`,
    ],
    [
      "umami",
      "hostUrl",
      `umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f", hostUrl: "https://a.dev,b.dev" }`,
    ],
    ["goatcounter", "endpoint", `goatcounter: { endpoint: "https://ada.goatcounter.com'/count" }`],
    ["goatcounter", "src", `goatcounter: { endpoint: "https://ada.goatcounter.com/count", src: "https://[::1]/c.js" }`],
  ])("refuses %s.%s with a config error naming the field", async (service, field, settings) => {
    await configWith(`analytics: { ${settings} },`);
    const error = await loadConfig({ cwd: site.root, env: {} }).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.name).toBe("ConfigInvalid");
    expect(error?.message).toContain(`analytics.${service}.${field}: expected`);
    expect(error?.message).toContain("a host name");
  });

  it("still takes an https address with a port, and writes only its origin", async () => {
    await configWith(
      `analytics: { umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f", src: "https://Stats.Ada.dev:8443/u/script.js" } },`,
    );
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const script = analyticsScript(config.analytics);
    expect(script?.scriptOrigin).toBe("https://stats.ada.dev:8443");
    expect(script?.eventsOrigin).toBe("https://stats.ada.dev:8443");
  });

  it("never hands the policy a host the schema would refuse, even when the schema is bypassed", () => {
    const unchecked = {
      plausible: { domain: "ada.dev", src: "https://*/js/script.js" },
    } as ResolvedConfig["analytics"];
    expect(() => analyticsScript(unchecked)).toThrow(/not an https address of a host name/);
    for (const address of [
      "https://*",
      "https://a.dev;script-src",
      "https://a.dev,b.dev",
      "http://a.dev",
      "https://a'b",
    ])
      expect(() => cspOrigin(address), address).toThrow();
    expect(cspOrigin("https://giscus.app/widget")).toBe("https://giscus.app");
  });
});
