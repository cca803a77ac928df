import type { SocialIcon, SocialKind } from "../config/define-config.js";
import type { JsonResume } from "../json-resume/json-resume-schema.js";

type Basics = NonNullable<JsonResume["basics"]>;

/** Networks portfolio has an icon for, by the name JSON Resume gives them (or their host). */
const networks: Record<string, { kind: SocialKind; icon: SocialIcon }> = {
  github: { kind: "code", icon: "github" },
  gitlab: { kind: "code", icon: "gitlab" },
  codeberg: { kind: "code", icon: "codeberg" },
  bitbucket: { kind: "code", icon: "bitbucket" },
  linkedin: { kind: "professional", icon: "linkedin" },
  xing: { kind: "professional", icon: "xing" },
  whatsapp: { kind: "messaging", icon: "whatsapp" },
  telegram: { kind: "messaging", icon: "telegram" },
  signal: { kind: "messaging", icon: "signal" },
  discord: { kind: "messaging", icon: "discord" },
  instagram: { kind: "photos", icon: "instagram" },
  flickr: { kind: "photos", icon: "flickr" },
  pixelfed: { kind: "photos", icon: "pixelfed" },
  mastodon: { kind: "other", icon: "mastodon" },
  bluesky: { kind: "other", icon: "bluesky" },
  x: { kind: "other", icon: "x" },
  twitter: { kind: "other", icon: "x" },
  youtube: { kind: "other", icon: "youtube" },
};

const hosts: Record<string, string> = {
  "wa.me": "whatsapp",
  "t.me": "telegram",
  "bsky.app": "bluesky",
  "x.com": "x",
  "twitter.com": "x",
  "youtu.be": "youtube",
};

/**
 * The basics and profiles as the part of `portfolio.config.ts` they belong to, for the owner to
 * paste: the config is TypeScript the owner writes, so import never rewrites it. Undefined when
 * the résumé has no basics to offer.
 */
export function configSnippet(basics: Basics | undefined, source: string): string | undefined {
  if (!basics) return undefined;
  const owner = [
    field("name", basics.name),
    field("jobTitle", basics.label),
    basics.image
      ? `    // photo: basics.image is ${codeString(basics.image)}: save it into public/ and give its path, e.g. "images/avatar.jpg".`
      : undefined,
    field("email", basics.email),
    field("phone", basics.phone),
    field("location", locationOf(basics.location)),
  ].filter(Boolean);
  const social = socialLinkLines(basics).map((line) => `    ${line}`);
  const parts = [
    basics.url ? `  site: {\n${field("url", basics.url)}\n  },` : undefined,
    owner.length ? `  owner: {\n${owner.join("\n")}\n  },` : undefined,
    social.length ? `  social: [\n${social.join("\n")}\n  ],` : undefined,
  ].filter(Boolean);
  return parts.length
    ? `  // From ${codeString(source)}: merge into the fields of the same name.\n${parts.join("\n")}`
    : undefined;
}

/** The résumé's profiles that have a URL, each as one entry of the config's `social` list, in TypeScript. */
export function socialLinkLines(basics: Basics): string[] {
  return (basics.profiles ?? [])
    .filter((profile) => profile.url)
    .map((profile) => {
      // The config's links are web pages, e-mail and phone numbers: another scheme is shown for the owner to choose.
      if (!/^(https?:\/\/|mailto:|tel:)/i.test(profile.url!))
        return `// ${codeString(profile.network ?? "Profile")}: ${codeString(profile.url!)} (a social link takes https://, mailto: or tel:)`;
      const { kind, icon } = networkOf(profile.network, profile.url!);
      return `{ kind: ${codeString(kind)}, label: ${codeString(profile.network ?? hostOf(profile.url!) ?? "Website")}, url: ${codeString(
        profile.url!,
      )}, icon: ${codeString(icon)} },`;
    });
}

function field(name: string, value: string | undefined): string | undefined {
  return value === undefined ? undefined : `    ${name}: ${codeString(value)},`;
}

/**
 * A value of the résumé as a TypeScript string literal, which is how every value enters the
 * snippet, comments included: the owner pastes it into a config that runs at every build, so no
 * value may end its line. JSON escapes every control character; U+2028 and U+2029, which it
 * leaves as they are, end a line (and so a `//` comment) in JavaScript.
 */
export function codeString(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** "Lisbon, Portugal" from city and region, or the country's name from its code ("PT" → Portugal). */
export function locationOf(location: Basics["location"]): string | undefined {
  if (!location) return undefined;
  const country = location.countryCode && !location.region ? countryName(location.countryCode) : undefined;
  const text = [location.city, location.region, country].filter(Boolean).join(", ");
  return text || undefined;
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function networkOf(network: string | undefined, url: string): { kind: SocialKind; icon: SocialIcon } {
  const byName = networks[(network ?? "").toLowerCase().replace(/[^a-z]/g, "")];
  const host = hostOf(url);
  const byHost = host ? networks[hosts[host] ?? host.split(".").at(-2) ?? ""] : undefined;
  return byName ?? byHost ?? { kind: "other", icon: "website" };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return undefined;
  }
}
