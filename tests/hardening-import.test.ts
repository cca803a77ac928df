import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { codeString, configSnippet } from "../src/import/config-snippet.js";
import { completeResume } from "./fixtures/json-resume.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 23, finding 2: `portfolio import` prints the résumé's basics as TypeScript for the owner
 * to paste into portfolio.config.ts, which runs at every build. A value that could end its line
 * (or its `//` comment) would make the résumé's author the author of the owner's config.
 */

let site: SiteCopy;
let marker: string;
beforeEach(async () => {
  site = await copySampleSite();
  marker = path.join(tmpdir(), `portfolio-snippet-ran-${process.pid}-${Date.now()}`);
});
afterEach(async () => {
  await site.remove();
  await rm(marker, { force: true });
});

/** Code that leaves `marker` behind if it ever runs, as the config does at every build. */
const payload = (marker: string) =>
  `import("node:child_process").then((c) => c.execSync(${JSON.stringify(`touch ${marker}`)}));`;

/** Every way a value can end a line of JavaScript, or a comment or string, around the payload. */
const breakouts = (marker: string) => [
  `https://evil.example/a.jpg\n${payload(marker)}\n//`,
  `https://evil.example/a.jpg\r${payload(marker)}\r//`,
  `https://evil.example/a.jpg\u2028${payload(marker)}\u2028//`,
  `https://evil.example/a.jpg\u2029${payload(marker)}\u2029//`,
  `"; ${payload(marker)} //`,
  `\\"; ${payload(marker)} //`,
  `*/ ${payload(marker)} /*`,
  `\`; ${payload(marker)} \``,
];

describe("the config snippet of portfolio import", () => {
  it("keeps every hostile basics.image inside its comment, and the code never runs when the snippet is pasted and built", async () => {
    const resume = { ...completeResume, basics: { ...completeResume.basics, image: breakouts(marker).join(" ") } };
    await writeFile(path.join(site.root, "resume.json"), JSON.stringify(resume));
    for (const part of ["education", "experience", "skills.md", "certificates.md", "languages.md"])
      await rm(path.join(site.root, "content/resume", part), { recursive: true });
    const { code, stdout } = await portfolioInProcess(site.root, ["import", "resume.json", "--force"]);
    expect(code).toBe(0);
    const snippet = stdout.slice(stdout.indexOf("  // From"));
    expect(snippet).toContain("// photo: basics.image is");

    // The owner pastes it, as README says, into the config (here beside the config object).
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", `${config}\nexport const pasted = {\n${snippet}\n};\n`);
    await buildSite({ cwd: site.root, env: {} });
    expect(existsSync(marker)).toBe(false);
  });

  it("writes each value as a literal that reads back exactly, in fields, labels, addresses and comments", () => {
    const hostile = breakouts(marker);
    const snippet = configSnippet(
      {
        name: hostile[0],
        label: hostile[2],
        email: hostile[4],
        phone: hostile[6],
        url: hostile[1],
        image: hostile[3],
        location: { city: hostile[5] },
        profiles: [{ network: hostile[7], url: `https://x.example/${hostile[2]}` }],
      },
      hostile[0]!,
    )!;
    // Every line of the snippet is a whole line: no value has split one.
    for (const line of snippet.split("\n"))
      expect(line).toMatch(
        /^ {2}(\/\/ From "|site: \{|owner: \{|social: \[|\}|\]| {2}\/\/ photo: basics\.image is "| {2}[a-zA-Z]+: "| {2}\{ kind: ")/,
      );
    expect(snippet).not.toMatch(/[\r\u2028\u2029]/);
    const pasted = new Function(`return {\n${snippet}\n};`)() as {
      site: { url: string };
      owner: Record<string, string>;
      social: Array<{ label: string; url: string }>;
    };
    expect(pasted.site.url).toBe(hostile[1]);
    expect(pasted.owner).toEqual({
      name: hostile[0],
      jobTitle: hostile[2],
      email: hostile[4],
      phone: hostile[6],
      location: hostile[5],
    });
    expect(pasted.social[0]).toMatchObject({ label: hostile[7], url: `https://x.example/${hostile[2]}` });
    expect(existsSync(marker)).toBe(false);
  });

  it("quotes a value as a TypeScript string with no line terminator left in it", () => {
    expect(codeString("a\u2028b\u2029c\nd")).toBe('"a\\u2028b\\u2029c\\nd"');
    expect(JSON.parse(codeString("a\u2028b"))).toBe("a\u2028b");
  });
});

describe("a résumé nested deeper than any résumé is", () => {
  it("is refused with its JSON path, exit code 1 and nothing written, not a stack overflow", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    await writeFile(
      path.join(site.root, "deep.json"),
      `{"basics":{"name":"A"},"work":[{"name":"W","position":"P","startDate":"2020-01","notes":${deep}}]}`,
    );
    const { code, stdout, stderr } = await portfolioInProcess(site.root, ["import", "deep.json", "--force"]);
    expect(code).toBe(1);
    expect(stderr).toContain("ImportInvalid: deep.json is not valid");
    expect(stderr).toContain("work[0].notes[0][0][0]…: is nested more than 32 levels deep");
    expect(stderr).not.toMatch(/RangeError|\n\s+at /);
    expect(stdout).toBe("");
  });

  it("reads a résumé as deep as the schema goes", async () => {
    const resume = {
      ...completeResume,
      basics: { ...completeResume.basics, location: { city: "Malmö", region: "Skåne" } },
    };
    await writeFile(path.join(site.root, "resume.json"), JSON.stringify(resume));
    for (const part of ["education", "experience", "skills.md", "certificates.md", "languages.md"])
      await rm(path.join(site.root, "content/resume", part), { recursive: true });
    expect((await portfolioInProcess(site.root, ["import", "resume.json", "--force"])).code).toBe(0);
  });
});
