import { scrollBehavior } from '../../lib/motion';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { useEarlyTap } from '../../lib/early-taps';
import { SearchIcon } from '../../ui/icons';

export interface BarEntry {
  /** The section's element id. */
  id: string;
  label: string;
  /** The address of the section, for a new tab or a shared link. */
  href: string;
}

/**
 * The sticky category bar: one chip per section, the one being read marked and kept in view as the
 * page scrolls; a tap jumps. Chips are links, so a long press or a middle click opens the section.
 */
export function CategoryBar({
  entries,
  active,
  onJump,
  onSearch,
  barRef,
}: {
  entries: readonly BarEntry[];
  active: string | null;
  onJump: (id: string) => void;
  onSearch: () => void;
  barRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const track = list.current;
    const chip = track?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!track || !chip) return;
    // Centred by visual position, so it works left to right and right to left alike.
    const a = chip.getBoundingClientRect();
    const b = track.getBoundingClientRect();
    const delta = a.left + a.width / 2 - (b.left + b.width / 2);
    if (Math.abs(delta) > 1) track.scrollBy({ left: delta, behavior: scrollBehavior() });
  }, [active]);

  return (
    <nav ref={barRef} className="category-bar" aria-label={t`Categories`}>
      <div className="category-bar__inner container">
        <button type="button" className="category-bar__search" onClick={onSearch} aria-label={t`Search the menu`}>
          <SearchIcon />
        </button>
        <ul ref={list} className="category-bar__list">
          {entries.map((e) => (
            <li key={e.id}>
              <Chip entry={e} current={active === e.id} onJump={onJump} />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** A tap before the app is live is kept by the page and made again here (`lib/early-taps`), by section. */
function Chip({ entry, current, onJump }: { entry: BarEntry; current: boolean; onJump: (id: string) => void }) {
  const ref = useEarlyTap<HTMLAnchorElement>();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onJump(entry.id);
  };
  return (
    <a ref={ref} href={entry.href} className="category-chip" data-tap={`chip:${entry.id}`} aria-current={current ? 'true' : undefined} onClick={onClick}>
      {entry.label}
    </a>
  );
}
