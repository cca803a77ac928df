import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { fediverseCreator } from "../src/render/fediverse-creator.js";
import { copySampleSite } from "./helpers/sample-site.js";

const link = (url: string, icon: "mastodon" | "github" = "mastodon") =>
  ({ kind: "other", label: "Mastodon", url, icon }) as const;

describe("fediverse:creator", () => {
  it.each([
    ["https://mastodon.social/@maya", "@maya@mastodon.social"],
    ["https://hachyderm.io/@ada_l/", "@ada_l@hachyderm.io"],
    ["https://fosstodon.org/users/ada", "@ada@fosstodon.org"],
    ["https://mastodon.social/@maya/112233", undefined],
    ["https://mastodon.social/", undefined],
    ["http://mastodon.social/@maya", undefined],
  ])("reads %s as %s", (url, handle) => {
    expect(fediverseCreator([link(url)])).toBe(handle);
  });

  it("takes the first Mastodon link of social, and no other kind of link", () => {
    expect(fediverseCreator([link("https://github.com/@maya", "github")])).toBeUndefined();
    expect(
      fediverseCreator([
        link("https://github.com/maya", "github"),
        link("https://a.example/@one"),
        link("https://b.example/@two"),
      ]),
    ).toBe("@one@a.example");
  });

  it("is in the head of every page of a site whose social links have a Mastodon profile, and of none without", async () => {
    const site = await copySampleSite({ warmCache: true });
    try {
      const pagesOf = async (outDir: string) =>
        (await readdir(outDir, { recursive: true }))
          .filter((file) => file.endsWith(".html"))
          .map((file) => path.join(outDir, file));
      const without = await buildSite({ cwd: site.root, env: {} });
      for (const file of await pagesOf(without.outDir))
        expect(await readFile(file, "utf8"), file).not.toContain("fediverse:creator");

      const config = await site.read("portfolio.config.ts");
      await site.write(
        "portfolio.config.ts",
        config.replace(
          "  social: [",
          '  social: [\n    { kind: "other", label: "Mastodon", url: "https://mastodon.social/@maya_okafor", icon: "mastodon" },',
        ),
      );
      const built = await buildSite({ cwd: site.root, env: {} });
      const pages = await pagesOf(built.outDir);
      expect(pages.length).toBeGreaterThan(10);
      for (const file of pages)
        expect(await readFile(file, "utf8"), file).toContain(
          '<meta name="fediverse:creator" content="@maya_okafor@mastodon.social">',
        );
    } finally {
      await site.remove();
    }
  });
});
