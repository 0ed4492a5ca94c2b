import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Availability, HoldUntil, SoldOutItem } from '../../shared/contract/staff';
import { matchesSearch } from '../features/customise/choice-state';
import { staffCall } from './api';

interface MenuItems {
  availability: Availability;
  categories: { id: number; name: string; products: { id: number; name: string; options: { id: number; name: string; variant: string }[]; extras: { id: number; name: string }[] }[] }[];
}

/** "86": mark a dish, an option or an extra sold out for today or until turned back on. */
export default function AvailabilityScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const menu = useQuery({ queryKey: ['staff', 'availability'], queryFn: () => staffCall<MenuItems>('GET', '/availability') });
  const change = useMutation({
    mutationFn: ({ item, id, until }: { item: SoldOutItem; id: number; until: HoldUntil | null }) =>
      until ? staffCall<Availability>('POST', '/sold-out', { item, id, until }) : staffCall<Availability>('DELETE', `/sold-out/${item}/${id}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  if (!menu.data) return <p className="staff-muted">{menu.isError ? t`The menu could not be loaded.` : t`Loading…`}</p>;
  const sold = menu.data.availability.soldOut;
  const state = (item: SoldOutItem, id: number) => sold.find((s) => s.item === item && s.id === id);

  const Switch = ({ item, id, name }: { item: SoldOutItem; id: number; name: string }) => {
    const current = state(item, id);
    return (
      <div className={`staff-switch${current ? ' staff-switch--off' : ''}`}>
        <span className="staff-switch__name">{name}</span>
        <span className="staff-switch__state">{current ? (current.endsAt ? t`Sold out today` : t`Sold out until turned back on`) : t`Available`}</span>
        {current ? (
          <button type="button" className="staff-button staff-button--small staff-button--accept" onClick={() => change.mutate({ item, id, until: null })}>
            {t`Available again: ${name}`}
          </button>
        ) : (
          <>
            <button type="button" className="staff-button staff-button--small staff-button--reject" onClick={() => change.mutate({ item, id, until: 'end_of_day' })}>
              {t`Sold out today: ${name}`}
            </button>
            <button type="button" className="staff-button staff-button--small staff-button--quiet" onClick={() => change.mutate({ item, id, until: 'manual' })}>
              <Trans>Until turned back on</Trans>
            </button>
          </>
        )}
      </div>
    );
  };

  return (
    <main className="staff-page">
      <h1>
        <Trans>Sold out</Trans>
      </h1>
      <label className="staff-search">
        <Trans>Find a dish</Trans>
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      {menu.data.categories.map((c) => {
        const products = c.products.filter((p) => matchesSearch(p.name, filter));
        if (!products.length) return null;
        return (
          <section key={c.id} className="staff-card" aria-labelledby={`cat-${c.id}`}>
            <h2 id={`cat-${c.id}`}>{c.name}</h2>
            {products.map((p) => (
              <div key={p.id} className="staff-product">
                <Switch item="product" id={p.id} name={p.name} />
                {p.options.length || p.extras.length ? (
                  <details>
                    <summary>
                      <Trans>Options and extras</Trans>
                    </summary>
                    {p.options.map((o) => (
                      <Switch key={`o${o.id}`} item="option" id={o.id} name={`${o.variant}: ${o.name}`} />
                    ))}
                    {p.extras.map((e) => (
                      <Switch key={`e${e.id}`} item="extra" id={e.id} name={`+ ${e.name}`} />
                    ))}
                  </details>
                ) : null}
              </div>
            ))}
          </section>
        );
      })}
    </main>
  );
}
