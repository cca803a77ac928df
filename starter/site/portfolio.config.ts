import { defineConfig } from "portfolio-ssg";

// Your site's settings. Every field is typed and documented: your editor shows what each one takes
// as you type, and `npm run check` names any mistake. What the pages say (your bio, résumé,
// projects and posts) is in content/; your photo and other files are in public/.
export default defineConfig({
  site: {
    // What search engines and share cards show follows your name and job title. To word it yourself:
    // title: "Your Name — Your Job", description: "One sentence about you and your work.",
    // The address the site is published at: canonical links, share cards, the sitemap and the feeds
    // need it. The GitHub Pages workflow sets it on its own (SITE_URL), so it may stay unset there.
    url: "{{url}}",
    // The language of your pages, which also sets how the Resume writes dates.
    lang: "en",
  },
  // You, as the sidebar shows you on every page.
  owner: {
    name: "{{name}}",
    jobTitle: "{{jobTitle}}",
    // A path inside public/: replace the initials drawn there with a photo of yours (JPEG, PNG, WebP,
    // AVIF or SVG, any size: the build makes the sizes each screen needs).
    photo: "images/avatar.svg",
    email: "{{email}}",
    // Shown in the sidebar when set:
    phone: "{{phone}}",
    location: "{{location}}",
  },
  // Your profiles, as icons in the sidebar; the Projects page links to the first "code" one. E.g.
  // { kind: "code", label: "GitHub", url: "https://github.com/your-name", icon: "github" },
  social: [{{social}}],
  // A Download CV button in the sidebar. Write your Resume in content/resume/, print it to a PDF
  // with `npm run cv`, then uncomment this line (the deploy workflow then prints it on every push):
  // {{cv}}
  // The contact form sends e-mail with EmailJS (a free account; see
  // node_modules/portfolio-ssg/docs/contact.md). Until it is set, the Contact page shows your
  // e-mail address instead.
  // emailjs: { publicKey: "…", serviceId: "…", templateId: "…" },
  // The categories your projects, posts and skills are filed under: rename them to yours.
  projectCategories: ["Web", "Mobile", "Other"],
  blogCategories: ["Programming", "Career", "Other"],
  skillCategories: ["Languages", "Frameworks", "Tools"],
  theme: {
    // The theme a visitor's first page is drawn in: "light", "dark", or "system" (the one their
    // device is set to). The toggle still switches, and a visitor's choice is kept.
    initial: "{{themeInitial}}",
    // Your accent colour, fonts and corners (checked for contrast in both themes). E.g.
    // accent: "#0f766e", radius: 8,
  },
});
