import ImageOff from "lucide-react/icons/image-off";
import { useEffect, useRef, useState } from "react";
import type { SiteImage } from "../pipeline/prepare-images.js";
import { Picture } from "../components/Picture.js";

/**
 * An image that turns into a placeholder icon when it cannot load, logging why. It also catches a
 * failure that happened before hydration, when React's onError could not yet listen.
 */
export function SafeImage({
  image: picture,
  alt,
  className,
  lazy = true,
  priority = false,
}: {
  image?: SiteImage | undefined;
  alt: string;
  className?: string;
  lazy?: boolean;
  /** For the image that is likely the largest thing on first view (the LCP element). */
  priority?: boolean;
}) {
  const src = picture?.src;
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  const reported = useRef(false);

  // React replays an error that fired before hydration, and the effect below may find it too: log once.
  const fail = () => {
    if (reported.current) return;
    reported.current = true;
    console.error(`Image failed to load: ${src}`);
    setBroken(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render can find an image that failed before hydration.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) fail();
  }, []);

  if (!picture || broken) {
    return (
      <span
        className={["image-placeholder", className].filter(Boolean).join(" ")}
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      >
        <ImageOff aria-hidden="true" focusable="false" size={32} />
      </span>
    );
  }
  return (
    <Picture
      image={picture}
      ref={image}
      className={className}
      alt={alt}
      loading={lazy ? "lazy" : undefined}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={fail}
    />
  );
}
