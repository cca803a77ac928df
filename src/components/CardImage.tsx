import ImageOff from "lucide-react/icons/image-off";
import type { HTMLAttributes } from "react";
import type { SiteImage } from "../images/prepare-images.js";
import { Picture } from "./Picture.js";

/**
 * A card's or a dialog's image as server HTML: with its placeholder beside it, hidden, which the
 * page's own script (client/static-images.ts) shows if the image cannot load. Without an image,
 * art drawn from `title` shows instead (a project that has no picture is not a broken one), or the
 * placeholder without a title. A card's image is decoration beside its title (`alt` empty); a
 * dialog's has a text, which its placeholder then carries.
 */
export function CardImage({
  image,
  title,
  lazy,
  priority = false,
  alt = "",
}: {
  image?: SiteImage | undefined;
  /** The item's title, which the art shown without an image is drawn from. */
  title?: string | undefined;
  lazy: boolean;
  /** For the image that is likely the largest thing on first view (the LCP element). */
  priority?: boolean;
  alt?: string;
}) {
  const label: HTMLAttributes<HTMLSpanElement> = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
  if (!image && title !== undefined) return <TitleArt title={title} label={label} />;
  const placeholder = (hidden: boolean) => (
    <span className="image-placeholder" {...label} data-image-placeholder="" hidden={hidden}>
      <ImageOff aria-hidden="true" focusable="false" size={32} />
    </span>
  );
  if (!image) return placeholder(false);
  return (
    <>
      <Picture
        image={image}
        alt={alt}
        loading={lazy ? "lazy" : undefined}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
      {placeholder(true)}
    </>
  );
}

/** The number of grounds the art chooses from (`.title-art-0` … in projects.css). */
const grounds = 4;

/**
 * A picture for an item without one, as the favicon and share cards are drawn: the title's
 * initials large in the accent, over a wash and rings of it whose places follow the title, so
 * that cards side by side differ and each stays the same from build to build. Colours come from
 * the stylesheet (both themes, print); nothing inline, which the page's CSP refuses.
 */
function TitleArt({ title, label }: { title: string; label: HTMLAttributes<HTMLSpanElement> }) {
  const seed = titleHash(title);
  const initials = titleInitials(title);
  // Three rings, each placed and sized by its own bits of the seed.
  const rings = [0, 1, 2].map((ring) => {
    const bits = seed >>> (ring * 9);
    return { cx: 10 + (bits % 141), cy: 8 + ((bits >>> 3) % 85), r: 18 + ((bits >>> 5) % 38) };
  });
  return (
    <span className={`title-art title-art-${seed % grounds}`} {...label}>
      <svg viewBox="0 0 160 100" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
        {rings.map((ring) => (
          <circle key={`${ring.cx}-${ring.cy}`} className="title-art-ring" cx={ring.cx} cy={ring.cy} r={ring.r} />
        ))}
        <text className="title-art-initials" x="80" y="50" dy="0.35em" textAnchor="middle">
          {initials}
        </text>
      </svg>
    </span>
  );
}

/** "Hermetic Cache" → "HC", "dotfiles" → "D", "the 3D printer" → "T3": the first letters of two words. */
export function titleInitials(title: string): string {
  const words = title
    .trim()
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join("");
}

/** FNV-1a over the title: the same title draws the same art on every build and in the browser. */
function titleHash(title: string): number {
  let hash = 0x811c9dc5;
  for (const char of title) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
