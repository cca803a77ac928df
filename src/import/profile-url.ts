/**
 * A profile's address from its network and username, for the networks whose profile addresses are
 * one fixed pattern: JSON Resumes often give only `{ "network": "GitHub", "username": "ada" }`, and
 * a link the visitor can follow is what the site needs. Networks whose addresses need more than the
 * username (Stack Overflow's numeric ids, for one) are left to the owner.
 */
const profileAddresses: Record<string, (username: string) => string> = {
  github: (name) => `https://github.com/${name}`,
  gitlab: (name) => `https://gitlab.com/${name}`,
  bitbucket: (name) => `https://bitbucket.org/${name}`,
  codeberg: (name) => `https://codeberg.org/${name}`,
  linkedin: (name) => `https://www.linkedin.com/in/${name}`,
  twitter: (name) => `https://x.com/${name}`,
  x: (name) => `https://x.com/${name}`,
  bluesky: (name) => `https://bsky.app/profile/${name}`,
  threads: (name) => `https://www.threads.net/@${name}`,
  instagram: (name) => `https://www.instagram.com/${name}`,
  facebook: (name) => `https://www.facebook.com/${name}`,
  youtube: (name) => `https://www.youtube.com/@${name}`,
  twitch: (name) => `https://www.twitch.tv/${name}`,
  reddit: (name) => `https://www.reddit.com/user/${name}`,
  medium: (name) => `https://medium.com/@${name}`,
  devto: (name) => `https://dev.to/${name}`,
  dev: (name) => `https://dev.to/${name}`,
  hashnode: (name) => `https://hashnode.com/@${name}`,
  codepen: (name) => `https://codepen.io/${name}`,
  dribbble: (name) => `https://dribbble.com/${name}`,
  behance: (name) => `https://www.behance.net/${name}`,
  hackernews: (name) => `https://news.ycombinator.com/user?id=${name}`,
  keybase: (name) => `https://keybase.io/${name}`,
  telegram: (name) => `https://t.me/${name}`,
  npm: (name) => `https://www.npmjs.com/~${name}`,
  kaggle: (name) => `https://www.kaggle.com/${name}`,
  leetcode: (name) => `https://leetcode.com/u/${name}`,
  xing: (name) => `https://www.xing.com/profile/${name}`,
};

/** A username as these sites allow them: letters, digits, `_`, `-` and `.` (Bluesky's handles are host names). */
const plainUsername = /^[\p{L}\p{N}_][\p{L}\p{N}_.-]{0,99}$/u;
/** `@ada@hachyderm.io` or `ada@hachyderm.io`: a Mastodon (fediverse) account and its server. */
const fediverseAccount =
  /^@?([\p{L}\p{N}_][\p{L}\p{N}_.-]{0,99})@((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})$/iu;

/**
 * The network's name as a key: case, spaces, dots and dashes do not count ("Dev.to", "Hacker News", "Stack-Overflow").
 */
const networkKey = (network: string) => network.toLowerCase().replace(/[\s.\-_]/g, "");

/**
 * The address of `username`'s profile on `network`, or undefined when the network is not one of the
 * above or the username is not plainly a username (an address, a path, a space): nothing is guessed.
 */
export function profileUrl(network: string, username: string): string | undefined {
  const name = username.trim();
  const key = networkKey(network);
  if (key === "mastodon" || key === "fediverse") {
    const account = fediverseAccount.exec(name);
    return account ? `https://${account[2]!.toLowerCase()}/@${account[1]}` : undefined;
  }
  const address = profileAddresses[key];
  const bare = name.replace(/^@/, "");
  if (!address || !plainUsername.test(bare)) return undefined;
  return address(encodeURIComponent(bare));
}
