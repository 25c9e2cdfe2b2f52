import { images } from "~/content/product";

/**
 * The drawn renders of the bottle and the kit: local SVG with their intrinsic size, so the browser
 * reserves the box before the file arrives. The hero's is fetched first (it can be the LCP element).
 */
export function ProductImage({
  kind,
  alt,
  priority = false,
  className = "",
}: {
  kind: keyof typeof images;
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  const image = images[kind];
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={`h-auto w-full ${className}`}
    />
  );
}
