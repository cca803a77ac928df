import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/**
 * An image that turns into a placeholder icon when it cannot load, logging why. It also catches a
 * failure that happened before hydration, when React's onError could not yet listen.
 */
export function SafeImage({ src, alt, width, height, className, lazy = true }: {
  src?: string | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  lazy?: boolean;
}) {
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

  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) fail();
    // Only the first render can find an image that failed before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!src || broken) {
    return (
      <span className={["image-placeholder", className].filter(Boolean).join(" ")} {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}>
        <ImageOff aria-hidden="true" focusable="false" size={32} />
      </span>
    );
  }
  return (
    <img
      ref={image}
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      onError={fail}
    />
  );
}
