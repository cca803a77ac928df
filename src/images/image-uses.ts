/**
 * Where pages show images, and how large: the widths site.css gives each place at its breakpoints
 * (580 px and 1024 px). The build makes each image at the widths its places need and no larger; a
 * change to those CSS sizes belongs here too.
 */
export type DisplayUse = "avatar" | "card" | "large";

/** A page image's use, or the share card (`og:image`), which no page shows. */
export type ImageUse = DisplayUse | "share";

interface DisplaySize {
  /** The `sizes` attribute: the CSS width at each breakpoint of site.css. */
  sizes: string;
  /** The widest the image is ever drawn, in CSS pixels. */
  largestCssWidth: number;
  /** Screens' pixel ratios worth serving: small images stay sharp at 3×; large ones at 3× cost more than they show. */
  densities: number;
  /**
   * Width over height when the place always has that shape: the image is cropped to it, so no pixel is sent to be
   * hidden.
   */
  crop?: number;
}

export const displaySizes: Record<DisplayUse, DisplaySize> = {
  // .avatar-box: 84 px, 104 px from 580 px, 150 px from 1024 px.
  avatar: {
    sizes: "(min-width: 1024px) 150px, (min-width: 580px) 104px, 84px",
    largestCssWidth: 150,
    densities: 3,
    crop: 1,
  },
  // .project-img and .blog-banner-box in grids of 250–300 px columns; one column below 580 px.
  card: {
    sizes: "(min-width: 1024px) 300px, (min-width: 580px) 46vw, calc(100vw - 50px)",
    largestCssWidth: 530,
    densities: 2,
  },
  // .modal-img and .item-image: the modal and the item page's column.
  large: { sizes: "(min-width: 1024px) 760px, calc(100vw - 50px)", largestCssWidth: 760, densities: 2 },
};

/** The share card's size, which Facebook, LinkedIn, Mastodon and X all crop to. */
export const shareCardSize = { width: 1200, height: 630 } as const;

/** Widths images are made at, so that images shown at nearby sizes share files. */
const widthSteps = [96, 160, 240, 320, 480, 640, 800, 1080, 1280, 1600, 1920];

/**
 * The widths to make an image at for one use: each step up to the first that covers the use's
 * largest size at its highest density, never wider than the image itself (then its own width is
 * the last).
 */
export function widthsFor(use: DisplayUse, naturalWidth: number): number[] {
  const { largestCssWidth, densities } = displaySizes[use];
  const needed = largestCssWidth * densities;
  const cap = widthSteps.find((step) => step >= needed) ?? needed;
  const widths = widthSteps.filter((step) => step <= cap && step < naturalWidth && step >= smallestUseful(use));
  if (naturalWidth <= cap) widths.push(naturalWidth);
  return widths.length ? widths : [naturalWidth];
}

/** The smallest width worth a file: a card is never drawn narrower than 240 px at 1×. */
function smallestUseful(use: DisplayUse): number {
  return use === "avatar" ? 0 : use === "card" ? 240 : 320;
}
