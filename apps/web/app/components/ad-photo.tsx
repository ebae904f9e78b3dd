import { type AdCover, type AdPhoto as AdPhotoData, adPhotoSources } from "@unaa/contracts";
import type { CSSProperties } from "react";
import { preload } from "react-dom";

export interface AdPhotoProps {
  /** An ad's photo, or a list card's cover (its sources written out here). */
  photo: AdPhotoData | AdCover;
  alt: string;
  /** The `sizes` of the srcsets: how wide the photo is drawn at each viewport width. */
  sizes: string;
  /** Above the fold (the first cards, the gallery's first photo): loaded at once and early. */
  priority?: boolean;
  /** How the photo fills its box: cropped to it (cards) or whole inside it (galleries). */
  fit?: "cover" | "contain";
  className?: string;
  style?: CSSProperties;
}

/**
 * An ad photo: AVIF where the server made it, WebP otherwise, each in three widths picked by the
 * browser from `sizes`. The tiny blurred placeholder is the image's own background, so something
 * shows at once and the loaded photo simply paints over it; width and height are given so the
 * page does not jump while it loads. A priority photo is also preloaded from the top of the page's
 * `<head>`: React preloads no image inside a `<picture>`, and the browser otherwise finds it only in
 * the body, behind the scripts it fetches first.
 */
export function AdPhoto({
  photo,
  alt,
  sizes,
  priority = false,
  fit = "cover",
  className,
  style,
}: AdPhotoProps) {
  const sources = "url" in photo ? adPhotoSources(photo) : photo;
  if (priority) {
    // The first source the browser takes: a browser that cannot show its type skips the preload.
    const [type, imageSrcSet] = sources.avif ? ["image/avif", sources.avif] : ["image/webp", sources.webp];
    preload(sources.src, { as: "image", type, imageSrcSet, imageSizes: sizes, fetchPriority: "high" });
  }
  return (
    <picture>
      {sources.avif && <source type="image/avif" srcSet={sources.avif} sizes={sizes} />}
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img
        src={sources.src}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={className}
        style={{
          backgroundImage: `url("${photo.placeholder}")`,
          backgroundSize: "cover",
          backgroundPosition: "center",
          objectFit: fit,
          ...style,
        }}
      />
    </picture>
  );
}
