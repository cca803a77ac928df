import ImageOff from "lucide-react/icons/image-off";
import type { SiteImage } from "../pipeline/prepare-images.js";
import { Picture } from "./Picture.js";

/**
 * A card's image as server HTML, outside any island: with its placeholder beside it, hidden, which
 * the page's own script (client/static-images.ts) shows if the image cannot load. A card without an
 * image shows the placeholder at once, as the dialog's `SafeImage` does.
 */
export function CardImage({
  image,
  lazy,
  priority = false,
}: {
  image?: SiteImage | undefined;
  lazy: boolean;
  /** For the image that is likely the largest thing on first view (the LCP element). */
  priority?: boolean;
}) {
  const placeholder = (hidden: boolean) => (
    <span className="image-placeholder" aria-hidden="true" data-image-placeholder="" hidden={hidden}>
      <ImageOff aria-hidden="true" focusable="false" size={32} />
    </span>
  );
  if (!image) return placeholder(false);
  return (
    <>
      <Picture
        image={image}
        alt=""
        loading={lazy ? "lazy" : undefined}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
      {placeholder(true)}
    </>
  );
}
