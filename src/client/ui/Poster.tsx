import { posterUrl, type Media, type PosterVariant } from '../../shared/contract/catalog';

interface Props {
  media: Media | null | undefined;
  variant: PosterVariant;
  /** The box's shape, so the page keeps its place while the picture loads. */
  width: number;
  height: number;
  /** How wide the picture shows, for the browser to pick a file (`sizes`). */
  sizes: string;
  /** The first picture on screen loads at once; every other one when scrolled near. */
  eager?: boolean;
  alt?: string;
  className?: string;
}

/**
 * A poster at the width the screen needs: AVIF or WebP from an uploaded photo's renditions
 * (decision 023), the variant's single URL for seeded pictures and browsers without either.
 * `display: contents` keeps the <img> the box's child for the existing CSS.
 */
export function Poster({ media, variant, width, height, sizes, eager, alt = '', className }: Props) {
  const img = <img className={className} src={posterUrl({ poster: media ?? null }, variant)} alt={alt} width={width} height={height} loading={eager ? undefined : 'lazy'} />;
  const renditions = media?.renditions?.[variant];
  if (!renditions?.length) return img;
  const sources = (['avif', 'webp'] as const).map((format) => [format, renditions.filter((r) => r.format === format).map((r) => `${r.url} ${r.width}w`).join()] as const);
  return (
    <picture style={{ display: 'contents' }}>
      {sources.map(([format, srcSet]) => (srcSet ? <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} /> : null))}
      {img}
    </picture>
  );
}
