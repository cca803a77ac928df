import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openWatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { sampleRoutes } from "../helpers/routes-table.js";

let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function visit(path: string) {
  const watched = await openWatchedPage(browser, served.origin, { javaScriptEnabled: false });
  const response = await watched.page.goto(served.url + path);
  return { ...watched, status: response?.status() };
}

// The site's own pages, from the routes table, with a trailing-slash address and the 404 page.
const { sitePaths } = await sampleRoutes();

describe("every screen is complete with JavaScript turned off", () => {
  it.each([...sitePaths, "about/", "no/such/page"])("/%s has the sidebar, header and menu", async (path) => {
    const { page, context, status, foreignRequests } = await visit(path);
    expect(status).toBe(path === "no/such/page" ? 404 : 200);
    const sidebar = page.getByRole("complementary", { name: "Profile" });
    await expect(sidebar.getByRole("img", { name: "Maya Okafor" }).isVisible()).resolves.toBe(true);
    expect(await sidebar.getByText("Full-Stack Developer").isVisible()).toBe(true);
    for (const name of ["GitHub", "LinkedIn", "WhatsApp", "Instagram"]) {
      expect(await sidebar.getByRole("link", { name }).getAttribute("href")).toMatch(/^https:\/\//);
    }
    expect(await page.getByRole("button", { name: "Dark theme" }).count()).toBe(1);
    const menu = page.getByRole("navigation", { name: "Main" });
    expect(await menu.getByRole("link").allTextContents()).toEqual(["About", "Resume", "Projects", "Contact"]);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it("the phone layout folds the contacts behind a button that works without JavaScript", async () => {
    const { page, context } = await visit("resume");
    await page.setViewportSize({ width: 320, height: 640 });
    const email = page.getByRole("link", { name: "hello@maya-okafor.example" });
    expect(await email.isVisible()).toBe(false);
    await page.getByText("Show contacts").click();
    expect(await email.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Download CV" }).getAttribute("download")).toBe("Maya-Okafor-CV.pdf");
    await context.close();
  });

  it("the desktop layout always shows the contacts and the CV", async () => {
    const { page, context } = await visit("");
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByRole("link", { name: "hello@maya-okafor.example" }).isVisible()).toBe(true);
    expect(await page.getByText("Show contacts").isVisible()).toBe(false);
    const cv = page.getByRole("link", { name: "Download CV" });
    expect(await cv.isVisible()).toBe(true);
    const pdf = await page.request.get(new URL((await cv.getAttribute("href"))!, served.url).href);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await context.close();
  });

  it.each(["", "about", "no/such/page"])("/%s shows About: the bio and seven What I Do cards", async (path) => {
    const { page, context } = await visit(path);
    // The 404 page says first that the address was not found, then shows About under it.
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(
      path === "no/such/page" ? ["Page not found"] : ["About me"],
    );
    expect(await page.getByRole("heading", { level: path === "no/such/page" ? 2 : 1, name: "About me" }).count()).toBe(
      1,
    );
    const cards = page.getByRole("region", { name: "What I Do" }).getByRole("listitem");
    expect(await cards.count()).toBe(7);
    expect(await cards.getByRole("heading").allTextContents()).toEqual([
      "Full-Stack Development",
      "Mobile App Development",
      "AI/ML Development",
      "Desktop Development",
      "Embedded Systems",
      "DevOps & Deployment",
      "UI/UX Design",
    ]);
    await context.close();
  });

  it("Resume shows education, experience, skill bars by category and soft skills", async () => {
    const { page, context } = await visit("resume");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Resume");
    expect(await page.getByRole("region", { name: "Education" }).getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "Experience" }).getByRole("listitem").count()).toBeGreaterThan(0);
    const skills = page.getByRole("region", { name: "Technical skills" });
    expect(await skills.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Web",
      "Mobile",
      "AI/ML",
      "Desktop",
      "Embedded",
    ]);
    const reactSkill = skills.getByRole("listitem").filter({ hasText: "JavaScript/React" });
    expect(await reactSkill.textContent()).toContain("90%");
    const bar = reactSkill.locator(".skill-progress-fill");
    const track = reactSkill.locator(".skill-progress-bg");
    const [barBox, trackBox] = await Promise.all([bar.boundingBox(), track.boundingBox()]);
    expect(barBox!.width / trackBox!.width).toBeCloseTo(0.9, 2);
    expect(await page.getByRole("region", { name: "Soft skills" }).getByRole("heading", { level: 3 }).count()).toBe(3);
    await context.close();
  });

  it("Projects shows the filter, nine cards, other projects and the profile link", async () => {
    const { page, context } = await visit("works");
    const filter = page.getByRole("group", { name: "Filter projects by category" });
    expect(await filter.getByRole("button").allTextContents()).toEqual([
      "All",
      "Mobile & Web",
      "AI/ML",
      "Web",
      "Mobile",
      "Hardware",
    ]);
    expect(await filter.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
    const cards = page.locator(".project-card");
    expect(await cards.count()).toBe(9);
    for (const card of await cards.all()) {
      expect(await card.locator(".project-year").textContent()).toMatch(/^\d{2}\/\d{4}$/);
      expect((await card.getByRole("heading").textContent())!.length).toBeGreaterThan(2);
      expect((await card.locator(".project-category").textContent())!.length).toBeGreaterThan(2);
      // An image, or the art of its title without one: the image's own placeholder waits, hidden, for a failure.
      expect(await card.locator("img, .title-art, .image-placeholder:not([hidden])").count()).toBe(1);
    }
    // Each card's title is a link to the project's own page, which is complete without JavaScript.
    const links = await cards.getByRole("link").all();
    expect(links).toHaveLength(9);
    for (const link of links) expect(await link.getAttribute("href")).toMatch(/^\/works\/[\w-]+$/);
    const title = (await links[0]!.textContent())!;
    await links[0]!.click();
    await page.waitForURL(/\/works\/[\w-]+$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await page.locator(".modal-text p").count()).toBeGreaterThan(0);
    await page.goBack();
    expect(await page.getByRole("region", { name: "Other Projects" }).getByRole("listitem").count()).toBe(11);
    expect(await page.getByRole("link", { name: /See more of my work on GitHub/ }).getAttribute("href")).toBe(
      "https://github.com/maya-okafor-sample",
    );
    await context.close();
  });

  it("Blogs shows its category buttons and the empty message", async () => {
    const { page, context } = await visit("blogs");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Blogs");
    const filter = page.getByRole("group", { name: "Filter blogs by category" });
    expect(await filter.getByRole("button").allTextContents()).toEqual(["All", "Programming", "AI", "Design", "Other"]);
    expect(await page.getByText("No blogs in the selected category.").isVisible()).toBe(true);
    await context.close();
  });

  it("Contact shows the labelled form and a working mailto link", async () => {
    const { page, context } = await visit("contact");
    expect(await page.getByRole("heading", { name: "Contact Us" }).isVisible()).toBe(true);
    const fields = { Name: "to_name", Email: "from_name", Subject: "subject", Message: "message" };
    for (const [label, name] of Object.entries(fields)) {
      const field = page.getByLabel(label, { exact: true });
      expect(await field.getAttribute("name")).toBe(name);
      expect(await field.getAttribute("required")).not.toBeNull();
    }
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("type")).toBe("email");
    expect(await page.getByRole("button", { name: "Submit" }).isEnabled()).toBe(true);
    expect(
      await page.getByRole("main").getByRole("link", { name: "hello@maya-okafor.example" }).getAttribute("href"),
    ).toBe("mailto:hello@maya-okafor.example");
    await context.close();
  });
});
