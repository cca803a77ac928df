import type { ComponentProps } from "react";
import type { SiteImage } from "../build/prepare-images.js";

/**
 * An image at its real size; inside a `<picture>` with its smaller encodings when it has any.
 * Other `<img>` attributes (alt, loading, ref, handlers) pass through.
 */
export function Picture({ image, ...imgProps }: { image: SiteImage } & Omit<ComponentProps<"img">, "src" | "width" | "height">) {
  const img = <img src={image.src} width={image.width} height={image.height} {...imgProps} />;
  if (image.sources.length === 0) return img;
  return (
    <picture>
      {image.sources.map((source) => <source key={source.type} type={source.type} srcSet={source.srcset} />)}
      {img}
    </picture>
  );
}
