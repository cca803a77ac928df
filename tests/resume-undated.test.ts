import { translator } from "../src/i18n/message.js";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { shownSections } from "../src/resume/resume-sections.js";
import { ResumeScreen } from "../src/screens/ResumeScreen.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Entries whose date or level a JSON Resume does not give (a degree with only its year, an award
 * without a date, a language without fluency) are shown without one, after the dated ones, and
 * written to /resume.json without one: the import no longer refuses such files.
 */
let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

const entry = (fields: string) => `---\ntitle: MSc\norganisation: Uni\n${fields}\n---\n\nStudied.\n`;

describe("entries without a date or a level", () => {
  it("are loaded, ordered after the dated ones, shown without the date, and written to /resume.json without it; a day is kept", async () => {
    await rm(path.join(site.root, "content/resume/education"), { recursive: true });
    await site.write("content/resume/education/a-graduated.md", entry("end: 2008"));
    await site.write("content/resume/education/b-undated.md", entry(""));
    await site.write("content/resume/education/c-dated.md", entry("start: 2001\nend: 2004"));
    await site.write("content/resume/education/d-days.md", entry("start: 2000-09-04\nend: 2000-09-28"));
    await site.write("content/resume/awards/undated.md", "---\ntitle: Best poster\nawarder: RSE Conf\n---\n");
    await site.write(
      "content/resume/languages.md",
      "---\nlanguages:\n  - { language: Yoruba }\n  - { language: English, fluency: Native }\n---\n",
    );
    const content = await loadSiteContent(site);
    expect(content.education.map((entry) => [entry.slug, entry.period])).toEqual([
      ["a-graduated", { undated: true, end: "2008" }],
      ["c-dated", { start: "2001", end: "2004" }],
      ["d-days", { start: "2000-09-04", end: "2000-09-28" }],
      ["b-undated", { undated: true }],
    ]);
    expect(content.awards.at(-1)).toMatchObject({ title: "Best poster" });
    expect(content.awards.at(-1)).not.toHaveProperty("date");
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const html = renderToStaticMarkup(
      createElement(ResumeScreen, {
        sections: shownSections(config, content),
        title: "Resume",
        t: translator(config.strings, "en"),
      }),
    );
    expect(html).toContain('<p class="timeline-period"><time dateTime="2008">2008</time></p>');
    // A day is kept, and shown as its month: two days of one month are that month once.
    expect(html).toContain('<p class="timeline-period"><time dateTime="2000-09-04">Sep 2000</time></p>');
    expect(html.match(/timeline-period/g)).toHaveLength(3 + content.experience.length + content.volunteer.length);
    expect(html).toContain("<dt>Yoruba</dt><dd></dd>");
    expect(html).toMatch(
      /Best poster<\/h3><p class="resume-card-meta"><span class="resume-card-by">RSE Conf<\/span><\/p>/,
    );

    const built = await buildSite({ cwd: site.root, env: {} });
    const resume = JSON.parse(await readFile(path.join(built.outDir, "resume.json"), "utf8"));
    expect(resume.education).toEqual([
      expect.objectContaining({ institution: "Uni", endDate: "2008" }),
      expect.objectContaining({ startDate: "2001", endDate: "2004" }),
      expect.objectContaining({ startDate: "2000-09-04", endDate: "2000-09-28" }),
      expect.not.objectContaining({ startDate: expect.anything() }),
    ]);
    expect(resume.awards.find((award: { title: string }) => award.title === "Best poster")).toEqual({
      title: "Best poster",
      awarder: "RSE Conf",
    });
    expect(resume.languages).toEqual([{ language: "Yoruba" }, { language: "English", fluency: "Native" }]);
  });
});
