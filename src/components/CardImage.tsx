import ImageOff from "lucide-react/icons/image-off";
import type { SiteImage } from "../images/prepare-images.js";
import { Picture } from "./Picture.js";

/**
 * A card's or a dialog's image as server HTML: with its placeholder beside it, hidden, which the
 * page's own script (client/static-images.ts) shows if the image cannot load. Without an image the
 * placeholder shows at once. A card's image is decoration beside its title (`alt` empty); a
 * dialog's has a text, which its placeholder then carries.
 */
export function CardImage({
  image,
  lazy,
  priority = false,
  alt = "",
}: {
  image?: SiteImage | undefined;
  lazy: boolean;
  /** For the image that is likely the largest thing on first view (the LCP element). */
  priority?: boolean;
  alt?: string;
}) {
  const placeholder = (hidden: boolean) => (
    <span
      className="image-placeholder"
      {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      data-image-placeholder=""
      hidden={hidden}
    >
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
