import type { ComponentProps } from "react";
import type { SiteImage } from "../images/prepare-images.js";

/**
 * An image with its size (so nothing shifts while it loads), inside a `<picture>` that offers its
 * AVIF and WebP copies at several widths when it has them. Other `<img>` attributes (alt, loading,
 * ref, handlers) pass through.
 */
export function Picture({
  image,
  alt,
  ...imgProps
}: { image: SiteImage; alt: string } & Omit<
  ComponentProps<"img">,
  "src" | "alt" | "width" | "height" | "sizes" | "srcSet"
>) {
  const img = <img src={image.src} width={image.width} height={image.height} alt={alt} {...imgProps} />;
  if (image.sources.length === 0) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={image.sizes} />
      ))}
      {img}
    </picture>
  );
}
