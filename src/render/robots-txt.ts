/**
 * The crawlers that gather text for AI companies' models and answers, by the user agent each one's
 * owner documents, for `robots: { ai: "disallow" }`. Search engines' own crawlers (Googlebot,
 * Bingbot) are not among them: the site stays in search results.
 */
export const aiCrawlers = [
  "GPTBot",
  "ChatGPT-User",
  "OAI-SearchBot",
  "ClaudeBot",
  "Claude-User",
  "Claude-SearchBot",
  "anthropic-ai",
  "Google-Extended",
  "Applebot-Extended",
  "PerplexityBot",
  "Perplexity-User",
  "CCBot",
  "Bytespider",
  "Amazonbot",
  "meta-externalagent",
  "FacebookBot",
  "cohere-ai",
  "MistralAI-User",
  "DuckAssistBot",
  "AI2Bot",
  "Diffbot",
  "YouBot",
] as const;

/**
 * robots.txt: every crawler may read the whole site; with `ai: "disallow"`, the AI crawlers by
 * name may not, and the `Content-Signal` line (contentsignals.org) says the same to any other that
 * reads it: search yes, use as an AI model's input or training no.
 */
export function robotsTxt(ai: "allow" | "disallow", sitemapUrl: string | undefined): string {
  const sitemap = sitemapUrl ? `Sitemap: ${sitemapUrl}\n` : "";
  if (ai === "allow") return `User-agent: *\nAllow: /\n${sitemap}`;
  const everyone = "User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nAllow: /\n";
  const turnedAway = `${aiCrawlers.map((agent) => `User-agent: ${agent}`).join("\n")}\nDisallow: /\n`;
  return `${everyone}\n${turnedAway}${sitemap ? `\n${sitemap}` : ""}`;
}
