import './photos.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { PhotoOwner, PhotoTarget } from '../../../shared/contract/photos';
import { NeedsNetwork } from '../admin/NeedsNetwork';
import { staffCall } from '../api';
import { PhotoField, photosKey } from './PhotoField';

type Show = 'all' | 'missing' | 'present';

/**
 * Every category, dish and combo menu with its photo, in the menu's order: an owner walks through
 * the kitchen with a phone or tablet and photographs the whole menu, item after item.
 */
export default function PhotosScreen() {
  const { t } = useLingui();
  const ids = useId();
  const list = useQuery({ queryKey: photosKey, queryFn: () => staffCall<PhotoOwner[]>('GET', '/photos') });
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('all');
  const owners = list.data ?? [];
  const needle = search.trim().toLocaleLowerCase();
  const shown = owners.filter(
    (o) =>
      (show === 'all' || (show === 'missing') === !o.poster) &&
      (!needle || o.name.toLocaleLowerCase().includes(needle) || o.group.toLocaleLowerCase().includes(needle)),
  );
  const missing = owners.filter((o) => !o.poster).length;
  const kind: Record<PhotoTarget, string> = { category: t`Category`, product: t`Dish`, menu: t`Combo menu` };
  return (
    <main className="staff-page photos-page">
      <h1>
        <Trans>Photos</Trans>
      </h1>
      <p>
        <Trans>Take or choose a photo for every dish, category and combo menu. Each photo is saved as soon as it is sent, so you can walk through the kitchen with a phone or tablet and photograph the menu item by item.</Trans>
      </p>
      <NeedsNetwork />
      <div className="photos-page__filters" role="search">
        <div className="photos-page__filter">
          <label htmlFor={`${ids}-search`}>
            <Trans>Find an item</Trans>
          </label>
          <input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} aria-describedby={`${ids}-count`} />
        </div>
        <div className="photos-page__filter">
          <label htmlFor={`${ids}-show`}>
            <Trans>Show</Trans>
          </label>
          <select id={`${ids}-show`} value={show} onChange={(e) => setShow(e.target.value as Show)} aria-describedby={`${ids}-count`}>
            <option value="all">{t`Everything`}</option>
            <option value="missing">{t`Only items without a photo`}</option>
            <option value="present">{t`Only items with a photo`}</option>
          </select>
        </div>
      </div>
      <p id={`${ids}-count`} role="status" className="photos-page__count">
        {list.isSuccess ? t`${shown.length} shown · ${missing} of ${owners.length} still without a photo` : list.isError ? t`The list could not be loaded. Please reload the page.` : t`Loading…`}
      </p>
      <ul className="photos-page__list">
        {shown.map((o) => (
          <li key={`${o.target}-${o.id}`} className="staff-card photos-page__item" aria-labelledby={`${ids}-${o.target}-${o.id}`}>
            <div className="photos-page__head">
              <h2 id={`${ids}-${o.target}-${o.id}`}>{o.name}</h2>
              <span className="staff-muted">{o.group ? `${kind[o.target]} · ${o.group}` : kind[o.target]}</span>
              {o.poster ? null : <span className="admin-badge admin-badge--warn">{t`No photo yet`}</span>}
            </div>
            <PhotoField target={o.target} id={o.id} />
          </li>
        ))}
      </ul>
    </main>
  );
}
