import { readFileSync } from "node:fs";
import { serialize } from "node:v8";
import type { BadInputCase } from "./corpus-types.js";

/**
 * The bad-input corpus: each case breaks exactly one thing of the sample site (one file, one field)
 * and says how `portfolio build` must answer. Rejected cases name the file and the field the error
 * message must contain; injection cases are valid content carrying HTML/JS payloads that must build
 * and then run nothing in the browser.
 *
 * Content written by the helpers below is complete and valid except for the one field a case
 * overrides. Field values are raw YAML (so a case can write a list, a number or null); `undefined`
 * leaves the field out; `q()` quotes a payload as a YAML (and TypeScript) double-quoted string.
 */

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────────

type Fields = Record<string, string | undefined>;

/** A double-quoted YAML/TypeScript string: JSON string syntax, with U+2028/U+2029 escaped too. */
const q = (text: string): string =>
  JSON.stringify(text)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** A YAML flow list of quoted strings. */
const flow = (...items: string[]): string => `[${items.map(q).join(", ")}]`;

/** A Markdown file: front matter from raw YAML values (undefined leaves a field out), then the body. */
function md(fields: Fields, body: string): string {
  const lines = Object.entries(fields).flatMap(([key, value]) => (value === undefined ? [] : [`${key}: ${value}`]));
  return `---\n${lines.join("\n")}\n---\n\n${body}\n`;
}

/** content/blog/probe.md: a complete, valid post, with the given fields overridden. */
const post = (fields: Fields = {}, body = "How the app keeps working on the metro, and what that cost us.") =>
  md(
    {
      title: "Shipping an offline-first React Native app",
      author: "Maya Okafor",
      date: "2025-01-31",
      category: "Programming",
      ...fields,
    },
    body,
  );

/** content/projects/probe.md: a complete, valid project, with the given fields overridden. */
const project = (fields: Fields = {}, body = "A small booking tool for a surf school in Ericeira.") =>
  md(
    {
      title: "Onda",
      projectType: "Web Application",
      client: "Ericeira Surf Club",
      languages: "[TypeScript, React]",
      year: '"05/2025"',
      for: "Freelance",
      category: "Web",
      ...fields,
    },
    body,
  );

/** content/services/08-probe.md: a complete, valid service card. */
const service = (fields: Fields = {}, body = "Audits and fixes for slow, inaccessible websites.") =>
  md({ title: "Web Performance", icon: "globe", order: "8", ...fields }, body);

/** content/resume/{education,experience}/09-probe.md: a complete, valid timeline entry. */
const timeline = (fields: Fields = {}, body = "A short course on accessible design systems.") =>
  md(
    {
      title: "Certificate in Accessibility",
      organisation: "Lisbon Design School",
      start: "2021-01",
      end: "2021-06",
      order: "9",
      ...fields,
    },
    body,
  );

/** content/resume/awards/probe.md: a complete, valid award. */
const award = (fields: Fields = {}, body = "For the patient app's offline booking.") =>
  md({ title: "Best Health App", awarder: "Portugal Digital Awards", date: "2023-11", ...fields }, body);

/** content/resume/publications/probe.md: a complete, valid talk. */
const publication = (fields: Fields = {}, body = "Sync queues and conflict rules, in production.") =>
  md(
    {
      title: "Offline-first React Native",
      event: "React Native EU",
      date: "2024-09",
      url: "https://talks.example/offline",
      ...fields,
    },
    body,
  );

/** content/other-projects/probe.md: a complete, valid other project. */
const otherProject = (
  fields: Fields = {},
  body = "A command-line tool that renames photos by the date they were taken.",
) => md({ title: "Photo Renamer", year: q("2020"), ...fields }, body);

/** content/about.md with the sample heading and the given body. */
const about = (body: string) => md({ title: "About me" }, body);

/** Code that leaves a trace if front matter is ever executed: the runner checks /tmp/portfolio-pwned. */
const pwn = `(typeof require === "function" ? require("fs") : process.getBuiltinModule("fs")).writeFileSync("/tmp/portfolio-pwned", "x")`;

/** A JavaScript front-matter object that would be a complete, valid project if it were executed. */
const jsProject = (opener: string) =>
  `${opener}\n{ title: (${pwn}, "FleetWise"), projectType: "Web Application", client: "Rota Verde Logistics", ` +
  `languages: ["TypeScript"], year: "09/2024", for: "Nordlys Digital", category: "Web" }\n---\n\nA fleet-management dashboard.\n`;

/** The generator's templates/page.html, to copy into the site and break. */
const pageTemplate = readFileSync(new URL("../../templates/page.html", import.meta.url), "utf8");

/** List nesting: each line indented two spaces more than the one before. */
const nestedList = (depth: number, marker = "- ", indent = "  ") =>
  Array.from({ length: depth }, (_, level) => `${indent.repeat(level)}${marker}x`).join("\n");

/** Payloads that try to run code or break out of their context. */
const P = {
  img: `<img src=x onerror="window.__pwned=1">`,
  script: `</script><script>window.__pwned=1</script>`,
  svg: `"><svg onload=alert(1)>`,
  attr: `' onmouseover='alert(1)`,
  title: `</title><script>alert(1)</script>`,
  markers: `{{body}} {{head}} {{lang}}`,
  comment: `<!--<script>window.__pwned=1</script>`,
  cdata: `]]><script>window.__pwned=1</script>`,
  lineSeparators: `a\u2028b\u2029c</script><script>window.__pwned=1</script>`,
};

const truncatedPng = "iVBORw0KGgoAAAANSUhEUgAAAMAAAADACAIAAADdvvtQAAAQAElEQQ=="; // first 40 bytes of icon-192.png

// Namespaces and a scripted SVG for the public/ markup cases (issue 23).
const SVG_NS = "http://www.w3.org/2000/svg";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const MATH_NS = "http://www.w3.org/1998/Math/MathML";
const SCRIPT_SVG = `<svg xmlns="${SVG_NS}" width="10" height="10"><script>window.__pwned = 1</script></svg>\n`;
const randomBytes =
  "cu8uAzp3uHx0gx2bOosco9alJ/ynyoRCpseMtPiNOelwRMAkWK6tVgg59+sgxD+tJYIrRm/8Kc7Lv1z3a7RONtxRGWhqrmpJMzwpAp5mronLT4WH8ttfsWYw9JJ9NXno";
const latin1OtherProject =
  "LS0tCnRpdGxlOiBDYWbpIExpc2JvYQp5ZWFyOiAiMjAyMCIKLS0tCgpUaGUgd2Vic2l0ZSBvZiBhIGNhZukgaW4gR3Jh52EuCg==";
const utf16OtherProject =
  "//4tAC0ALQAKAHQAaQB0AGwAZQA6ACAAQwBvAG4AagB1AGcAYQAKAHkAZQBhAHIAOgAgACIAMgAwADEAOQAiAAoALQAtAC0ACgAKAEEAIABmAGwAYQBzAGgAYwBhAHIAZAAgAGEAcABwAC4ACgA=";

const BLOG = "content/blog/probe.md";
const PROJECT = "content/projects/probe.md";
const FLEETWISE = "content/projects/fleetwise.md";
const SITELOG = "content/projects/sitelog.md";
const SERVICE = "content/services/01-full-stack.md";
const NEW_SERVICE = "content/services/08-probe.md";
const EDUCATION = "content/resume/education/01-msc-data-science.md";
const NEW_EDUCATION = "content/resume/education/09-probe.md";
const EXPERIENCE = "content/resume/experience/01-nordlys.md";
const NEW_EXPERIENCE = "content/resume/experience/09-probe.md";
const SKILLS = "content/resume/skills.md";
const CERTIFICATES = "content/resume/certificates.md";
const LANGUAGES = "content/resume/languages.md";
const INTERESTS = "content/resume/interests.md";
const NEW_REFERENCES = "content/resume/references.md";
const NEW_VOLUNTEER = "content/resume/volunteer/probe.md";
const NEW_AWARD = "content/resume/awards/probe.md";
const NEW_PUBLICATION = "content/resume/publications/probe.md";
const SOFT = "content/resume/soft-skills.md";
const OTHER = "content/other-projects/lisbon-air.md";
const NEW_OTHER = "content/other-projects/probe.md";
const ABOUT = "content/about.md";
const CONFIG = "portfolio.config.ts";
const TEMPLATE = "templates/page.html";

export const badInputCases: BadInputCase[] = [
  // ── Malformed YAML front matter: named "front matter" ──────────────────────────────────────────
  {
    name: "yaml unclosed bracket",
    kind: "yaml",
    changes: [
      {
        edit: FLEETWISE,
        find: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS]",
        replace: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "front matter" },
  },
  {
    name: "yaml unclosed flow mapping",
    kind: "yaml",
    changes: [
      {
        edit: SKILLS,
        find: '{ name: "Arduino", category: Embedded, percent: 70 }',
        replace: '{ name: "Arduino", category: Embedded, percent: 70',
      },
    ],
    expect: { rejected: true, file: SKILLS, field: "front matter" },
  },
  {
    name: "yaml bad indentation of a list item",
    kind: "yaml",
    changes: [{ edit: SOFT, find: "      - Client workshops", replace: "     - Client workshops" }],
    expect: { rejected: true, file: SOFT, field: "front matter" },
  },
  {
    name: "yaml over-indented key",
    kind: "yaml",
    changes: [
      { edit: OTHER, find: "link: https://lisbon-air.example.com", replace: "  link: https://lisbon-air.example.com" },
    ],
    expect: { rejected: true, file: OTHER, field: "front matter" },
  },
  {
    name: "yaml tab indentation",
    kind: "yaml",
    changes: [{ edit: FLEETWISE, find: "features:\n  - Live map", replace: "features:\n\t- Live map" }],
    expect: { rejected: true, file: FLEETWISE, field: "front matter" },
  },
  {
    name: "yaml unclosed quote",
    kind: "yaml",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"', replace: 'year: "09/2024' }],
    expect: { rejected: true, file: FLEETWISE, field: "front matter" },
  },
  {
    name: "yaml duplicate key",
    kind: "yaml",
    changes: [
      {
        edit: SERVICE,
        find: "title: Full-Stack Development",
        replace: "title: Full-Stack Development\ntitle: Web Development",
      },
    ],
    expect: { rejected: true, file: SERVICE, field: "front matter" },
  },
  {
    name: "yaml colon inside a plain value",
    kind: "yaml",
    changes: [
      {
        edit: EDUCATION,
        find: "organisation: NOVA IMS, Universidade Nova de Lisboa",
        replace: "organisation: NOVA IMS: Universidade Nova de Lisboa",
      },
    ],
    expect: { rejected: true, file: EDUCATION, field: "front matter" },
  },
  {
    name: "yaml value starts with a reserved @",
    kind: "yaml",
    changes: [{ edit: EXPERIENCE, find: "organisation: Nordlys Digital", replace: "organisation: @nordlys" }],
    expect: { rejected: true, file: EXPERIENCE, field: "front matter" },
  },
  {
    name: "yaml unterminated front matter before the body",
    kind: "yaml",
    changes: [
      {
        write: BLOG,
        text: "---\ntitle: Shipping an offline-first React Native app\nauthor: Maya Okafor\ndate: 2025-01-31\ncategory: Programming\n\nHow the app keeps working on the metro.\n",
      },
    ],
    expect: { rejected: true, file: BLOG, field: "front matter" },
  },
  {
    name: "yaml unterminated front matter without a body",
    kind: "yaml",
    changes: [{ write: NEW_OTHER, text: '---\ntitle: Photo Renamer\nyear: "2020"\n' }],
    expect: { rejected: true, file: NEW_OTHER, field: "front matter" },
  },
  {
    name: "yaml front matter is a list, not a mapping",
    kind: "yaml",
    changes: [{ write: NEW_OTHER, text: "---\n- title\n- Photo Renamer\n---\n\nA command-line tool.\n" }],
    expect: { rejected: true, file: NEW_OTHER, field: "front matter" },
  },

  // ── Front matter in any language but YAML: named "front matter", and never executed ────────────
  {
    name: "front matter ---js executes nothing",
    kind: "front-matter-engine",
    changes: [{ write: FLEETWISE, text: jsProject("---js") }],
    expect: { rejected: true, file: FLEETWISE, field: "front matter" },
  },
  {
    name: "front matter ---javascript executes nothing",
    kind: "front-matter-engine",
    changes: [
      {
        write: BLOG,
        text: `---javascript\n{ title: (${pwn}, "Shipping an offline-first app"), author: "Maya Okafor", date: "2025-01-31", category: "Programming" }\n---\n\nA post.\n`,
      },
    ],
    expect: { rejected: true, file: BLOG, field: "front matter" },
  },
  {
    name: "front matter --- js with a space executes nothing",
    kind: "front-matter-engine",
    changes: [
      {
        write: SERVICE,
        text: `--- js\n{ title: (${pwn}, "Full-Stack Development"), icon: "code", order: 1 }\n---\n\nEnd-to-end web applications.\n`,
      },
    ],
    expect: { rejected: true, file: SERVICE, field: "front matter" },
  },
  {
    name: "front matter ---JS in capitals executes nothing",
    kind: "front-matter-engine",
    changes: [
      {
        write: ABOUT,
        text: `---JS\n{ title: (${pwn}, "About me") }\n---\n\nI'm a full-stack developer based in Lisbon.\n`,
      },
    ],
    expect: { rejected: true, file: ABOUT, field: "front matter" },
  },
  {
    name: "front matter ---coffee",
    kind: "front-matter-engine",
    changes: [
      {
        write: NEW_OTHER,
        text: "---coffee\ntitle: require('fs').writeFileSync('/tmp/portfolio-pwned', 'x')\nyear: '2020'\n---\n\nA command-line tool.\n",
      },
    ],
    expect: { rejected: true, file: NEW_OTHER, field: "front matter" },
  },
  {
    name: "front matter ---json",
    kind: "front-matter-engine",
    changes: [
      {
        write: BLOG,
        text: '---json\n{ "title": "Shipping an offline-first app", "author": "Maya Okafor", "date": "2025-01-31", "category": "Programming" }\n---\n\nA post.\n',
      },
    ],
    expect: { rejected: true, file: BLOG, field: "front matter" },
  },
  {
    name: "front matter ---toml",
    kind: "front-matter-engine",
    changes: [
      { write: NEW_OTHER, text: '---toml\ntitle = "Photo Renamer"\nyear = "2020"\n---\n\nA command-line tool.\n' },
    ],
    expect: { rejected: true, file: NEW_OTHER, field: "front matter" },
  },
  {
    name: "front matter ---whatever",
    kind: "front-matter-engine",
    changes: [
      { write: NEW_OTHER, text: '---whatever\ntitle: Photo Renamer\nyear: "2020"\n---\n\nA command-line tool.\n' },
    ],
    expect: { rejected: true, file: NEW_OTHER, field: "front matter" },
  },

  // ── Wrong types: about, services, education, experience ─────────────────────────────────────────
  {
    name: "about title is a list",
    kind: "types",
    changes: [{ edit: ABOUT, find: "title: About me", replace: "title: [About, me]" }],
    expect: { rejected: true, file: ABOUT, field: "title" },
  },
  {
    name: "about title is a number",
    kind: "types",
    changes: [{ edit: ABOUT, find: "title: About me", replace: "title: 42" }],
    expect: { rejected: true, file: ABOUT, field: "title" },
  },
  {
    name: "about title is empty",
    kind: "types",
    changes: [{ edit: ABOUT, find: "title: About me", replace: 'title: ""' }],
    expect: { rejected: true, file: ABOUT, field: "title" },
  },
  {
    name: "service icon unknown",
    kind: "types",
    changes: [{ edit: SERVICE, find: "icon: code", replace: "icon: rocket" }],
    expect: { rejected: true, file: SERVICE, field: "icon" },
  },
  {
    name: "service icon in the wrong case",
    kind: "types",
    changes: [{ edit: SERVICE, find: "icon: code", replace: "icon: Code" }],
    expect: { rejected: true, file: SERVICE, field: "icon" },
  },
  {
    name: "service icon is a list",
    kind: "types",
    changes: [{ edit: SERVICE, find: "icon: code", replace: "icon: [code]" }],
    expect: { rejected: true, file: SERVICE, field: "icon" },
  },
  {
    name: "service order not a whole number",
    kind: "types",
    changes: [{ edit: SERVICE, find: "order: 1", replace: "order: 1.5" }],
    expect: { rejected: true, file: SERVICE, field: "order" },
  },
  {
    name: "service order is text",
    kind: "types",
    changes: [{ edit: SERVICE, find: "order: 1", replace: "order: first" }],
    expect: { rejected: true, file: SERVICE, field: "order" },
  },
  {
    name: "service title is an object",
    kind: "types",
    changes: [
      { edit: SERVICE, find: "title: Full-Stack Development", replace: "title: { text: Full-Stack Development }" },
    ],
    expect: { rejected: true, file: SERVICE, field: "title" },
  },
  {
    name: "service title is null",
    kind: "types",
    changes: [{ edit: SERVICE, find: "title: Full-Stack Development", replace: "title: null" }],
    expect: { rejected: true, file: SERVICE, field: "title" },
  },
  {
    name: "education start is a list",
    kind: "types",
    changes: [{ edit: EDUCATION, find: "start: 2017-09", replace: "start: [2017, 2019]" }],
    expect: { rejected: true, file: EDUCATION, field: "start" },
  },
  {
    name: "education period is a list",
    kind: "types",
    changes: [{ write: NEW_EDUCATION, text: timeline({ start: undefined, end: undefined, period: "[2017, 2019]" }) }],
    expect: { rejected: true, file: NEW_EDUCATION, field: "period" },
  },
  {
    name: "education organisation is empty",
    kind: "types",
    changes: [
      { edit: EDUCATION, find: "organisation: NOVA IMS, Universidade Nova de Lisboa", replace: 'organisation: ""' },
    ],
    expect: { rejected: true, file: EDUCATION, field: "organisation" },
  },
  {
    name: "education order is quoted text",
    kind: "types",
    changes: [{ write: NEW_EDUCATION, text: timeline({ order: q("1") }) }],
    expect: { rejected: true, file: NEW_EDUCATION, field: "order" },
  },
  {
    name: "experience organisation is null",
    kind: "types",
    changes: [{ edit: EXPERIENCE, find: "organisation: Nordlys Digital", replace: "organisation: null" }],
    expect: { rejected: true, file: EXPERIENCE, field: "organisation" },
  },
  {
    name: "experience end is a list",
    kind: "types",
    changes: [{ edit: EXPERIENCE, find: "end: present", replace: "end: [2024]" }],
    expect: { rejected: true, file: EXPERIENCE, field: "end" },
  },
  {
    name: "experience period is a number",
    kind: "types",
    changes: [{ write: NEW_EXPERIENCE, text: timeline({ start: undefined, end: undefined, period: "2022" }) }],
    expect: { rejected: true, file: NEW_EXPERIENCE, field: "period" },
  },
  {
    name: "experience title is only spaces",
    kind: "types",
    changes: [{ edit: EXPERIENCE, find: "title: Senior Full-Stack Developer", replace: 'title: "   "' }],
    expect: { rejected: true, file: EXPERIENCE, field: "title" },
  },
  {
    name: "experience order is a boolean",
    kind: "types",
    changes: [{ write: NEW_EXPERIENCE, text: timeline({ order: "true" }) }],
    expect: { rejected: true, file: NEW_EXPERIENCE, field: "order" },
  },

  // ── Wrong types: skills and soft skills ─────────────────────────────────────────────────────────
  {
    name: "skill percent above 100",
    kind: "types",
    changes: [{ edit: SKILLS, find: "percent: 90 }", replace: "percent: 120 }" }],
    expect: { rejected: true, file: SKILLS, field: "skills[0].percent" },
  },
  {
    name: "skill percent below 0",
    kind: "types",
    changes: [{ edit: SKILLS, find: "percent: 85 }", replace: "percent: -5 }" }],
    expect: { rejected: true, file: SKILLS, field: "skills[1].percent" },
  },
  {
    name: "skill percent is a word",
    kind: "types",
    changes: [{ edit: SKILLS, find: "percent: 88 }", replace: "percent: ninety }" }],
    expect: { rejected: true, file: SKILLS, field: "skills[2].percent" },
  },
  {
    name: "skill percent is quoted text",
    kind: "types",
    changes: [{ edit: SKILLS, find: "percent: 82 }", replace: 'percent: "82" }' }],
    expect: { rejected: true, file: SKILLS, field: "skills[3].percent" },
  },
  {
    name: "skill percent is NaN",
    kind: "types",
    changes: [{ edit: SKILLS, find: "percent: 80 }", replace: "percent: .nan }" }],
    expect: { rejected: true, file: SKILLS, field: "skills[4].percent" },
  },
  {
    name: "skill name is a list",
    kind: "types",
    changes: [{ edit: SKILLS, find: '{ name: "JavaFX",', replace: "{ name: [Java, FX]," }],
    expect: { rejected: true, file: SKILLS, field: "skills[6].name" },
  },
  {
    name: "skill name is empty",
    kind: "types",
    changes: [{ edit: SKILLS, find: '{ name: "Arduino",', replace: '{ name: "",' }],
    expect: { rejected: true, file: SKILLS, field: "skills[7].name" },
  },
  {
    name: "skill entry is a string",
    kind: "types",
    changes: [{ edit: SKILLS, find: '{ name: "JavaFX", category: Desktop, percent: 75 }', replace: "JavaFX" }],
    expect: { rejected: true, file: SKILLS, field: "skills[6]" },
  },
  {
    name: "skills is a string, not a list",
    kind: "types",
    changes: [{ write: SKILLS, text: "---\nskills: JavaScript, React, Node.js\n---\n" }],
    expect: { rejected: true, file: SKILLS, field: "skills" },
  },
  {
    name: "soft-skill group skills is a string",
    kind: "types",
    changes: [
      {
        edit: SOFT,
        find: "    skills:\n      - Clear technical writing\n      - Client workshops\n      - Explaining trade-offs\n      - Active listening",
        replace: "    skills: Clear technical writing",
      },
    ],
    expect: { rejected: true, file: SOFT, field: "groups[0].skills" },
  },
  {
    name: "soft-skill group skills is an empty list",
    kind: "types",
    changes: [
      {
        edit: SOFT,
        find: "    skills:\n      - Root-cause analysis\n      - Rapid prototyping\n      - Prioritisation\n      - Systems thinking",
        replace: "    skills: []",
      },
    ],
    expect: { rejected: true, file: SOFT, field: "groups[2].skills" },
  },
  {
    name: "soft-skill group title is empty",
    kind: "types",
    changes: [{ edit: SOFT, find: "  - title: Problem Solving", replace: '  - title: ""' }],
    expect: { rejected: true, file: SOFT, field: "groups[2].title" },
  },
  {
    name: "soft skill is a number",
    kind: "types",
    changes: [{ edit: SOFT, find: "      - Sprint planning", replace: "      - 2024" }],
    expect: { rejected: true, file: SOFT, field: "groups[1].skills[2]" },
  },
  {
    name: "soft skill is an object",
    kind: "types",
    changes: [{ edit: SOFT, find: "      - Active listening", replace: "      - { name: Active listening }" }],
    expect: { rejected: true, file: SOFT, field: "groups[0].skills[3]" },
  },
  {
    name: "soft-skill groups is a string",
    kind: "types",
    changes: [{ write: SOFT, text: "---\ngroups: Communication\n---\n" }],
    expect: { rejected: true, file: SOFT, field: "groups" },
  },

  // ── Wrong types: projects ───────────────────────────────────────────────────────────────────────
  {
    name: "project languages is a string",
    kind: "types",
    changes: [
      {
        edit: FLEETWISE,
        find: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS]",
        replace: "languages: TypeScript",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "languages" },
  },
  {
    name: "project language is a list",
    kind: "types",
    changes: [
      {
        edit: FLEETWISE,
        find: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS]",
        replace: "languages: [TypeScript, [React, Redux], Node.js]",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "languages[1]" },
  },
  {
    name: "project language is null",
    kind: "types",
    changes: [
      {
        edit: FLEETWISE,
        find: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS]",
        replace: "languages: [TypeScript, null, Node.js]",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "languages[1]" },
  },
  {
    name: "project languages is an empty list",
    kind: "types",
    changes: [
      {
        edit: FLEETWISE,
        find: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS]",
        replace: "languages: []",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "languages" },
  },
  {
    name: "project client is a list",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: "client: Rota Verde Logistics", replace: "client: [Rota Verde, Logistics]" }],
    expect: { rejected: true, file: FLEETWISE, field: "client" },
  },
  {
    name: "project client is a number",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: "client: Rota Verde Logistics", replace: "client: 404" }],
    expect: { rejected: true, file: FLEETWISE, field: "client" },
  },
  {
    name: "project title is an object",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: "title: FleetWise", replace: "title: { en: FleetWise }" }],
    expect: { rejected: true, file: FLEETWISE, field: "title" },
  },
  {
    name: "project projectType is empty",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: "projectType: Web Application", replace: 'projectType: ""' }],
    expect: { rejected: true, file: FLEETWISE, field: "projectType" },
  },
  {
    name: "project for is null",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: "for: Nordlys Digital", replace: "for: null" }],
    expect: { rejected: true, file: FLEETWISE, field: "for" },
  },
  {
    name: "project features is a string",
    kind: "types",
    changes: [
      {
        edit: FLEETWISE,
        find: "features:\n  - Live map of 120 delivery vans\n  - Route replay and delay alerts\n  - Fuel and maintenance reports per vehicle",
        replace: "features: Live map of 120 delivery vans",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "features" },
  },
  {
    name: "project technical highlight is an object",
    kind: "types",
    changes: [
      {
        edit: FLEETWISE,
        find: "  - Map rendering with vector tiles, smooth at thousands of points",
        replace: "  - { text: Map rendering with vector tiles }",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "technical_highlights[1]" },
  },
  {
    name: "project key component is empty",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: "  - Reporting worker", replace: '  - ""' }],
    expect: { rejected: true, file: FLEETWISE, field: "key_components[2]" },
  },
  {
    name: "project image is a number",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: 42" }],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project year is a list",
    kind: "types",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"', replace: "year: [9, 2024]" }],
    expect: { rejected: true, file: FLEETWISE, field: "year" },
  },
  {
    name: "project github is javascript:",
    kind: "types",
    changes: [
      {
        edit: SITELOG,
        find: "github: https://github.com/maya-okafor-sample/sitelog",
        replace: `github: ${q("javascript:alert(1)")}`,
      },
    ],
    expect: { rejected: true, file: SITELOG, field: "github" },
  },
  {
    name: "project github is a data: URL",
    kind: "types",
    changes: [
      {
        edit: SITELOG,
        find: "github: https://github.com/maya-okafor-sample/sitelog",
        replace: `github: ${q("data:text/html,<script>alert(1)</script>")}`,
      },
    ],
    expect: { rejected: true, file: SITELOG, field: "github" },
  },
  {
    name: "project github is not a URL",
    kind: "types",
    changes: [
      {
        edit: SITELOG,
        find: "github: https://github.com/maya-okafor-sample/sitelog",
        replace: "github: maya-okafor-sample/sitelog",
      },
    ],
    expect: { rejected: true, file: SITELOG, field: "github" },
  },
  {
    name: "project preview is ftp:",
    kind: "types",
    changes: [{ edit: SITELOG, find: "preview: https://sitelog.example.com", replace: "preview: ftp://x" }],
    expect: { rejected: true, file: SITELOG, field: "preview" },
  },
  {
    name: "project preview is protocol-relative",
    kind: "types",
    changes: [
      { edit: FLEETWISE, find: "preview: https://fleetwise.example.com", replace: "preview: //fleetwise.example.com" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "preview" },
  },

  // ── Wrong types: other projects and blog posts ──────────────────────────────────────────────────
  {
    name: "other-project link is javascript:",
    kind: "types",
    changes: [
      { edit: OTHER, find: "link: https://lisbon-air.example.com", replace: `link: ${q("javascript:alert(1)")}` },
    ],
    expect: { rejected: true, file: OTHER, field: "link" },
  },
  {
    name: "other-project link is ftp:",
    kind: "types",
    changes: [{ edit: OTHER, find: "link: https://lisbon-air.example.com", replace: "link: ftp://x" }],
    expect: { rejected: true, file: OTHER, field: "link" },
  },
  {
    name: "other-project link has a space",
    kind: "types",
    changes: [
      { edit: OTHER, find: "link: https://lisbon-air.example.com", replace: 'link: "https://lisbon air.example.com"' },
    ],
    expect: { rejected: true, file: OTHER, field: "link" },
  },
  {
    name: "other-project title is a list",
    kind: "types",
    changes: [{ edit: OTHER, find: "title: Lisbon Air", replace: "title: [Lisbon, Air]" }],
    expect: { rejected: true, file: OTHER, field: "title" },
  },
  {
    name: "blog author is a list",
    kind: "types",
    changes: [{ write: BLOG, text: post({ author: "[Maya Okafor, Ana Silva]" }) }],
    expect: { rejected: true, file: BLOG, field: "author" },
  },
  {
    name: "blog author is null",
    kind: "types",
    changes: [{ write: BLOG, text: post({ author: "null" }) }],
    expect: { rejected: true, file: BLOG, field: "author" },
  },
  {
    name: "blog title is empty",
    kind: "types",
    changes: [{ write: BLOG, text: post({ title: '""' }) }],
    expect: { rejected: true, file: BLOG, field: "title" },
  },
  {
    name: "blog title is an object",
    kind: "types",
    changes: [{ write: BLOG, text: post({ title: "{ en: Offline first }" }) }],
    expect: { rejected: true, file: BLOG, field: "title" },
  },
  {
    name: "blog category is a list",
    kind: "types",
    changes: [{ write: BLOG, text: post({ category: "[Programming, AI]" }) }],
    expect: { rejected: true, file: BLOG, field: "category" },
  },
  {
    name: "blog image is a number",
    kind: "types",
    changes: [{ write: BLOG, text: post({ image: "42" }) }],
    expect: { rejected: true, file: BLOG, field: "image" },
  },
  {
    name: "blog date is a number",
    kind: "types",
    changes: [{ write: BLOG, text: post({ date: "20250131" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },

  // ── Dates: blog YYYY-MM-DD, project MM/YYYY, other-project YYYY ─────────────────────────────────
  {
    name: "blog date 2025-02-30",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "2025-02-30" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date quoted 2025-02-30",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: '"2025-02-30"' }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date 2025-04-31",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "2025-04-31" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date 2025-13-01",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "2025-13-01" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date 2025-00-10",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "2025-00-10" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date 2025-1-5",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "2025-1-5" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date 31/01/2025",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "31/01/2025" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date yesterday",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "yesterday" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date 2023-02-29 (not a leap year)",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "2023-02-29" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "blog date 2024-02-29 (leap year) builds",
    kind: "dates",
    changes: [{ write: BLOG, text: post({ date: "2024-02-29" }) }],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "project year 13/2024",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"', replace: 'year: "13/2024"' }],
    expect: { rejected: true, file: FLEETWISE, field: "year" },
  },
  {
    name: "project year 00/2024",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"', replace: 'year: "00/2024"' }],
    expect: { rejected: true, file: FLEETWISE, field: "year" },
  },
  {
    name: "project year 2024 without a month",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"', replace: 'year: "2024"' }],
    expect: { rejected: true, file: FLEETWISE, field: "year" },
  },
  {
    name: "project year 9/2024 with one digit",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"', replace: 'year: "9/2024"' }],
    expect: { rejected: true, file: FLEETWISE, field: "year" },
  },
  {
    name: "project year 09/24 with two digits",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"', replace: 'year: "09/24"' }],
    expect: { rejected: true, file: FLEETWISE, field: "year" },
  },
  {
    name: "other-project year 21",
    kind: "dates",
    changes: [{ edit: OTHER, find: 'year: "2022"', replace: 'year: "21"' }],
    expect: { rejected: true, file: OTHER, field: "year" },
  },
  {
    name: "other-project year 2022-01",
    kind: "dates",
    changes: [{ edit: OTHER, find: 'year: "2022"', replace: 'year: "2022-01"' }],
    expect: { rejected: true, file: OTHER, field: "year" },
  },
  {
    name: "other-project year as a word",
    kind: "dates",
    changes: [{ edit: OTHER, find: 'year: "2022"', replace: "year: twenty-twenty-two" }],
    expect: { rejected: true, file: OTHER, field: "year" },
  },
  {
    name: "other-project year with five digits",
    kind: "dates",
    changes: [{ edit: OTHER, find: 'year: "2022"', replace: "year: 20221" }],
    expect: { rejected: true, file: OTHER, field: "year" },
  },
  {
    name: "education start month 13",
    kind: "dates",
    changes: [{ edit: EDUCATION, find: "start: 2017-09", replace: "start: 2017-13" }],
    expect: { rejected: true, file: EDUCATION, field: "start" },
  },
  {
    // A day is kept (an imported résumé's), and shown as its month.
    name: "education start with a day builds",
    kind: "dates",
    changes: [{ edit: EDUCATION, find: "start: 2017-09", replace: "start: 2017-09-15" }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "education start with a day that does not exist",
    kind: "dates",
    changes: [{ edit: EDUCATION, find: "start: 2017-09", replace: "start: 2017-09-31" }],
    expect: { rejected: true, file: EDUCATION, field: "start" },
  },
  {
    name: "education end before start",
    kind: "dates",
    changes: [{ edit: EDUCATION, find: "end: 2019-07", replace: "end: 2016-07" }],
    expect: { rejected: true, file: EDUCATION, field: "end" },
  },
  {
    name: "experience end as a word",
    kind: "dates",
    changes: [{ edit: EXPERIENCE, find: "end: present", replace: "end: ongoing" }],
    expect: { rejected: true, file: EXPERIENCE, field: "end" },
  },
  {
    name: "experience start as MM/YYYY",
    kind: "dates",
    changes: [{ edit: EXPERIENCE, find: "start: 2022-03", replace: 'start: "03/2022"' }],
    expect: { rejected: true, file: EXPERIENCE, field: "start" },
  },
  {
    name: "experience start in year 999",
    kind: "dates",
    changes: [{ edit: EXPERIENCE, find: "start: 2022-03", replace: "start: 999" }],
    expect: { rejected: true, file: EXPERIENCE, field: "start" },
  },
  {
    name: "experience with period and start",
    kind: "dates",
    changes: [{ edit: EXPERIENCE, find: "start: 2022-03", replace: 'start: 2022-03\nperiod: "2022 — Present"' }],
    expect: { rejected: true, file: EXPERIENCE, field: "period" },
  },

  // ── Unknown categories, near misses included ────────────────────────────────────────────────────
  {
    name: "project category web in lower case",
    kind: "categories",
    changes: [{ edit: FLEETWISE, find: "category: Web", replace: "category: web" }],
    expect: { rejected: true, file: FLEETWISE, field: "category" },
  },
  {
    name: "project category from the blog list",
    kind: "categories",
    changes: [{ edit: FLEETWISE, find: "category: Web", replace: "category: Programming" }],
    expect: { rejected: true, file: FLEETWISE, field: "category" },
  },
  {
    name: "project category unknown",
    kind: "categories",
    changes: [{ edit: FLEETWISE, find: "category: Web", replace: "category: Fintech" }],
    expect: { rejected: true, file: FLEETWISE, field: "category" },
  },
  {
    name: "project category Mobile and Web for Mobile & Web",
    kind: "categories",
    changes: [
      { edit: "content/projects/turma.md", find: "category: Mobile & Web", replace: "category: Mobile and Web" },
    ],
    expect: { rejected: true, file: "content/projects/turma.md", field: "category" },
  },
  {
    name: "blog category programming in lower case",
    kind: "categories",
    changes: [{ write: BLOG, text: post({ category: "programming" }) }],
    expect: { rejected: true, file: BLOG, field: "category" },
  },
  {
    name: "blog category from the project list",
    kind: "categories",
    changes: [{ write: BLOG, text: post({ category: "Web" }) }],
    expect: { rejected: true, file: BLOG, field: "category" },
  },
  {
    name: "skill category web in lower case",
    kind: "categories",
    changes: [{ edit: SKILLS, find: "category: Web, percent: 90", replace: "category: web, percent: 90" }],
    expect: { rejected: true, file: SKILLS, field: "skills[0].category" },
  },
  {
    name: "skill category AI for AI/ML",
    kind: "categories",
    changes: [{ edit: SKILLS, find: 'category: "AI/ML", percent: 80', replace: "category: AI, percent: 80" }],
    expect: { rejected: true, file: SKILLS, field: "skills[4].category" },
  },
  {
    name: "skill category unknown",
    kind: "categories",
    changes: [{ edit: SKILLS, find: "category: Embedded, percent: 70", replace: "category: Robotics, percent: 70" }],
    expect: { rejected: true, file: SKILLS, field: "skills[7].category" },
  },

  // ── Unknown fields, in every folder and in the config ───────────────────────────────────────────
  {
    name: "unknown field in about",
    kind: "unknown-fields",
    changes: [{ edit: ABOUT, find: "title: About me", replace: "title: About me\nsubtitle: Hello there" }],
    expect: { rejected: true, file: ABOUT, field: "subtitle" },
  },
  {
    name: "unknown field in a service",
    kind: "unknown-fields",
    changes: [{ edit: SERVICE, find: "icon: code", replace: "icon: code\ncolour: teal" }],
    expect: { rejected: true, file: SERVICE, field: "colour" },
  },
  {
    name: "unknown field in education",
    kind: "unknown-fields",
    changes: [{ edit: EDUCATION, find: "end: 2019-07", replace: "end: 2019-07\ngrade: Distinction" }],
    expect: { rejected: true, file: EDUCATION, field: "grade" },
  },
  {
    name: "unknown field in experience",
    kind: "unknown-fields",
    changes: [{ edit: EXPERIENCE, find: "end: present", replace: "end: present\nteamSize: 12" }],
    expect: { rejected: true, file: EXPERIENCE, field: "teamSize" },
  },
  {
    name: "unknown top-level field in skills",
    kind: "unknown-fields",
    changes: [{ edit: SKILLS, find: "skills:\n", replace: "intro: What I use most\nskills:\n" }],
    expect: { rejected: true, file: SKILLS, field: "intro" },
  },
  {
    name: "unknown field in a skill",
    kind: "unknown-fields",
    changes: [
      {
        edit: SKILLS,
        find: "category: Web, percent: 90 }",
        replace: "category: Web, percent: 90, proficiency: expert }",
      },
    ],
    expect: { rejected: true, file: SKILLS, field: "proficiency" },
  },
  {
    name: "unknown field in a soft-skill group",
    kind: "unknown-fields",
    changes: [{ edit: SOFT, find: "  - title: Communication", replace: "  - title: Communication\n    emoji: speech" }],
    expect: { rejected: true, file: SOFT, field: "emoji" },
  },
  {
    name: "unknown field in a project",
    kind: "unknown-fields",
    changes: [{ edit: FLEETWISE, find: "category: Web", replace: "category: Web\nlabels: [maps, logistics]" }],
    expect: { rejected: true, file: FLEETWISE, field: "labels" },
  },
  {
    name: "misspelt field in a project",
    kind: "unknown-fields",
    changes: [{ edit: FLEETWISE, find: "category: Web", replace: "category: Web\ntechnical_hilights: [Vector tiles]" }],
    expect: { rejected: true, file: FLEETWISE, field: "technical_hilights" },
  },
  {
    name: "unknown field in an other project",
    kind: "unknown-fields",
    changes: [{ edit: OTHER, find: 'year: "2022"', replace: 'year: "2022"\nstars: 12' }],
    expect: { rejected: true, file: OTHER, field: "stars" },
  },
  {
    name: "unknown field in a blog post",
    kind: "unknown-fields",
    changes: [{ write: BLOG, text: post({ subtitle: q("A second title") }) }],
    expect: { rejected: true, file: BLOG, field: "subtitle" },
  },
  {
    name: "config site.theme",
    kind: "unknown-fields",
    changes: [{ edit: CONFIG, find: 'lang: "en",', replace: 'lang: "en",\n    theme: "dark",' }],
    expect: { rejected: true, file: CONFIG, field: "site.theme" },
  },
  {
    name: "config owner.age",
    kind: "unknown-fields",
    changes: [
      { edit: CONFIG, find: 'birthday: "March 14, 1994",', replace: 'birthday: "March 14, 1994",\n    age: 31,' },
    ],
    expect: { rejected: true, file: CONFIG, field: "owner.age" },
  },
  {
    name: "config emailjs.region",
    kind: "unknown-fields",
    changes: [
      {
        edit: CONFIG,
        find: 'templateId: "sample_template",',
        replace: 'templateId: "sample_template",\n    region: "eu",',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "emailjs.region" },
  },
  {
    name: "config top-level analytics",
    kind: "unknown-fields",
    changes: [
      {
        edit: CONFIG,
        find: 'skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"],',
        replace: 'skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"],\n  analytics: { id: "UA-1" },',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "analytics" },
  },
  {
    name: "unknown field in a certificate",
    kind: "unknown-fields",
    changes: [{ edit: CERTIFICATES, find: "    issuer: Google", replace: "    issuer: Google\n    expires: 2024-08" }],
    expect: { rejected: true, file: CERTIFICATES, field: "certificates[1].expires" },
  },
  {
    name: "unknown field in a language",
    kind: "unknown-fields",
    changes: [
      {
        edit: LANGUAGES,
        find: "{ language: English, fluency: Native }",
        replace: "{ language: English, fluency: Native, level: C2 }",
      },
    ],
    expect: { rejected: true, file: LANGUAGES, field: "languages[0].level" },
  },
  {
    name: "interest keywords a string",
    kind: "types",
    changes: [
      {
        edit: INTERESTS,
        find: "{ name: Surfing, keywords: [Ericeira, Early sessions] }",
        replace: "{ name: Surfing, keywords: Ericeira }",
      },
    ],
    expect: { rejected: true, file: INTERESTS, field: "interests[0].keywords" },
  },
  {
    name: "interest without name",
    kind: "missing-fields",
    changes: [{ edit: INTERESTS, find: "{ name: Open source, keywords:", replace: "{ keywords:" }],
    expect: { rejected: true, file: INTERESTS, field: "interests[1].name" },
  },
  {
    // A referee named without their words ("Available on request") is shown by name alone.
    name: "reference without its text builds",
    kind: "missing-fields",
    changes: [{ write: NEW_REFERENCES, text: "---\nreferences:\n  - { name: Ana Costa }\n---\n" }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "reference whose text is a list",
    kind: "types",
    changes: [{ write: NEW_REFERENCES, text: "---\nreferences:\n  - { name: Ana Costa, reference: [Great] }\n---\n" }],
    expect: { rejected: true, file: NEW_REFERENCES, field: "references[0].reference" },
  },
  {
    name: "unknown field in an award",
    kind: "unknown-fields",
    changes: [{ write: NEW_AWARD, text: award({ prize: "1000" }) }],
    expect: { rejected: true, file: NEW_AWARD, field: "prize" },
  },
  {
    name: "certificate date month 13",
    kind: "dates",
    changes: [{ edit: CERTIFICATES, find: "date: 2023-05", replace: "date: 2023-13" }],
    expect: { rejected: true, file: CERTIFICATES, field: "certificates[0].date" },
  },
  {
    name: "certificate without issuer",
    kind: "missing-fields",
    changes: [{ edit: CERTIFICATES, find: "    issuer: Google\n", replace: "" }],
    expect: { rejected: true, file: CERTIFICATES, field: "certificates[1].issuer" },
  },
  {
    // A JSON Resume may leave fluency out: the language is shown alone.
    name: "language without fluency builds",
    kind: "missing-fields",
    changes: [{ edit: LANGUAGES, find: "{ language: English, fluency: Native }", replace: "{ language: English }" }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "publication without publisher or event",
    kind: "missing-fields",
    changes: [{ write: NEW_PUBLICATION, text: publication({ event: undefined }) }],
    expect: { rejected: true, file: NEW_PUBLICATION, field: "publisher" },
  },
  {
    name: "publication url is javascript:",
    kind: "types",
    changes: [{ write: NEW_PUBLICATION, text: publication({ url: q("javascript:alert(1)") }) }],
    expect: { rejected: true, file: NEW_PUBLICATION, field: "url" },
  },
  {
    name: "volunteer end before start",
    kind: "dates",
    changes: [{ write: NEW_VOLUNTEER, text: timeline({ start: "2021-06", end: "2021-01" }) }],
    expect: { rejected: true, file: NEW_VOLUNTEER, field: "end" },
  },

  // ── Missing required fields ─────────────────────────────────────────────────────────────────────
  {
    name: "about.md missing",
    kind: "missing-fields",
    changes: [{ remove: ABOUT }],
    expect: { rejected: true, file: ABOUT },
  },
  {
    name: "service without icon",
    kind: "missing-fields",
    changes: [{ edit: SERVICE, find: "icon: code\n", replace: "" }],
    expect: { rejected: true, file: SERVICE, field: "icon" },
  },
  {
    name: "service without title",
    kind: "missing-fields",
    changes: [{ edit: SERVICE, find: "title: Full-Stack Development\n", replace: "" }],
    expect: { rejected: true, file: SERVICE, field: "title" },
  },
  {
    name: "education without organisation",
    kind: "missing-fields",
    changes: [{ edit: EDUCATION, find: "organisation: NOVA IMS, Universidade Nova de Lisboa\n", replace: "" }],
    expect: { rejected: true, file: EDUCATION, field: "organisation" },
  },
  {
    // An entry whose start is not known is shown with its end alone, after the dated ones.
    name: "experience without start builds",
    kind: "missing-fields",
    changes: [{ edit: EXPERIENCE, find: "start: 2022-03\n", replace: "" }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "experience without title",
    kind: "missing-fields",
    changes: [{ edit: EXPERIENCE, find: "title: Senior Full-Stack Developer\n", replace: "" }],
    expect: { rejected: true, file: EXPERIENCE, field: "title" },
  },
  {
    name: "skill without percent",
    kind: "missing-fields",
    changes: [{ edit: SKILLS, find: "category: Desktop, percent: 75 }", replace: "category: Desktop }" }],
    expect: { rejected: true, file: SKILLS, field: "skills[6].percent" },
  },
  {
    name: "skill without category",
    kind: "missing-fields",
    changes: [{ edit: SKILLS, find: "category: Embedded, percent: 70 }", replace: "percent: 70 }" }],
    expect: { rejected: true, file: SKILLS, field: "skills[7].category" },
  },
  {
    name: "soft-skill group without skills",
    kind: "missing-fields",
    changes: [
      {
        edit: SOFT,
        find: "  - title: Problem Solving\n    skills:\n      - Root-cause analysis\n      - Rapid prototyping\n      - Prioritisation\n      - Systems thinking",
        replace: "  - title: Problem Solving",
      },
    ],
    expect: { rejected: true, file: SOFT, field: "groups[2].skills" },
  },
  // A project needs only its title and description: a missing fact is a line left out (and an
  // imported JSON Resume project often has no client or year).
  {
    name: "project without year builds",
    kind: "missing-fields",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"\n', replace: "" }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "project without languages, client, for or category builds",
    kind: "missing-fields",
    changes: [
      { edit: FLEETWISE, find: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS]\n", replace: "" },
      { edit: FLEETWISE, find: "client: Rota Verde Logistics\n", replace: "" },
      { edit: FLEETWISE, find: "for: Nordlys Digital\n", replace: "" },
      { edit: FLEETWISE, find: "category: Web\n", replace: "" },
    ],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "project with both year and start",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"\n', replace: 'year: "09/2024"\nstart: 2024-09\n' }],
    expect: { rejected: true, file: FLEETWISE, field: "year" },
  },
  {
    name: "project end before its start",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"\n', replace: "start: 2024-09\nend: 2023-01\n" }],
    expect: { rejected: true, file: FLEETWISE, field: "end" },
  },
  {
    name: "project start is not a date",
    kind: "dates",
    changes: [{ edit: FLEETWISE, find: 'year: "09/2024"\n', replace: "start: last spring\n" }],
    expect: { rejected: true, file: FLEETWISE, field: "start" },
  },
  {
    name: "other project without year",
    kind: "missing-fields",
    changes: [{ edit: OTHER, find: 'year: "2022"\n', replace: "" }],
    expect: { rejected: true, file: OTHER, field: "year" },
  },
  {
    name: "other project without title",
    kind: "missing-fields",
    changes: [{ edit: OTHER, find: "title: Lisbon Air\n", replace: "" }],
    expect: { rejected: true, file: OTHER, field: "title" },
  },
  {
    name: "blog post without date",
    kind: "missing-fields",
    changes: [{ write: BLOG, text: post({ date: undefined }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    // The owner writes their own blog: a post without an author is theirs.
    name: "blog post without author builds, by the owner",
    kind: "missing-fields",
    changes: [{ write: BLOG, text: post({ author: undefined }) }],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "blog post without category",
    kind: "missing-fields",
    changes: [{ write: BLOG, text: post({ category: undefined }) }],
    expect: { rejected: true, file: BLOG, field: "category" },
  },
  {
    name: "blog post without title",
    kind: "missing-fields",
    changes: [{ write: BLOG, text: post({ title: undefined }) }],
    expect: { rejected: true, file: BLOG, field: "title" },
  },
  {
    // site.title may be left out (it follows the owner's name): the name may not.
    name: "config without owner.name",
    kind: "missing-fields",
    changes: [{ edit: CONFIG, find: '    name: "Maya Okafor",\n', replace: "" }],
    expect: { rejected: true, file: CONFIG, field: "owner.name" },
  },
  {
    name: "config without owner.email",
    kind: "missing-fields",
    changes: [{ edit: CONFIG, find: '    email: "hello@maya-okafor.example",\n', replace: "" }],
    expect: { rejected: true, file: CONFIG, field: "owner.email" },
  },
  {
    name: "config without owner.photo",
    kind: "missing-fields",
    changes: [{ edit: CONFIG, find: '    photo: "images/avatar.svg",\n', replace: "" }],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    // cv itself is optional (a site without one offers no CV); a cv without its file is not.
    name: "config cv without file",
    kind: "missing-fields",
    changes: [{ edit: CONFIG, find: '    file: "cv/maya-okafor-cv.pdf",\n', replace: "" }],
    expect: { rejected: true, file: CONFIG, field: "cv.file" },
  },
  {
    name: "config emailjs without templateId",
    kind: "missing-fields",
    changes: [{ edit: CONFIG, find: '    templateId: "sample_template",\n', replace: "" }],
    expect: { rejected: true, file: CONFIG, field: "emailjs.templateId" },
  },

  // ── Empty files, binary files, files that are not UTF-8: named by the file ──────────────────────
  {
    name: "empty skills.md",
    kind: "empty-or-binary",
    changes: [{ write: SKILLS, text: "" }],
    expect: { rejected: true, file: SKILLS, field: "skills" },
  },
  {
    name: "empty soft-skills.md",
    kind: "empty-or-binary",
    changes: [{ write: SOFT, text: "" }],
    expect: { rejected: true, file: SOFT, field: "groups" },
  },
  {
    name: "empty project file",
    kind: "empty-or-binary",
    changes: [{ write: PROJECT, text: "" }],
    expect: { rejected: true, file: PROJECT, field: "title" },
  },
  {
    name: "empty blog post",
    kind: "empty-or-binary",
    changes: [{ write: BLOG, text: "" }],
    expect: { rejected: true, file: BLOG, field: "title" },
  },
  {
    name: "empty service file",
    kind: "empty-or-binary",
    changes: [{ write: NEW_SERVICE, text: "" }],
    expect: { rejected: true, file: NEW_SERVICE, field: "title" },
  },
  {
    name: "project .md of random bytes",
    kind: "empty-or-binary",
    changes: [{ write: PROJECT, base64: randomBytes }],
    expect: { rejected: true, file: PROJECT },
  },
  {
    name: "about.md of random bytes",
    kind: "empty-or-binary",
    changes: [{ write: ABOUT, base64: randomBytes }],
    expect: { rejected: true, file: ABOUT },
  },
  {
    name: "blog post with a NUL byte",
    kind: "empty-or-binary",
    changes: [{ write: BLOG, text: post({}, "How the app keeps working\u0000 on the metro.") }],
    expect: { rejected: true, file: BLOG },
  },
  {
    name: "other project in Latin-1 (byte 0xE9)",
    kind: "empty-or-binary",
    changes: [{ write: NEW_OTHER, base64: latin1OtherProject }],
    expect: { rejected: true, file: NEW_OTHER },
  },
  {
    name: "other project in UTF-16",
    kind: "empty-or-binary",
    changes: [{ write: NEW_OTHER, base64: utf16OtherProject }],
    expect: { rejected: true, file: NEW_OTHER },
  },

  // ── Filesystem: folders named .md, symlinks, files in public/ that could run code ───────────────
  {
    name: "folder named content/blog/folder.md",
    kind: "filesystem",
    changes: [{ mkdir: "content/blog/folder.md" }],
    expect: { rejected: true, file: "content/blog/folder.md" },
  },
  {
    name: "broken symlink content/projects/gone.md",
    kind: "filesystem",
    changes: [{ symlink: "content/projects/gone.md", target: "nowhere.md" }],
    expect: { rejected: true, file: "content/projects/gone.md" },
  },
  {
    name: "symlink content/blog/passwd.md to /etc/passwd",
    kind: "filesystem",
    changes: [{ symlink: "content/blog/passwd.md", target: "/etc/passwd" }],
    expect: { rejected: true, file: "content/blog/passwd.md" },
  },
  {
    name: "symlink content/other-projects/up.md out of the project",
    kind: "filesystem",
    changes: [{ symlink: "content/other-projects/up.md", target: "../../../../../../../../etc/hostname" }],
    expect: { rejected: true, file: "content/other-projects/up.md" },
  },
  {
    name: "symlinked content/projects folder to /tmp",
    kind: "filesystem",
    changes: [{ remove: "content/projects" }, { symlink: "content/projects", target: "/tmp" }],
    expect: { rejected: true, file: "content/projects" },
  },
  {
    name: "symlink public/passwd to /etc/passwd",
    kind: "filesystem",
    changes: [{ symlink: "public/passwd", target: "/etc/passwd" }],
    expect: { rejected: true, file: "public/passwd" },
  },
  {
    name: "symlink public/etc to the /etc folder",
    kind: "filesystem",
    changes: [{ symlink: "public/etc", target: "/etc" }],
    expect: { rejected: true, file: "public/etc" },
  },
  {
    name: "symlink public/up out of the project",
    kind: "filesystem",
    changes: [{ symlink: "public/up", target: "../../" }],
    expect: { rejected: true, file: "public/up" },
  },
  {
    name: "broken symlink in public",
    kind: "filesystem",
    changes: [{ symlink: "public/images/gone.png", target: "nowhere.png" }],
    expect: { rejected: true, file: "public/images/gone.png" },
  },
  {
    name: "public/evil.html with a script",
    kind: "filesystem",
    changes: [
      {
        write: "public/evil.html",
        text: "<!doctype html>\n<title>x</title>\n<script>window.__pwned = 1; alert(1)</script>\n",
      },
    ],
    expect: { rejected: true, file: "public/evil.html" },
  },
  {
    name: "public/files/page.htm with a script",
    kind: "filesystem",
    changes: [{ write: "public/files/page.htm", text: "<script>alert(1)</script>\n" }],
    expect: { rejected: true, file: "public/files/page.htm" },
  },
  {
    name: "public/app.js",
    kind: "filesystem",
    changes: [{ write: "public/app.js", text: "window.__pwned = 1;\n" }],
    expect: { rejected: true, file: "public/app.js" },
  },
  {
    name: "public/worker.mjs",
    kind: "filesystem",
    changes: [{ write: "public/worker.mjs", text: "self.__pwned = 1;\n" }],
    expect: { rejected: true, file: "public/worker.mjs" },
  },

  // ── Images: SVGs in public/ that could run code ─────────────────────────────────────────────────
  {
    name: "svg in public with a script",
    kind: "images",
    changes: [
      {
        write: "public/images/evil.svg",
        text: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.__pwned = 1</script></svg>\n',
      },
    ],
    expect: { rejected: true, file: "public/images/evil.svg" },
  },
  {
    name: "svg in public with onload",
    kind: "images",
    changes: [
      {
        write: "public/images/onload.svg",
        text: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>\n',
      },
    ],
    expect: { rejected: true, file: "public/images/onload.svg" },
  },
  {
    name: "svg in public with foreignObject",
    kind: "images",
    changes: [
      {
        write: "public/images/foreign.svg",
        text: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe></div></foreignObject></svg>\n',
      },
    ],
    expect: { rejected: true, file: "public/images/foreign.svg" },
  },
  {
    name: "svg in public with a javascript: href",
    kind: "images",
    changes: [
      {
        write: "public/images/link.svg",
        text: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><a xlink:href="javascript:alert(1)"><rect width="10" height="10"/></a></svg>\n',
      },
    ],
    expect: { rejected: true, file: "public/images/link.svg" },
  },
  {
    name: "svg in public with an ENTITY declaration",
    kind: "images",
    changes: [
      {
        write: "public/images/entity.svg",
        text: '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>\n',
      },
    ],
    expect: { rejected: true, file: "public/images/entity.svg" },
  },
  {
    name: "plain svg in public used as a project image builds",
    kind: "images",
    changes: [
      { copy: "public/images/avatar.svg", to: "public/images/plain.svg" },
      { write: PROJECT, text: project({ image: "images/plain.svg" }) },
    ],
    expect: { rejected: false, pages: ["works"] },
  },

  // ── Images: project and blog image fields that are not images ───────────────────────────────────
  {
    name: "project image is a PDF named .png",
    kind: "images",
    changes: [
      { copy: "public/cv/maya-okafor-cv.pdf", to: "public/images/fake.png" },
      { edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: images/fake.png" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project image is a text file named .png",
    kind: "images",
    changes: [
      { write: "public/images/text.png", text: "this is not an image\n" },
      { edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: images/text.png" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project image is a zero-byte .jpg",
    kind: "images",
    changes: [
      { write: "public/images/empty.jpg", text: "" },
      { edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: images/empty.jpg" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project image is a truncated PNG",
    kind: "images",
    changes: [
      { write: "public/images/truncated.png", base64: truncatedPng },
      { edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: images/truncated.png" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project image is a folder",
    kind: "images",
    changes: [
      { mkdir: "public/images/dir.png" },
      { edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: images/dir.png" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project image missing",
    kind: "images",
    changes: [
      { edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: images/projects/nope.png" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project image path with ..",
    kind: "images",
    changes: [
      { edit: FLEETWISE, find: "image: images/projects/fleetwise.svg", replace: "image: ../portfolio.config.ts" },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "project image is an https URL",
    kind: "images",
    changes: [
      {
        edit: FLEETWISE,
        find: "image: images/projects/fleetwise.svg",
        replace: "image: https://evil.example/fleetwise.png",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "blog image is a PDF named .png",
    kind: "images",
    changes: [
      { copy: "public/cv/maya-okafor-cv.pdf", to: "public/images/fake.png" },
      { write: BLOG, text: post({ image: "images/fake.png" }) },
    ],
    expect: { rejected: true, file: BLOG, field: "image" },
  },
  {
    name: "blog image is a zero-byte .jpg",
    kind: "images",
    changes: [
      { write: "public/images/empty.jpg", text: "" },
      { write: BLOG, text: post({ image: "images/empty.jpg" }) },
    ],
    expect: { rejected: true, file: BLOG, field: "image" },
  },
  {
    name: "blog image is a folder",
    kind: "images",
    changes: [{ mkdir: "public/images/dir.png" }, { write: BLOG, text: post({ image: "images/dir.png" }) }],
    expect: { rejected: true, file: BLOG, field: "image" },
  },
  {
    name: "blog image missing",
    kind: "images",
    changes: [{ write: BLOG, text: post({ image: "images/blog/nope.webp" }) }],
    expect: { rejected: true, file: BLOG, field: "image" },
  },
  {
    name: "blog image path with ..",
    kind: "images",
    changes: [{ write: BLOG, text: post({ image: "images/../../portfolio.config.ts" }) }],
    expect: { rejected: true, file: BLOG, field: "image" },
  },
  {
    name: "blog image is an https URL",
    kind: "images",
    changes: [{ write: BLOG, text: post({ image: "https://evil.example/cover.png" }) }],
    expect: { rejected: true, file: BLOG, field: "image" },
  },

  // ── Images: the config's owner.photo and site.image ─────────────────────────────────────────────
  {
    name: "owner.photo is a PDF named .png",
    kind: "images",
    changes: [
      { copy: "public/cv/maya-okafor-cv.pdf", to: "public/images/fake.png" },
      { edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "images/fake.png",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "owner.photo is a text file named .png",
    kind: "images",
    changes: [
      { write: "public/images/text.png", text: "this is not an image\n" },
      { edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "images/text.png",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "owner.photo is a zero-byte .jpg",
    kind: "images",
    changes: [
      { write: "public/images/empty.jpg", text: "" },
      { edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "images/empty.jpg",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "owner.photo is a truncated PNG",
    kind: "images",
    changes: [
      { write: "public/images/truncated.png", base64: truncatedPng },
      { edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "images/truncated.png",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "owner.photo is a folder",
    kind: "images",
    changes: [
      { mkdir: "public/images/dir.png" },
      { edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "images/dir.png",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "owner.photo missing",
    kind: "images",
    changes: [{ edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "images/nope.webp",' }],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "owner.photo path with ..",
    kind: "images",
    changes: [{ edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "../../etc/passwd",' }],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "owner.photo is an https URL",
    kind: "images",
    changes: [{ edit: CONFIG, find: 'photo: "images/avatar.svg",', replace: 'photo: "https://evil.example/me.png",' }],
    expect: { rejected: true, file: CONFIG, field: "owner.photo" },
  },
  {
    name: "site.image is a PDF named .jpg",
    kind: "images",
    changes: [
      { copy: "public/cv/maya-okafor-cv.pdf", to: "public/images/fake.jpg" },
      { edit: CONFIG, find: 'image: "images/social-card.jpg",', replace: 'image: "images/fake.jpg",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "site.image" },
  },
  {
    name: "site.image is a truncated PNG",
    kind: "images",
    changes: [
      { write: "public/images/truncated.png", base64: truncatedPng },
      { edit: CONFIG, find: 'image: "images/social-card.jpg",', replace: 'image: "images/truncated.png",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "site.image" },
  },
  {
    name: "site.image is a folder",
    kind: "images",
    changes: [
      { mkdir: "public/images/dir.png" },
      { edit: CONFIG, find: 'image: "images/social-card.jpg",', replace: 'image: "images/dir.png",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "site.image" },
  },
  {
    name: "site.image missing",
    kind: "images",
    changes: [{ edit: CONFIG, find: 'image: "images/social-card.jpg",', replace: 'image: "images/share.png",' }],
    expect: { rejected: true, file: CONFIG, field: "site.image" },
  },
  {
    name: "site.image is an https URL",
    kind: "images",
    changes: [
      { edit: CONFIG, find: 'image: "images/social-card.jpg",', replace: 'image: "https://evil.example/card.jpg",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "site.image" },
  },

  // ── Markdown nesting beyond the limit (32 levels): named "body" ─────────────────────────────────
  {
    name: "project body with blockquotes 200 deep",
    kind: "markdown",
    changes: [{ write: PROJECT, text: project({}, `${"> ".repeat(200)}x`) }],
    expect: { rejected: true, file: PROJECT, field: "body" },
  },
  {
    name: "blog body with a list nested 200 deep",
    kind: "markdown",
    changes: [{ write: BLOG, text: post({}, nestedList(200)) }],
    expect: { rejected: true, file: BLOG, field: "body" },
  },
  {
    name: "about body with 300 list markers on one line",
    kind: "markdown",
    changes: [{ write: ABOUT, text: about(`${"- ".repeat(300)}x`) }],
    expect: { rejected: true, file: ABOUT, field: "body" },
  },
  {
    name: "service body with mixed > - nesting",
    kind: "markdown",
    changes: [{ write: NEW_SERVICE, text: service({}, `${"> - ".repeat(100)}x`) }],
    expect: { rejected: true, file: NEW_SERVICE, field: "body" },
  },
  {
    name: "education body with blockquotes 40 deep",
    kind: "markdown",
    changes: [{ write: NEW_EDUCATION, text: timeline({}, `${"> ".repeat(40)}x`) }],
    expect: { rejected: true, file: NEW_EDUCATION, field: "body" },
  },
  {
    name: "experience body with an ordered list nested 100 deep",
    kind: "markdown",
    changes: [{ write: NEW_EXPERIENCE, text: timeline({}, nestedList(100, "1. ", "   ")) }],
    expect: { rejected: true, file: NEW_EXPERIENCE, field: "body" },
  },
  {
    name: "blog body nested 10 deep builds",
    kind: "markdown",
    changes: [
      {
        write: BLOG,
        text: post({}, `${"> - ".repeat(5)}ten levels\n\n${nestedList(10)}\n\n${"> ".repeat(10)}ten quotes`),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },

  // ── Broken relative links and images in Markdown bodies: named "body" ───────────────────────────
  {
    name: "project body links to a missing file",
    kind: "links",
    changes: [
      {
        edit: FLEETWISE,
        find: "stopped maintaining their spreadsheets of fuel costs.",
        replace: "stopped maintaining their spreadsheets of fuel costs. See the [slides](files/missing.pdf).",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "body" },
  },
  {
    name: "project body links out of the site with ..",
    kind: "links",
    changes: [{ write: PROJECT, text: project({}, "Read [the notes](../../etc/passwd).") }],
    expect: { rejected: true, file: PROJECT, field: "body" },
  },
  {
    name: "blog body shows a missing image",
    kind: "links",
    changes: [{ write: BLOG, text: post({}, "The sync diagram:\n\n![d](images/nope.png)") }],
    expect: { rejected: true, file: BLOG, field: "body" },
  },
  {
    name: "blog body links to a missing ./ file",
    kind: "links",
    changes: [{ write: BLOG, text: post({}, "Download [the talk](./files/missing.pdf).") }],
    expect: { rejected: true, file: BLOG, field: "body" },
  },
  {
    name: "about body links to a missing CV",
    kind: "links",
    changes: [
      {
        edit: ABOUT,
        find: "mentor developers who are starting out.",
        replace: "mentor developers who are starting out. Here is [my old CV](cv/missing.pdf).",
      },
    ],
    expect: { rejected: true, file: ABOUT, field: "body" },
  },
  {
    name: "service body shows a missing image",
    kind: "links",
    changes: [
      {
        edit: SERVICE,
        find: "a fast, accessible front end.",
        replace: "a fast, accessible front end.\n\n![diagram](images/nope.png)",
      },
    ],
    expect: { rejected: true, file: SERVICE, field: "body" },
  },
  {
    name: "education body links to a missing thesis",
    kind: "links",
    changes: [
      {
        edit: EDUCATION,
        find: "short-term retail demand forecasting.",
        replace: "short-term retail demand forecasting ([thesis](files/thesis.pdf)).",
      },
    ],
    expect: { rejected: true, file: EDUCATION, field: "body" },
  },
  {
    name: "experience body has a raw img of a missing file",
    kind: "links",
    changes: [
      {
        edit: EXPERIENCE,
        find: "by about a third.",
        replace: 'by about a third.\n\n<img src="images/missing.png" alt="team">',
      },
    ],
    expect: { rejected: true, file: EXPERIENCE, field: "body" },
  },
  {
    name: "other-project body links to a missing page",
    kind: "links",
    changes: [
      {
        edit: OTHER,
        find: "public monitoring stations.",
        replace: "public monitoring stations ([demo](demos/nowhere.html)).",
      },
    ],
    expect: { rejected: true, file: OTHER, field: "body" },
  },

  // ── ids: two entries that would get the same id ─────────────────────────────────────────────────
  {
    name: "two soft-skill groups with the same title",
    kind: "ids",
    changes: [{ edit: SOFT, find: "  - title: Leadership & Collaboration", replace: "  - title: Communication" }],
    expect: { rejected: true, file: SOFT, field: "groups[1].title" },
  },
  {
    name: "two soft-skill groups differing only in case",
    kind: "ids",
    changes: [{ edit: SOFT, find: "  - title: Leadership & Collaboration", replace: "  - title: communication" }],
    expect: { rejected: true, file: SOFT, field: "groups[1].title" },
  },
  {
    name: "skillCategories AI/ML and AI ML",
    kind: "ids",
    changes: [
      {
        edit: CONFIG,
        find: 'skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"],',
        replace: 'skillCategories: ["Web", "Mobile", "AI/ML", "AI ML", "Desktop", "Embedded"],',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "skillCategories" },
  },
  {
    name: "skillCategories Web and web",
    kind: "ids",
    changes: [
      {
        edit: CONFIG,
        find: 'skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"],',
        replace: 'skillCategories: ["Web", "web", "Mobile", "AI/ML", "Desktop", "Embedded"],',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "skillCategories" },
  },
  {
    name: "projectCategories AI/ML and AI ML",
    kind: "ids",
    changes: [
      {
        edit: CONFIG,
        find: 'projectCategories: ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"],',
        replace: 'projectCategories: ["Mobile & Web", "AI/ML", "AI ML", "Web", "Mobile", "Hardware"],',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "projectCategories" },
  },
  {
    name: "blogCategories Design and design",
    kind: "ids",
    changes: [
      {
        edit: CONFIG,
        find: 'blogCategories: ["Programming", "AI", "Design", "Other"],',
        replace: 'blogCategories: ["Programming", "AI", "Design", "design", "Other"],',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "blogCategories" },
  },

  // ── Base path: site.base and --base ─────────────────────────────────────────────────────────────
  {
    name: "site.base with a space",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/a b/",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base with a double quote",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: `base: '/a"b/',` }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base with a single quote",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: `base: "/a'b/",` }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base with <script>",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/<script>alert(1)</script>/",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base is /../",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/../",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base /a/../b/",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/a/../b/",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base with // inside",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/a//b/",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base with ?x",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/a?x/",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base with #x",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/a#x/",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base with a backslash",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: 'base: "/a\\\\b/",' }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "site.base is a number",
    kind: "base-path",
    changes: [{ edit: CONFIG, find: 'base: "/",', replace: "base: 5," }],
    expect: { rejected: true, file: CONFIG, field: "site.base" },
  },
  {
    name: "--base with a space",
    kind: "base-path",
    changes: [],
    args: ["--base", "/a b/"],
    expect: { rejected: true, field: "--base" },
  },
  {
    name: "--base with <script>",
    kind: "base-path",
    changes: [],
    args: ["--base", "/<script>alert(1)</script>/"],
    expect: { rejected: true, field: "--base" },
  },
  {
    name: "--base /a/../b/",
    kind: "base-path",
    changes: [],
    args: ["--base", "/a/../b/"],
    expect: { rejected: true, field: "--base" },
  },
  {
    name: "--base with ?x",
    kind: "base-path",
    changes: [],
    args: ["--base", "/x?y/"],
    expect: { rejected: true, field: "--base" },
  },
  {
    name: "--base with // inside",
    kind: "base-path",
    changes: [],
    args: ["--base", "/a//b/"],
    expect: { rejected: true, field: "--base" },
  },
  {
    name: "--base with a double quote",
    kind: "base-path",
    changes: [],
    args: ["--base", '/a"b/'],
    expect: { rejected: true, field: "--base" },
  },

  // ── Config: throws, syntax errors, no or wrong default export ────────────────────────────────────
  {
    name: "config throws a string",
    kind: "config",
    changes: [
      { edit: CONFIG, find: "export default defineConfig({", replace: 'throw "boom";\nexport default defineConfig({' },
    ],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config throws undefined",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: "export default defineConfig({",
        replace: "throw undefined;\nexport default defineConfig({",
      },
    ],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config throws an object",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: "export default defineConfig({",
        replace: "throw { code: 1 };\nexport default defineConfig({",
      },
    ],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config throws an Error",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: "export default defineConfig({",
        replace: 'throw new Error("x");\nexport default defineConfig({',
      },
    ],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config unterminated string",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'lang: "en",', replace: 'lang: "en,' }],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config unclosed object",
    kind: "config",
    changes: [{ edit: CONFIG, find: "});", replace: "}" }],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config without a default export",
    kind: "config",
    changes: [{ edit: CONFIG, find: "export default defineConfig({", replace: "export const config = defineConfig({" }],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config default export is a string",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: "export default defineConfig({",
        replace: 'export default "x";\nexport const config = defineConfig({',
      },
    ],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config default export is null",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: "export default defineConfig({",
        replace: "export default null;\nexport const config = defineConfig({",
      },
    ],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config default export is a list",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: "export default defineConfig({",
        replace: "export default [];\nexport const config = defineConfig({",
      },
    ],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config default export is a function",
    kind: "config",
    changes: [{ edit: CONFIG, find: "export default defineConfig({", replace: "export default () => defineConfig({" }],
    expect: { rejected: true, file: CONFIG },
  },
  {
    name: "config default export is an empty object",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: "export default defineConfig({",
        replace: "export default {};\nexport const config = defineConfig({",
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "site" },
  },

  // ── Config: wrong values ────────────────────────────────────────────────────────────────────────
  {
    name: "config owner.email invalid",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'email: "hello@maya-okafor.example",', replace: 'email: "hello at maya-okafor",' }],
    expect: { rejected: true, file: CONFIG, field: "owner.email" },
  },
  {
    name: "config site.url ftp://x",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'url: "https://maya-okafor.example",', replace: 'url: "ftp://x",' }],
    expect: { rejected: true, file: CONFIG, field: "site.url" },
  },
  {
    name: "config site.url not a url",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'url: "https://maya-okafor.example",', replace: 'url: "not a url",' }],
    expect: { rejected: true, file: CONFIG, field: "site.url" },
  },
  {
    name: "config site.url javascript:",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'url: "https://maya-okafor.example",', replace: 'url: "javascript:alert(1)",' }],
    expect: { rejected: true, file: CONFIG, field: "site.url" },
  },
  {
    name: "config site.lang english!",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'lang: "en",', replace: 'lang: "english!",' }],
    expect: { rejected: true, file: CONFIG, field: "site.lang" },
  },
  {
    name: "config site.lang breaks out of the attribute",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'lang: "en",', replace: 'lang: "en\\" onload=\\"alert(1)",' }],
    expect: { rejected: true, file: CONFIG, field: "site.lang" },
  },
  {
    name: "config cv.file not a .pdf",
    kind: "config",
    changes: [
      { copy: "public/cv/maya-okafor-cv.pdf", to: "public/cv/maya-okafor-cv.docx" },
      { edit: CONFIG, find: 'file: "cv/maya-okafor-cv.pdf",', replace: 'file: "cv/maya-okafor-cv.docx",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "cv.file" },
  },
  {
    name: "config cv.file missing",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'file: "cv/maya-okafor-cv.pdf",', replace: 'file: "cv/old-cv.pdf",' }],
    expect: { rejected: true, file: CONFIG, field: "cv.file" },
  },
  {
    name: "config cv.downloadAs with a slash",
    kind: "config",
    changes: [
      { edit: CONFIG, find: 'downloadAs: "Maya-Okafor-CV.pdf",', replace: 'downloadAs: "../Maya-Okafor-CV.pdf",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "cv.downloadAs" },
  },
  {
    name: "config cv.downloadAs with a backslash",
    kind: "config",
    changes: [
      { edit: CONFIG, find: 'downloadAs: "Maya-Okafor-CV.pdf",', replace: 'downloadAs: "cv\\\\Maya-Okafor-CV.pdf",' },
    ],
    expect: { rejected: true, file: CONFIG, field: "cv.downloadAs" },
  },
  {
    name: "config skillCategories with a duplicate",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: 'skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"],',
        replace: 'skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded", "Web"],',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "skillCategories" },
  },
  {
    name: "config projectCategories with a duplicate",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: 'projectCategories: ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"],',
        replace: 'projectCategories: ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware", "Mobile"],',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "projectCategories" },
  },
  {
    name: "config skillCategories empty",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: 'skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"],',
        replace: "skillCategories: [],",
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "skillCategories" },
  },
  {
    name: "config social icon unknown",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'icon: "github" }', replace: 'icon: "myspace" }' }],
    expect: { rejected: true, file: CONFIG, field: "social[0].icon" },
  },
  {
    name: "config social kind unknown",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'kind: "code"', replace: 'kind: "source"' }],
    expect: { rejected: true, file: CONFIG, field: "social[0].kind" },
  },
  {
    name: "config social url javascript:",
    kind: "config",
    changes: [
      { edit: CONFIG, find: 'url: "https://github.com/maya-okafor-sample"', replace: 'url: "javascript:alert(1)"' },
    ],
    expect: { rejected: true, file: CONFIG, field: "social[0].url" },
  },
  {
    name: "config social url ftp://x",
    kind: "config",
    changes: [
      { edit: CONFIG, find: 'url: "https://www.linkedin.com/in/maya-okafor-sample"', replace: 'url: "ftp://x"' },
    ],
    expect: { rejected: true, file: CONFIG, field: "social[1].url" },
  },
  {
    name: "config social url data:",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: 'url: "https://wa.me/351912345678"',
        replace: 'url: "data:text/html,<script>alert(1)</script>"',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "social[2].url" },
  },
  {
    name: "config social label empty",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'label: "GitHub"', replace: 'label: ""' }],
    expect: { rejected: true, file: CONFIG, field: "social[0].label" },
  },
  {
    name: "config owner.name is a number",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'name: "Maya Okafor",', replace: "name: 42," }],
    expect: { rejected: true, file: CONFIG, field: "owner.name" },
  },
  {
    name: "config owner.jobTitle empty",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'jobTitle: "Full-Stack Developer",', replace: 'jobTitle: "",' }],
    expect: { rejected: true, file: CONFIG, field: "owner.jobTitle" },
  },
  {
    name: "config owner.location null",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'location: "Lisbon, Portugal",', replace: "location: null," }],
    expect: { rejected: true, file: CONFIG, field: "owner.location" },
  },
  {
    name: "config site.title is a list",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: 'title: "Maya Okafor — Full-Stack Developer",',
        replace: 'title: ["Maya Okafor", "Full-Stack Developer"],',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "site.title" },
  },
  {
    name: "config social is a string",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: /social: \[[\s\S]*?\n {2}\],/,
        replace: 'social: "https://github.com/maya-okafor-sample",',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "social" },
  },
  {
    name: "config cv is a string",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: 'cv: {\n    file: "cv/maya-okafor-cv.pdf",\n    downloadAs: "Maya-Okafor-CV.pdf",\n  },',
        replace: 'cv: "cv/maya-okafor-cv.pdf",',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "cv" },
  },
  {
    name: "config projectCategories is a string",
    kind: "config",
    changes: [
      {
        edit: CONFIG,
        find: 'projectCategories: ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"],',
        replace: 'projectCategories: "Web",',
      },
    ],
    expect: { rejected: true, file: CONFIG, field: "projectCategories" },
  },
  {
    name: "config emailjs.serviceId empty",
    kind: "config",
    changes: [{ edit: CONFIG, find: 'serviceId: "sample_service",', replace: 'serviceId: "",' }],
    expect: { rejected: true, file: CONFIG, field: "emailjs.serviceId" },
  },

  // ── Template: templates/page.html with an unknown marker or without {{body}} ─────────────────────
  {
    name: "template with an unknown marker",
    kind: "template",
    changes: [{ write: TEMPLATE, text: pageTemplate.replace("{{head}}", "{{head}}\n    {{nope}}") }],
    expect: { rejected: true, file: TEMPLATE, field: "{{nope}}" },
  },
  {
    name: "template with a marker in the wrong case",
    kind: "template",
    changes: [{ write: TEMPLATE, text: pageTemplate.replace("{{body}}", "{{Body}}") }],
    expect: { rejected: true, file: TEMPLATE, field: "{{Body}}" },
  },
  {
    name: "template without {{body}}",
    kind: "template",
    changes: [{ write: TEMPLATE, text: pageTemplate.replace("    {{body}}\n", "") }],
    expect: { rejected: true, file: TEMPLATE, field: "{{body}}" },
  },
  {
    name: "template without {{head}}",
    kind: "template",
    changes: [{ write: TEMPLATE, text: pageTemplate.replace("    {{head}}\n", "") }],
    expect: { rejected: true, file: TEMPLATE, field: "{{head}}" },
  },
  {
    name: "template with {{body}} twice",
    kind: "template",
    changes: [{ write: TEMPLATE, text: pageTemplate.replace("{{body}}", "{{body}}\n    {{body}}") }],
    expect: { rejected: true, file: TEMPLATE, field: "{{body}}" },
  },

  // ── Injection: project fields (Projects page: cards, dialogs, noscript text) ────────────────────
  {
    name: "injection project title",
    kind: "injection",
    changes: [{ write: PROJECT, text: project({ title: q(P.img) }) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project client",
    kind: "injection",
    changes: [{ write: PROJECT, text: project({ client: q(P.script) }) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project projectType",
    kind: "injection",
    changes: [{ write: PROJECT, text: project({ projectType: q(P.svg) }) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project languages",
    kind: "injection",
    changes: [{ write: PROJECT, text: project({ languages: flow(P.attr, P.markers, P.img) }) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project for",
    kind: "injection",
    changes: [{ write: PROJECT, text: project({ for: q(P.title) }) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project features",
    kind: "injection",
    changes: [{ write: PROJECT, text: project({ features: flow(P.lineSeparators, P.comment, P.cdata) }) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project technical_highlights",
    kind: "injection",
    changes: [
      {
        write: PROJECT,
        text: project({ technical_highlights: flow("{{head}}", "{{body}}", "<script>window.__pwned=1</script>") }),
      },
    ],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project key_components",
    kind: "injection",
    changes: [
      {
        write: PROJECT,
        text: project({
          key_components: flow(`<iframe srcdoc="<script>parent.__pwned=1</script>">`, "javascript:alert(1)", P.svg),
        }),
      },
    ],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project body raw HTML",
    kind: "injection",
    changes: [
      {
        write: PROJECT,
        text: project(
          {},
          [
            "<script>window.__pwned=1</script>",
            "",
            '<img src="images/avatar.svg" alt="me" onload="window.__pwned=1">',
            "",
            `<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>`,
            "",
            '<a href="javascript:alert(1)">click</a> and <svg><script>window.__pwned=1</script></svg>',
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection project body javascript: links",
    kind: "injection",
    changes: [
      {
        write: PROJECT,
        text: project(
          {},
          [
            "[one](javascript:alert(1)) [two](JaVaScRiPt:alert(1)) <javascript:alert(1)> [three][x]",
            "",
            "[four](&#106;avascript:alert(1)) [five](vbscript:msgbox(1)) [six](data:text/html,<script>alert(1)</script>)",
            "",
            "[x]: javascript:window.__pwned=1",
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection other-project title",
    kind: "injection",
    changes: [{ write: NEW_OTHER, text: otherProject({ title: q(P.img + P.script) }) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection other-project body details ontoggle",
    kind: "injection",
    changes: [
      {
        write: NEW_OTHER,
        text: otherProject(
          {},
          "<details open ontoggle=alert(1)><summary>x</summary>y</details> <marquee onstart=alert(1)>z</marquee>",
        ),
      },
    ],
    expect: { rejected: false, pages: ["works"] },
  },

  // ── Injection: blog posts (Blogs page: cards, dialog, excerpt) ──────────────────────────────────
  {
    name: "injection blog title",
    kind: "injection",
    changes: [{ write: BLOG, text: post({ title: q(P.title + P.img) }) }],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection blog author",
    kind: "injection",
    changes: [{ write: BLOG, text: post({ author: q(P.script + P.attr) }) }],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection blog body svg, style and math",
    kind: "injection",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          [
            "<svg><script>window.__pwned=1</script></svg>",
            "",
            '<style>body { background: url("javascript:alert(1)") }</style>',
            "",
            "<math><mtext><table><mglyph><style><img src=images/avatar.svg onload=alert(1)></style></mglyph></table></mtext></math>",
            "",
            '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">click</maction></math>',
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection blog body form, object, embed",
    kind: "injection",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          [
            '<form action="javascript:alert(1)"><button>go</button></form>',
            "",
            '<object data="javascript:alert(1)"></object> <embed src="javascript:alert(1)">',
            "",
            '<button formaction="javascript:alert(1)">b</button> <input autofocus onfocus="window.__pwned=1">',
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection blog body encoded javascript: hrefs",
    kind: "injection",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          [
            '<a href="&#106;avascript:alert(1)">one</a>',
            '<a href="JAVASCRIPT:alert(1)">two</a>',
            '<a href="&#x6A;&#x61;vascript&colon;alert(1)">three</a>',
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection blog body data: images",
    kind: "injection",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          [
            "![d](data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnIG9ubG9hZD0nYWxlcnQoMSknLz4=)",
            "",
            `<img src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/%3E" alt="x">`,
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection blog body markers, comments, noscript",
    kind: "injection",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          [
            "{{body}} {{head}} {{lang}}",
            "",
            "```html",
            "<script>window.__pwned=1</script>",
            "```",
            "",
            '<noscript><p title="</noscript><img src=images/avatar.svg onload=alert(1)>"></noscript>',
            "",
            '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"> <base href="https://evil.example/">',
            "",
            "<!-- an unclosed comment",
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },

  // ── Injection: About (bio, services) ────────────────────────────────────────────────────────────
  {
    name: "injection about title",
    kind: "injection",
    changes: [{ edit: ABOUT, find: "title: About me", replace: `title: ${q(P.title)}` }],
    expect: { rejected: false, pages: ["", "404.html"] },
  },
  {
    name: "injection about body raw HTML, alt and link title",
    kind: "injection",
    changes: [
      {
        write: ABOUT,
        text: about(
          [
            "I'm a developer. <script>window.__pwned=1</script>",
            "",
            '![" onerror="window.__pwned=1](images/avatar.svg)',
            "",
            '[my site](https://example.com "\\" onmouseover=\\"alert(1)")',
            "",
            '<img src="images/avatar.svg" alt="me" onload="window.__pwned=1"> <a href="javascript:alert(1)">x</a>',
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["", "404.html"] },
  },
  {
    name: "injection service title",
    kind: "injection",
    changes: [{ write: NEW_SERVICE, text: service({ title: q(P.svg + P.img) }) }],
    expect: { rejected: false, pages: [""] },
  },
  {
    name: "injection service body",
    kind: "injection",
    changes: [
      {
        write: NEW_SERVICE,
        text: service(
          {},
          '<form action="javascript:alert(1)"><button>go</button></form> <img src="images/avatar.svg" onload="window.__pwned=1"> [x](javascript:alert(1))',
        ),
      },
    ],
    expect: { rejected: false, pages: [""] },
  },

  // ── Injection: Resume (education, experience, skills, soft skills) ──────────────────────────────
  {
    name: "injection education title",
    kind: "injection",
    changes: [{ write: NEW_EDUCATION, text: timeline({ title: q(P.img) }) }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection education organisation",
    kind: "injection",
    changes: [{ write: NEW_EDUCATION, text: timeline({ organisation: q(P.script) }) }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection education body object and iframe",
    kind: "injection",
    changes: [
      {
        write: NEW_EDUCATION,
        text: timeline(
          {},
          `<object data="javascript:alert(1)"></object><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe> <svg onload=alert(1)>`,
        ),
      },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection experience title",
    kind: "injection",
    changes: [{ write: NEW_EXPERIENCE, text: timeline({ title: q(P.title) }) }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection experience period",
    kind: "injection",
    changes: [
      {
        write: NEW_EXPERIENCE,
        text: timeline({ start: undefined, end: undefined, period: q(`${P.attr} ${P.comment}`) }),
      },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection experience body math",
    kind: "injection",
    changes: [
      {
        write: NEW_EXPERIENCE,
        text: timeline(
          {},
          '<math><mi xlink:href="javascript:alert(1)">x</mi></math> <details open ontoggle="window.__pwned=1">d</details>',
        ),
      },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection skill name img",
    kind: "injection",
    changes: [{ edit: SKILLS, find: '{ name: "Arduino",', replace: `{ name: ${q(P.img)},` }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection skill name breaks out",
    kind: "injection",
    changes: [{ edit: SKILLS, find: '{ name: "JavaFX",', replace: `{ name: ${q(P.svg + P.cdata)},` }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection soft-skill group title",
    kind: "injection",
    changes: [{ edit: SOFT, find: "  - title: Communication", replace: `  - title: ${q(P.script)}` }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection soft skill",
    kind: "injection",
    changes: [{ edit: SOFT, find: "      - Active listening", replace: `      - ${q(`${P.img} ${P.markers}`)}` }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection certificate name",
    kind: "injection",
    changes: [
      { edit: CERTIFICATES, find: "  - name: TensorFlow Developer Certificate", replace: `  - name: ${q(P.img)}` },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection language and fluency",
    kind: "injection",
    changes: [
      {
        edit: LANGUAGES,
        find: "{ language: English, fluency: Native }",
        replace: `{ language: ${q(P.script)}, fluency: ${q(P.svg)} }`,
      },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection interest name and keyword",
    kind: "injection",
    changes: [
      {
        edit: INTERESTS,
        find: "{ name: Surfing, keywords: [Ericeira, Early sessions] }",
        replace: `{ name: ${q(P.script)}, keywords: [${q(P.img)}, ${q(P.svg)}] }`,
      },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection reference text and name",
    kind: "injection",
    changes: [
      {
        write: NEW_REFERENCES,
        text: `---\nreferences:\n  - name: ${q(P.svg)}\n    reference: ${q(`${P.img}\n\n${P.script}`)}\n---\n`,
      },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection award title and body",
    kind: "injection",
    changes: [
      { write: NEW_AWARD, text: award({ title: q(P.title) }, '<details open ontoggle="window.__pwned=1">d</details>') },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection publication event",
    kind: "injection",
    changes: [{ write: NEW_PUBLICATION, text: publication({ event: q(`${P.attr} ${P.comment}`) }) }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "injection volunteer organisation",
    kind: "injection",
    changes: [
      {
        write: NEW_VOLUNTEER,
        text: timeline({ organisation: q(P.cdata), url: q('https://example.com/"><script>window.__pwned=1</script>') }),
      },
    ],
    expect: { rejected: false, pages: ["resume"] },
  },

  // ── Injection: config text fields (every page) ──────────────────────────────────────────────────
  {
    name: "injection config owner.name",
    kind: "injection",
    changes: [{ edit: CONFIG, find: 'name: "Maya Okafor",', replace: `name: ${q(P.script)},` }],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config owner.jobTitle",
    kind: "injection",
    changes: [{ edit: CONFIG, find: 'jobTitle: "Full-Stack Developer",', replace: `jobTitle: ${q(P.img)},` }],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config owner.location",
    kind: "injection",
    changes: [{ edit: CONFIG, find: 'location: "Lisbon, Portugal",', replace: `location: ${q(P.svg)},` }],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config owner.phone",
    kind: "injection",
    changes: [
      { edit: CONFIG, find: 'phone: "+351 912 345 678",', replace: `phone: ${q(`+351 912 345 678${P.attr}`)},` },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config owner.birthday",
    kind: "injection",
    changes: [{ edit: CONFIG, find: 'birthday: "March 14, 1994",', replace: `birthday: ${q(P.comment)},` }],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config site.title",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: 'title: "Maya Okafor — Full-Stack Developer",',
        replace: `title: ${q(P.title + P.markers)},`,
      },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config site.description",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: '"Maya Okafor is a full-stack developer in Lisbon who builds web, mobile and AI products, from the first sketch to production.",',
        replace: `${q(`"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">${P.lineSeparators}`)},`,
      },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config social label",
    kind: "injection",
    changes: [{ edit: CONFIG, find: 'label: "GitHub"', replace: `label: ${q(P.svg + P.attr)}` }],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config social url query",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: 'url: "https://github.com/maya-okafor-sample"',
        replace: `url: ${q(`https://github.com/maya-okafor-sample?q="><svg/onload=alert(1)>`)}`,
      },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config cv.downloadAs",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: 'downloadAs: "Maya-Okafor-CV.pdf",',
        replace: `downloadAs: ${q(`"><img src=x onerror=alert(1)>.pdf`)},`,
      },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "injection config emailjs publicKey",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: 'publicKey: "sample-public-key",',
        replace: `publicKey: ${q(P.script + P.lineSeparators)},`,
      },
    ],
    expect: { rejected: false, pages: ["contact"] },
  },
  {
    name: "injection config project category",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: 'projectCategories: ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"],',
        replace: `projectCategories: ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware", ${q(P.img)}],`,
      },
    ],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "injection config blog category",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: 'blogCategories: ["Programming", "AI", "Design", "Other"],',
        replace: `blogCategories: ["Programming", "AI", "Design", "Other", ${q(P.script)}],`,
      },
      { write: BLOG, text: post({ category: q(P.script) }) },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },

  // ── issue 23: the build cache ──
  // The scratch site has been built once, so .portfolio/cache holds real entries to replace. Each
  // case also "makes" .portfolio, so that the injection runner never builds two of them together.
  {
    name: "cache folder replaced by a file",
    kind: "filesystem",
    changes: [
      { mkdir: ".portfolio" },
      { remove: ".portfolio/cache" },
      { write: ".portfolio/cache", text: "not a folder" },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "cache entry replaced by a folder",
    kind: "filesystem",
    changes: [
      { mkdir: ".portfolio" },
      { remove: ".portfolio/cache/bundle.bin" },
      { mkdir: ".portfolio/cache/bundle.bin" },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  {
    name: "cache entry of random bytes",
    kind: "filesystem",
    changes: [{ mkdir: ".portfolio" }, { write: ".portfolio/cache/content.bin", base64: randomBytes }],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "cache entry linked to /etc/passwd",
    kind: "filesystem",
    changes: [{ mkdir: ".portfolio" }, { symlink: ".portfolio/cache/compressed.bin", target: "/etc/passwd" }],
    expect: { rejected: false, pages: ["contact"] },
  },
  {
    name: "cache folder linked out of the project",
    kind: "filesystem",
    changes: [{ mkdir: ".portfolio" }, { remove: ".portfolio/cache" }, { symlink: ".portfolio/cache", target: "/tmp" }],
    expect: { rejected: false, pages: ["resume"] },
  },
  {
    name: "cache of an older format holding a script",
    kind: "injection",
    changes: [
      { mkdir: ".portfolio" },
      {
        write: ".portfolio/cache/bundle.bin",
        base64: Buffer.from(
          serialize({
            fingerprint: "x",
            entries: new Map([["k", { files: [{ file: "assets/x.js", contents: "window.__pwned=1" }] }]]),
          }),
        ).toString("base64"),
      },
    ],
    expect: { rejected: false, pages: ["", "works"] },
  },
  // ── issue 23: naming and caps ──
  // A Markdown file has at most 10,000 headings (maxHeadings); heading ids count on per base, skipping taken ones.
  {
    name: "blog body with 10,001 identical headings",
    kind: "ids",
    changes: [{ write: BLOG, text: post({}, "## a\n\n".repeat(10_001)) }],
    expect: { rejected: true, file: BLOG, field: "body" },
  },
  {
    name: "project body with 10,001 headings of every level",
    kind: "markdown",
    changes: [
      {
        write: PROJECT,
        text: project(
          {},
          Array.from({ length: 10_001 }, (_, index) => `${"#".repeat(1 + (index % 6))} Part ${index % 7}`).join("\n\n"),
        ),
      },
    ],
    expect: { rejected: true, file: PROJECT, field: "body" },
  },
  {
    name: "about body with 10,001 setext headings",
    kind: "markdown",
    changes: [{ write: ABOUT, text: about("Same title\n---\n\nOther title\n===\n\n".repeat(5001)) }],
    expect: { rejected: true, file: ABOUT, field: "body" },
  },
  {
    name: "blog body with 10,001 headings inside quotes and list items",
    kind: "markdown",
    changes: [{ write: BLOG, text: post({}, "> ## quoted\n\n- ## listed\n\n".repeat(5001)) }],
    expect: { rejected: true, file: BLOG, field: "body" },
  },
  {
    name: "service body with 10,001 raw HTML headings",
    kind: "markdown",
    changes: [{ write: NEW_SERVICE, text: service({}, "<h2>Raw</h2>\n".repeat(10_001)) }],
    expect: { rejected: true, file: NEW_SERVICE, field: "body" },
  },
  {
    name: "blog headings that collide with -2 suffixes build",
    kind: "ids",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          ["a", "a-2", "a", "A", "a 2", "a-2", "main", "Main 2", "section", "!!!"]
            .map((text) => `## ${text}\n\nText.`)
            .join("\n\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "project body with 2,000 duplicate headings builds",
    kind: "ids",
    changes: [{ write: PROJECT, text: project({}, "## Step\n\n### Step 2\n\n".repeat(1000)) }],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "blog headings of punctuation and payloads only build",
    kind: "ids",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          [
            "## ---",
            "## !!!",
            '## <img src="images/avatar.svg" onload="window.__pwned=1">',
            `## ${P.svg}`,
            `## ${P.attr}`,
            "## <script>window.__pwned=1</script>",
            "## &amp;&lt;&gt;",
          ].join("\n\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "blog non-Latin headings, repeated, build",
    kind: "ids",
    changes: [
      {
        write: BLOG,
        text: post(
          {},
          ["Comunicação", "日本語", "Привет мир", "مرحبا", "日本語", "COMUNICAÇÃO", "Ελληνικά", "हिन्दी"]
            .map((text) => `## ${text}`)
            .join("\n\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  // ── issue 23: public/ markup ──
  {
    name: "public svg with a prefixed s:script",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/s-script.svg",
        text: `<svg xmlns:s="${SVG_NS}" width="10" height="10"><s:script>window.__pwned = 1</s:script></svg>\n`,
      },
    ],
    expect: { rejected: true, file: "public/images/s-script.svg", field: "<s:script>" },
  },
  {
    name: "public svg in UTF-16 LE with a byte-order mark and a script",
    kind: "filesystem",
    changes: [{ write: "public/images/utf16le.svg", base64: utf16Base64(SCRIPT_SVG, "le", true) }],
    expect: { rejected: true, file: "public/images/utf16le.svg", field: "<script>" },
  },
  {
    name: "public svg in UTF-16 BE with a byte-order mark and a script",
    kind: "filesystem",
    changes: [{ write: "public/images/utf16be.svg", base64: utf16Base64(SCRIPT_SVG, "be", true) }],
    expect: { rejected: true, file: "public/images/utf16be.svg", field: "<script>" },
  },
  {
    name: "public svg in UTF-16 LE without a mark, found by its <?xml",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/utf16-nobom.svg",
        base64: utf16Base64(`<?xml version="1.0" encoding="UTF-16"?>${SCRIPT_SVG}`, "le", false),
      },
    ],
    expect: { rejected: true, file: "public/images/utf16-nobom.svg", field: "<script>" },
  },
  {
    name: "public svg in UTF-32, which browsers cannot read",
    kind: "filesystem",
    changes: [{ write: "public/images/utf32.svg", base64: utf32leBase64(SCRIPT_SVG) }],
    expect: { rejected: true, file: "public/images/utf32.svg", field: "UTF-32" },
  },
  {
    name: "public svg declared as UTF-7",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/utf7.svg",
        text: `<?xml version="1.0" encoding="UTF-7"?><svg xmlns="${SVG_NS}">+ADw-script+AD4-alert(1)+ADw-/script+AD4-</svg>`,
      },
    ],
    expect: { rejected: true, file: "public/images/utf7.svg", field: '"UTF-7"' },
  },
  {
    name: "public .xht XHTML page with a script",
    kind: "filesystem",
    changes: [
      {
        write: "public/page.xht",
        text: `<html xmlns="${XHTML_NS}"><body><script>window.__pwned = 1</script></body></html>`,
      },
    ],
    expect: { rejected: true, file: "public/page.xht", field: "<script>" },
  },
  {
    name: "public .xhtml with an upper-case SCRIPT",
    kind: "filesystem",
    changes: [
      {
        write: "public/page.xhtml",
        text: `<html xmlns="${XHTML_NS}"><body><SCRIPT>window.__pwned = 1</SCRIPT></body></html>`,
      },
    ],
    expect: { rejected: true, file: "public/page.xhtml", field: "<SCRIPT>" },
  },
  {
    name: "public .mml with XHTML in annotation-xml",
    kind: "filesystem",
    changes: [
      {
        write: "public/formula.mml",
        text: `<math xmlns="${MATH_NS}"><semantics><mi>x</mi><annotation-xml encoding="application/xhtml+xml"><img xmlns="${XHTML_NS}" src="x" onerror="alert(1)"/></annotation-xml></semantics></math>`,
      },
    ],
    expect: { rejected: true, file: "public/formula.mml", field: "<annotation-xml>" },
  },
  {
    name: "public .xml whose root is an XHTML page with a script",
    kind: "filesystem",
    changes: [
      {
        write: "public/data.xml",
        text: `<?xml version="1.0"?>\n<html xmlns="${XHTML_NS}"><script>window.__pwned = 1</script></html>`,
      },
    ],
    expect: { rejected: true, file: "public/data.xml", field: "<script>" },
  },
  {
    name: "public .xsl stylesheet (XSLT)",
    kind: "filesystem",
    changes: [
      {
        write: "public/feed.xsl",
        text: `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><p>x</p></xsl:template></xsl:stylesheet>`,
      },
    ],
    expect: { rejected: true, file: "public/feed.xsl", field: "XSLT" },
  },
  {
    name: "public svg whose entity holds a script",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/entity-script.svg",
        text: `<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY s "<script>window.__pwned = 1</script>">\n]>\n<svg xmlns="${SVG_NS}">&s;</svg>`,
      },
    ],
    expect: { rejected: true, file: "public/images/entity-script.svg", field: "DOCTYPE" },
  },
  {
    name: "public svg with an xml-stylesheet processing instruction",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/pi.svg",
        text: `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="feed.xsl"?>\n<svg xmlns="${SVG_NS}"/>`,
      },
    ],
    expect: { rejected: true, file: "public/images/pi.svg", field: "xml-stylesheet" },
  },
  {
    name: "public svg with a script whose code is in CDATA",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/cdata.svg",
        text: `<svg xmlns="${SVG_NS}"><style><![CDATA[ rect { fill: teal } ]]></style><script><![CDATA[ window.__pwned = 1 ]]></script></svg>`,
      },
    ],
    expect: { rejected: true, file: "public/images/cdata.svg", field: "<script>" },
  },
  {
    name: "public svg with &#x6A;avascript: in a link",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/charref.svg",
        text: `<svg xmlns="${SVG_NS}"><a href="&#x6A;avascript:alert(1)"><rect width="10" height="10"/></a></svg>`,
      },
    ],
    expect: { rejected: true, file: "public/images/charref.svg", field: "javascript:" },
  },
  {
    name: "public svg mixing in an XHTML iframe",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/mixed.svg",
        text: `<svg xmlns="${SVG_NS}" xmlns:h="${XHTML_NS}"><h:iframe src="data:text/html,x"/></svg>`,
      },
    ],
    expect: { rejected: true, file: "public/images/mixed.svg", field: "<h:iframe>" },
  },
  {
    name: "public svg animating an href to javascript:",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/set-href.svg",
        text: `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"><a><set attributeName="xlink:href" to="javascript:alert(1)"/><rect width="10" height="10"/></a></svg>`,
      },
    ],
    expect: { rejected: true, file: "public/images/set-href.svg", field: "attributeName" },
  },
  {
    name: "public svg with an XML Events handler attribute",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/ev.svg",
        text: `<svg xmlns="${SVG_NS}" xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load"/>`,
      },
    ],
    expect: { rejected: true, file: "public/images/ev.svg", field: "ev:event" },
  },
  {
    name: "public svg whose style imports a stylesheet",
    kind: "filesystem",
    changes: [
      {
        write: "public/images/import.svg",
        text: `<svg xmlns="${SVG_NS}"><style>@\\69mport url(https://evil.example/x.css);</style></svg>`,
      },
    ],
    expect: { rejected: true, file: "public/images/import.svg", field: "@import" },
  },
  {
    name: "public html verification file with body onload",
    kind: "filesystem",
    changes: [
      {
        write: "public/google1234abcd.html",
        text: '<html><body onload="window.__pwned = 1">google-site-verification: google1234abcd.html</body></html>',
      },
    ],
    expect: { rejected: true, file: "public/google1234abcd.html", field: "onload" },
  },
  {
    name: "public html with a script inside inline svg",
    kind: "filesystem",
    changes: [{ write: "public/badge.html", text: "<p>badge</p><svg><script>window.__pwned = 1</script></svg>" }],
    expect: { rejected: true, file: "public/badge.html", field: "<script>" },
  },
  {
    name: "public html with a meta refresh",
    kind: "filesystem",
    changes: [{ write: "public/moved.html", text: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' }],
    expect: { rejected: true, file: "public/moved.html", field: "http-equiv" },
  },
  {
    name: "public file without an extension that is HTML",
    kind: "filesystem",
    changes: [{ write: "public/verify", text: "\n  <html><script>window.__pwned = 1</script></html>\n" }],
    expect: { rejected: true, file: "public/verify" },
  },
  {
    name: "public module.wasm",
    kind: "filesystem",
    changes: [{ write: "public/module.wasm", base64: "AGFzbQEAAAA=" }],
    expect: { rejected: true, file: "public/module.wasm", field: "is a script" },
  },
  {
    name: "public svg that is not well-formed",
    kind: "filesystem",
    changes: [{ write: "public/images/broken.svg", text: `<svg xmlns="${SVG_NS}"><rect></svg>` }],
    expect: { rejected: true, file: "public/images/broken.svg", field: "not well-formed XML" },
  },
  {
    name: "public harmless svg with svg: prefixes used as a project image",
    kind: "injection",
    changes: [
      {
        write: "public/images/prefixed.svg",
        text: `<svg:svg xmlns:svg="${SVG_NS}" xmlns:xlink="${XLINK_NS}" width="64" height="40" viewBox="0 0 64 40"><svg:title>Dots</svg:title><svg:defs><svg:circle id="dot" r="6"/></svg:defs><svg:rect width="64" height="40" fill="#0f766e"/><svg:use xlink:href="#dot" x="20" y="20" fill="#fff"/></svg:svg>`,
      },
      { write: PROJECT, text: project({ image: "images/prefixed.svg" }) },
    ],
    expect: { rejected: false, pages: ["works"] },
  },
  {
    name: "public svg with title, desc and CDATA text that only looks like a script",
    kind: "injection",
    changes: [
      {
        write: "public/images/described.svg",
        text: `<svg xmlns="${SVG_NS}" width="10" height="10"><title>A &lt;script&gt; in a title</title><desc><![CDATA[</desc><script>window.__pwned = 1</script>]]></desc><rect width="10" height="10"/></svg>`,
      },
    ],
    expect: { rejected: false, pages: [""] },
  },
  {
    name: "public html verification file and a BingSiteAuth.xml",
    kind: "injection",
    changes: [
      { write: "public/google1234abcd.html", text: "google-site-verification: google1234abcd.html" },
      {
        write: "public/BingSiteAuth.xml",
        text: '<?xml version="1.0"?>\n<users>\n\t<user>0123456789ABCDEF</user>\n</users>\n',
      },
    ],
    expect: { rejected: false, pages: [""] },
  },
  // ── issue 23: feeds and YAML tags ──
  {
    name: "yaml tag !!js/function on a post title",
    kind: "yaml",
    changes: [{ write: BLOG, text: post({ title: `!!js/function "function () { return 1 }"` }) }],
    expect: { rejected: true, file: BLOG, field: "title" },
  },
  {
    name: "yaml tag !!js/undefined on a nested list item",
    kind: "yaml",
    changes: [{ edit: SOFT, find: "      - Active listening", replace: "      - !!js/undefined Active listening" }],
    expect: { rejected: true, file: SOFT, field: "groups[0].skills[3]" },
  },
  {
    name: "yaml tag on a key",
    kind: "yaml",
    changes: [
      { edit: SERVICE, find: "title: Full-Stack Development", replace: "!!js/function title: Full-Stack Development" },
    ],
    expect: { rejected: true, file: SERVICE, field: "title (the key)" },
  },
  {
    name: "yaml tag inside a flow map",
    kind: "yaml",
    changes: [
      {
        edit: SKILLS,
        find: '{ name: "Arduino", category: Embedded, percent: 70 }',
        replace: '{ name: "Arduino", category: Embedded, percent: !!js/function 70 }',
      },
    ],
    expect: { rejected: true, file: SKILLS, field: "skills[7].percent" },
  },
  {
    name: "yaml local tag !x",
    kind: "yaml",
    changes: [{ edit: EXPERIENCE, find: "organisation: Nordlys Digital", replace: "organisation: !x Nordlys Digital" }],
    expect: { rejected: true, file: EXPERIENCE, field: "organisation" },
  },
  {
    name: "yaml verbatim tag python/object/apply",
    kind: "yaml",
    changes: [
      {
        edit: EDUCATION,
        find: "organisation: NOVA IMS, Universidade Nova de Lisboa",
        replace: "organisation: !<tag:yaml.org,2002:python/object/apply:os.system> [touch /tmp/portfolio-pwned]",
      },
    ],
    expect: { rejected: true, file: EDUCATION, field: "organisation" },
  },
  {
    name: "yaml tag on an anchor that an alias repeats",
    kind: "yaml",
    changes: [{ write: BLOG, text: post({ title: "&t !!js/function Shipping an offline-first app", author: "*t" }) }],
    expect: { rejected: true, file: BLOG, field: "title" },
  },
  {
    name: "yaml !!binary image",
    kind: "yaml",
    changes: [
      {
        edit: FLEETWISE,
        find: "image: images/projects/fleetwise.svg",
        replace: "image: !!binary aW1hZ2VzL3Byb2plY3RzL2ZsZWV0d2lzZS5zdmc=",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "image" },
  },
  {
    name: "yaml !!timestamp date",
    kind: "yaml",
    changes: [{ write: BLOG, text: post({ date: "!!timestamp 2025-01-31" }) }],
    expect: { rejected: true, file: BLOG, field: "date" },
  },
  {
    name: "yaml !!set languages",
    kind: "yaml",
    changes: [
      {
        edit: FLEETWISE,
        find: "languages: [TypeScript, React, Node.js, PostgreSQL, PostGIS]",
        replace: "languages: !!set { TypeScript, React }",
      },
    ],
    expect: { rejected: true, file: FLEETWISE, field: "languages" },
  },
  {
    name: "yaml !!int on a word",
    kind: "yaml",
    changes: [{ edit: SERVICE, find: "order: 1", replace: "order: !!int first" }],
    expect: { rejected: true, file: SERVICE, field: "order" },
  },
  {
    name: "injection feed title closes CDATA twice and adds a link",
    kind: "injection",
    changes: [
      {
        write: "content/blog/feed-title.md",
        text: post({
          title: q(`a]]>b]]></title><link href="https://evil.example/">https://evil.example/</link><title><![CDATA[c`),
        }),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection feed description with ]]> and control characters",
    kind: "injection",
    changes: [
      {
        write: "content/blog/feed-description.md",
        text: post({
          description: q(`Said ]]> twice ]]></description><link>https://evil.example/</link>\u0001\u001b\u000b`),
        }),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection feed author with ]]> and control characters",
    kind: "injection",
    changes: [
      {
        write: "content/blog/feed-author.md",
        text: post({ author: q(`Maya ]]></author><link>https://evil.example/</link> ]]>\u0008\u001f`) }),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection feed category with ]]>, markup and control characters",
    kind: "injection",
    changes: [
      {
        edit: CONFIG,
        find: 'blogCategories: ["Programming", "AI", "Design", "Other"],',
        replace: `blogCategories: ["Programming", "AI", "Design", "Other", ${q(`Notes ]]> <b>"x"</b> ]]>\u000b`)}],`,
      },
      { write: "content/blog/feed-category.md", text: post({ category: q(`Notes ]]> <b>"x"</b> ]]>\u000b`) }) },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  {
    name: "injection feed body with ]]> in code blocks and text, and control characters",
    kind: "injection",
    changes: [
      {
        write: "content/blog/feed-body.md",
        text: post(
          {},
          [
            "Text ]]> and ]]> again.\u0001\u001b\u000b\u0007",
            "",
            "```xml",
            "<![CDATA[ ]]> ]]> ]]>",
            "```",
            "",
            "    indented ]]> ]]>",
            "",
            '`inline ]]>` and <span title="]]>">raw ]]></span> <![CDATA[ ]]> ]]>',
          ].join("\n"),
        ),
      },
    ],
    expect: { rejected: false, pages: ["blogs"] },
  },
  // ── issue 23: terminal, hosts ──
  {
    name: "terminal escapes in an unknown front-matter key",
    kind: "unknown-fields",
    changes: [{ write: BLOG, text: post({ [q("\x1b]0;pwned\x07\x1b[2J")]: "1" }) }],
    expect: { rejected: true, file: BLOG, field: "\\x1b]0;pwned\\x07\\x1b[2J" },
  },
  {
    name: "terminal escapes in a blog category",
    kind: "categories",
    changes: [{ write: BLOG, text: post({ category: q("Programming\x1b]52;c;cHduZWQ=\x07") }) }],
    expect: { rejected: true, file: BLOG, field: "category" },
  },
  {
    name: "terminal escapes, C1 and bidi in a skill category",
    kind: "categories",
    changes: [
      {
        edit: SKILLS,
        find: "category: Web, percent: 90",
        replace: `category: ${q("Web\u009b2J\u202egnp.exe")}, percent: 90`,
      },
    ],
    expect: { rejected: true, file: SKILLS, field: "skills[0].category" },
  },
  {
    name: "terminal escapes in a content file's name",
    kind: "filesystem",
    changes: [{ write: "content/blog/\x1b]0;pwned\x07.md", text: post({ title: undefined }) }],
    expect: { rejected: true, file: "content/blog/\\x1b]0;pwned\\x07.md", field: "title" },
  },
  {
    name: "terminal escapes in malformed YAML",
    kind: "yaml",
    changes: [{ write: BLOG, text: "---\ntitle: [\x1b]0;pwned\x07\nauthor: \x1b[2J\n---\nText\n" }],
    expect: { rejected: true, file: BLOG, field: "front matter" },
  },
];

/** Text as UTF-16 (little- or big-endian, with or without its byte-order mark), in base64. */
function utf16Base64(text: string, order: "le" | "be", mark: boolean): string {
  const bytes = Buffer.from(`${mark ? "\ufeff" : ""}${text}`, "utf16le");
  if (order === "be") bytes.swap16();
  return bytes.toString("base64");
}

/** Text as UTF-32 LE with its byte-order mark, in base64. */
function utf32leBase64(text: string): string {
  const points = [0xfeff, ...[...text].map((char) => char.codePointAt(0)!)];
  const bytes = Buffer.alloc(points.length * 4);
  for (const [index, point] of points.entries()) bytes.writeUInt32LE(point, index * 4);
  return bytes.toString("base64");
}
