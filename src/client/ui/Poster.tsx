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
 * (decision 023), the variant's single URL (a JPEG) for seeded pictures and older browsers. The
 * <picture> is `display: contents` (styles.css), so the existing CSS still styles the <img>.
 * Kept small: it is on the diner's first page.
 */
export function Poster({ media, variant, sizes, eager, alt = '', ...box }: Props) {
  const list = media?.renditions?.[variant];
  const img = <img {...box} src={posterUrl({ poster: media ?? null }, variant)} alt={alt} loading={eager ? undefined : 'lazy'} />;
  return list ? (
    <picture>
      {(['avif', 'webp'] as const).map((f) => (
        <source key={f} type={`image/${f}`} sizes={sizes} srcSet={list.filter((r) => r.format === f).map((r) => `${r.url} ${r.width}w`).join()} />
      ))}
      {img}
    </picture>
  ) : (
    img
  );
}
