/** Spec §9: at most 7 page links, the current page in the middle where the ends allow. */
export function pageLinks(current: number, total: number, max = 7): number[] {
  const count = Math.max(0, Math.min(max, total));
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
