import { Poster } from '../../ui/Poster';
import { useLingui } from '@lingui/react/macro';
import type { FocusEvent } from 'react';
import { DEFAULT_SIZE_NAME, type MenuSlot } from '../../../shared/contract/catalog';
import { slotChoicePrice } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { freshSlotChoice } from './choice-state';

/**
 * One combo slot's candidates as native radios dressed as cards (Tab reaches the group, the arrow
 * keys change the choice). The chosen card carries a filled radio and a heavier border, not only
 * a colour.
 */
export function SlotCards({
  slot,
  label,
  groupId,
  chosenId,
  onChoose,
  onLeave,
  error,
  soldOut,
  avoided,
}: {
  slot: MenuSlot;
  label: string;
  /** Prefix of the ids; the first card's radio is `${groupId}-first`, to take the diner there. */
  groupId: string;
  chosenId: number | undefined;
  onChoose: (productId: number) => void;
  /** Focus left the group (a visit, which may show its error). */
  onLeave: () => void;
  error: string | null;
  soldOut: ReadonlySet<number>;
  /** Dishes the diner's allergen filter rules out for this slot, with what they contain. */
  avoided: ReadonlyMap<number, string>;
}) {
  const { t } = useLingui();
  const money = useMoney();
  const firstAvailable = slot.products.find((p) => !soldOut.has(p.id) && !avoided.has(p.id));
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) onLeave();
  };
  return (
    <>
      <h3 id={`${groupId}-label`} className="slot-cards__label">
        {label} <span className="required">{t`(required)`}</span>
      </h3>
      <div
        role="radiogroup"
        aria-labelledby={`${groupId}-label`}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${groupId}-error` : undefined}
        className="slot-cards"
        onBlur={onBlur}
      >
        {slot.products.map((p) => {
          const size = p.sizes[0]?.name;
          // What this dish adds to the menu price as it comes (a required option with a price).
          const extra = slotChoicePrice(slot, freshSlotChoice(slot.id, p));
          const sold = soldOut.has(p.id);
          const contains = avoided.get(p.id);
          const cardId = `${groupId}-p${p.id}`;
          const meta = [size && size !== DEFAULT_SIZE_NAME ? size : null, extra > 0 ? `+${money(extra)}` : null].filter(Boolean);
          return (
            <label key={p.id} className="slot-card">
              {/* Named by the dish alone; its size and surcharge follow as the description. */}
              <input
                type="radio"
                name={groupId}
                id={p === firstAvailable ? `${groupId}-first` : undefined}
                value={p.id}
                checked={chosenId === p.id}
                disabled={sold || contains !== undefined}
                aria-labelledby={`${cardId}-name`}
                aria-describedby={meta.length ? `${cardId}-meta` : undefined}
                onChange={() => onChoose(p.id)}
              />
              {p.hasPoster ? <Poster media={p.poster} variant="square" width={48} height={48} sizes="48px" /> : null}
              <span className="slot-card__text">
                <span id={`${cardId}-name`} className="slot-card__name">
                  {sold ? t`${p.name} (sold out)` : contains ? t`${p.name} (contains ${contains})` : p.name}
                </span>
                {meta.length ? (
                  <span id={`${cardId}-meta`} className="slot-card__meta">
                    {meta.join(' · ')}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p className="field-error" id={`${groupId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
