import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkPublicFiles } from "../src/pipeline/check-public.js";
import { readPublicFolder } from "../src/project/public-folder.js";
import { launchChromium, openWatchedPage } from "./helpers/browser.js";
import { serveSampleSite, type ServedSite } from "./helpers/served-site.js";

/**
 * Issue 23, item 1: a file of public/ is published on the owner's origin as it is, so any file a
 * browser renders as a document (SVG, XHTML, MathML, HTML, any XML) must hold no script, whatever
 * its prefix, encoding or extension.
 */

const svgNs = "http://www.w3.org/2000/svg";
const xhtmlNs = "http://www.w3.org/1999/xhtml";
const xlinkNs = "http://www.w3.org/1999/xlink";
const mathNs = "http://www.w3.org/1998/Math/MathML";

const scriptSvg = `<svg xmlns="${svgNs}" width="10" height="10"><script>window.__pwned = 1</script></svg>\n`;

/** Text as UTF-16 with its byte-order mark, as an editor saves it. */
function utf16(text: string, order: "le" | "be"): Buffer {
  const little = Buffer.from(text, "utf16le");
  if (order === "le") return Buffer.concat([Buffer.from([0xff, 0xfe]), little]);
  const big = Buffer.from(little);
  big.swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), big]);
}

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "portfolio-public-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(file: string, contents: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(root, "public", file)), { recursive: true });
  await writeFile(path.join(root, "public", file), contents);
}

/** The UnsafeFile message for public/ as it is now, or undefined when it is accepted. */
async function refusal(): Promise<string | undefined> {
  return readPublicFolder(root)
    .then(checkPublicFiles)
    .then(
      () => undefined,
      (error: Error) => {
        expect(error.name).toBe("UnsafeFile");
        expect(error.stack === undefined || !error.message.includes("    at ")).toBe(true);
        return error.message;
      },
    );
}

describe("public/ files a browser renders as documents hold no script (issue 23)", () => {
  const attacks: Array<[name: string, file: string, contents: string | Buffer, found: string]> = [
    [
      "an SVG whose script element has a namespace prefix",
      "images/logo.svg",
      `<svg xmlns:s="${svgNs}"><s:script>window.__pwned = 1</s:script></svg>`,
      "<s:script>",
    ],
    ["an SVG saved as UTF-16 LE with a byte-order mark", "images/le.svg", utf16(scriptSvg, "le"), "<script>"],
    ["an SVG saved as UTF-16 BE with a byte-order mark", "images/be.svg", utf16(scriptSvg, "be"), "<script>"],
    [
      "an XHTML file named .xht",
      "page.xht",
      `<html xmlns="${xhtmlNs}"><body><script>window.__pwned = 1</script></body></html>`,
      "<script>",
    ],
    [
      "an XHTML file named .xhtml whose script has a prefix",
      "page.xhtml",
      `<h:html xmlns:h="${xhtmlNs}"><h:body><h:script>window.__pwned = 1</h:script></h:body></h:html>`,
      "<h:script>",
    ],
    [
      "a MathML file (.mml) carrying XHTML",
      "formula.mml",
      `<math xmlns="${mathNs}"><semantics><mi>x</mi><annotation-xml encoding="application/xhtml+xml"><script xmlns="${xhtmlNs}">window.__pwned = 1</script></annotation-xml></semantics></math>`,
      "<annotation-xml>",
    ],
    [
      "an SVG with <svg:foreignObject>",
      "images/foreign.svg",
      `<svg:svg xmlns:svg="${svgNs}"><svg:foreignObject width="10" height="10"><div xmlns="${xhtmlNs}">hi</div></svg:foreignObject></svg:svg>`,
      "<svg:foreignObject>",
    ],
    [
      "an SVG with a javascript: link under another prefix for XLink, split by a tab reference",
      "images/link.svg",
      `<svg xmlns="${svgNs}" xmlns:x="${xlinkNs}"><a x:href="java&#x09;script:alert(1)"><rect width="10" height="10"/></a></svg>`,
      "x:href",
    ],
    [
      "an SVG with an entity declaration",
      "images/entity.svg",
      `<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "hi">]>\n<svg xmlns="${svgNs}"><text>&x;</text></svg>`,
      "DOCTYPE",
    ],
    [
      "an SVG whose DOCTYPE gives every svg an onload by default",
      "images/attlist.svg",
      `<!DOCTYPE svg [<!ATTLIST svg onload CDATA "window.__pwned = 1">]>\n<svg xmlns="${svgNs}"/>`,
      "DOCTYPE",
    ],
  ];

  it.each(attacks)("refuses %s, naming the file and what it holds", async (_name, file, contents, found) => {
    await put(file, contents);
    const message = await refusal();
    expect(message).toContain(`public/${file} is not valid`);
    expect(message).toContain(found);
  });

  it("names the line of what it found", async () => {
    await put(
      "images/logo.svg",
      `<svg xmlns="${svgNs}">\n<rect width="1" height="1"/>\n<rect width="1" height="1" onclick="alert(1)"/>\n</svg>`,
    );
    expect(await refusal()).toContain("line 3: <rect> has the attribute onclick");
  });

  it("in portfolio dev, checks each file again once its bytes change, and remembers what it found", async () => {
    const memo: { publicChecks?: ReadonlyMap<string, unknown> } = {};
    const check = async () =>
      checkPublicFiles(await readPublicFolder(root), memo as Parameters<typeof checkPublicFiles>[1]).then(
        () => "accepted",
        (error: Error) => error.message,
      );
    const clean = `<svg xmlns="${svgNs}" width="10" height="10"><rect width="10" height="10"/></svg>\n`;
    await put("images/logo.svg", clean);
    expect(await check()).toBe("accepted");
    expect(memo.publicChecks?.size).toBe(1);
    // The same name, other bytes: parsed again, and refused.
    await put("images/logo.svg", scriptSvg);
    expect(await check()).toContain("public/images/logo.svg");
    // Unchanged since: still refused, from what the last check found.
    expect(await check()).toContain("public/images/logo.svg");
    await put("images/logo.svg", clean);
    expect(await check()).toBe("accepted");
    // The same bytes under another name are checked as that file.
    await put("images/copy.svg", scriptSvg);
    expect(await check()).toContain("public/images/copy.svg");
  });

  it("refuses ill-formed XML, saying a browser would not show it either", async () => {
    await put("images/broken.svg", `<svg xmlns="${svgNs}"><rect></svg>`);
    expect(await refusal()).toMatch(/public\/images\/broken\.svg is not valid:\n {2}- line 1: is not well-formed XML/);
  });

  it("refuses an encoding it cannot read, saying which", async () => {
    await put("images/ebcdic.svg", `<?xml version="1.0" encoding="IBM037"?><svg xmlns="${svgNs}"/>`);
    expect(await refusal()).toContain('is declared as "IBM037"');
  });

  it("refuses a file with no type a host knows that starts like markup", async () => {
    await put("verify", "<html><script>alert(1)</script></html>");
    expect(await refusal()).toContain("public/verify is not valid");
  });

  it("accepts plain SVG with prefixes, titles, styles that stay in the file, and raster images", async () => {
    await put(
      "images/prefixed.svg",
      `<?xml version="1.0" encoding="UTF-8"?>\n<svg:svg xmlns:svg="${svgNs}" xmlns:xlink="${xlinkNs}" viewBox="0 0 10 10"><svg:title>A dot</svg:title><svg:desc>A teal dot</svg:desc><svg:defs><svg:circle id="dot" r="4"/></svg:defs><svg:use xlink:href="#dot" x="5" y="5" fill="teal"/></svg:svg>`,
    );
    await put(
      "images/styled.svg",
      `<svg xmlns="${svgNs}" viewBox="0 0 10 10"><style>.a { fill: url(#g) }</style><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><rect class="a" width="10" height="10"/><image href="photo.png" width="1" height="1"/></svg>`,
    );
    await put("images/utf16.svg", utf16(`<svg xmlns="${svgNs}"><text>héllo</text></svg>`, "le"));
    await put("google1234abcd.html", "google-site-verification: google1234abcd.html");
    await put("BingSiteAuth.xml", '<?xml version="1.0"?>\n<users>\n\t<user>ABCDEF</user>\n</users>');
    await put("formula.mml", `<math xmlns="${mathNs}"><mfrac><mi>a</mi><mn>2</mn></mfrac></math>`);
    await put(
      "page.xhtml",
      `<html xmlns="${xhtmlNs}"><head><title>x</title></head><body><p>Hi <a href="https://example.com/">there</a></p></body></html>`,
    );
    await put("CNAME", "maya.dev\n");
    expect(await refusal()).toBeUndefined();
  });

  const inkscape = `xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"`;

  it("accepts an SVG as Inkscape saves it, with its layers, its view and licence metadata", async () => {
    await put(
      "images/inkscape.svg",
      [
        `<?xml version="1.0" encoding="UTF-8" standalone="no"?>`,
        `<svg width="10mm" height="10mm" viewBox="0 0 10 10" version="1.1" id="svg5" inkscape:version="1.3 (0e150ed, 2023-07-21)" sodipodi:docname="logo.svg" xmlns="${svgNs}" ${inkscape}>`,
        `  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="2.5" inkscape:current-layer="layer1"/>`,
        `  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:title>Logo</dc:title><cc:license rdf:resource="http://creativecommons.org/licenses/by/4.0/"/></cc:Work></rdf:RDF></metadata>`,
        `  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1"><circle cx="5" cy="5" r="4" style="fill:#0d9488" sodipodi:type="arc"/></g>`,
        `</svg>`,
      ].join("\n"),
    );
    expect(await refusal()).toBeUndefined();
  });

  it("checks what an editor's element holds as if it stood in its place", async () => {
    await put(
      "images/hidden.svg",
      `<svg xmlns="${svgNs}" ${inkscape}><sodipodi:namedview><script>window.__pwned = 1</script></sodipodi:namedview><inkscape:x><h:iframe xmlns:h="${xhtmlNs}" src="/"/></inkscape:x></svg>`,
    );
    const message = await refusal();
    expect(message).toContain("<script> is an SVG element that runs code");
    expect(message).toContain("<h:iframe>");
  });
});

describe("clean public/ SVGs open in Chromium and run nothing", () => {
  let browser: Browser;
  let served: ServedSite;
  const extras = {
    "public/images/prefixed.svg": `<svg:svg xmlns:svg="${svgNs}" xmlns:xlink="${xlinkNs}" width="40" height="40"><svg:title>A dot</svg:title><svg:circle id="dot" cx="20" cy="20" r="10" fill="teal"/><svg:use xlink:href="#dot" x="5"/></svg:svg>`,
    "public/images/described.svg": `<svg xmlns="${svgNs}" width="40" height="40"><title>Square</title><desc>A square with a gradient</desc><style>rect { fill: url(#g) }</style><linearGradient id="g"><stop offset="0" stop-color="teal"/></linearGradient><rect width="40" height="40"/></svg>`,
  };
  beforeAll(async () => {
    [browser, served] = await Promise.all([
      launchChromium(),
      serveSampleSite({
        prepare: async (site) => {
          for (const [file, text] of Object.entries(extras)) await site.write(file, text);
        },
      }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it("publishes the sample's SVGs and two more, and opening each runs nothing", async () => {
    const svgs = [
      "favicon.svg",
      "images/avatar.svg",
      "images/projects/fleetwise.svg",
      "images/prefixed.svg",
      "images/described.svg",
    ];
    const watched = await openWatchedPage(browser, served.origin);
    const dialogs: string[] = [];
    watched.page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      for (const svg of svgs) {
        const response = await watched.page.goto(`${served.url}${svg}`, { waitUntil: "load" });
        expect(response?.status(), svg).toBe(200);
        expect(response?.headers()["content-type"], svg).toContain("image/svg+xml");
        expect(response?.headers()["content-security-policy"], svg).toContain("sandbox");
        expect(response?.headers()["x-content-type-options"], svg).toBe("nosniff");
        expect(await watched.page.evaluate(() => document.documentElement.namespaceURI), svg).toBe(
          "http://www.w3.org/2000/svg",
        );
        expect(await watched.page.evaluate(() => (window as { __pwned?: unknown }).__pwned), svg).toBeUndefined();
      }
      expect(dialogs).toEqual([]);
      expect(watched.foreignRequests).toEqual([]);
      expect(watched.problems).toEqual([]);
    } finally {
      await watched.context.close();
    }
  });
});
