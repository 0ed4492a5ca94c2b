import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../shared/contract/order';
import { text, type SettingsMap } from '../../../shared/contract/settings';
import { telHref } from '../../lib/tel';
import { ltr } from '../../ui/Ltr';

/** What the order page tells a diner about the restaurant itself (from the settings). */
export interface RestaurantContact {
  name: string;
  address: string;
  phone: string;
}

export function restaurantContact(settings: SettingsMap): RestaurantContact {
  return { name: text(settings, 'SITE_TITLE'), address: text(settings, 'ADDRESS'), phone: text(settings, 'PHONE') };
}

/** Where the order changes hands (the restaurant's address, the delivery address, the table) and the number to call. */
export function OrderPlace({ order, restaurant }: { order: Order; restaurant: RestaurantContact }) {
  const { t } = useLingui();
  const type = order.deliverType;
  const title = type === 'delivery' ? t`Delivery address` : type === 'table' ? t`Your table` : type === 'curbside' ? t`Pickup at your car` : t`Pickup`;
  return (
    <section className="card order-detail__section order-place" aria-labelledby="order-place-title">
      <h2 id="order-place-title">{title}</h2>
      {type === 'delivery' && order.address ? (
        <address className="order-place__address">
          <bdi>
            {order.address.address}
            {order.address.extras ? `, ${order.address.extras}` : ''}
          </bdi>
          <br />
          {[order.address.zipcode, order.address.area].filter(Boolean).join(' ')}
        </address>
      ) : type === 'table' && order.table ? (
        <p className="order-place__address">{order.table.name}</p>
      ) : type !== 'delivery' && type !== 'table' && restaurant.address ? (
        <address className="order-place__address">
          {restaurant.name ? (
            <>
              {restaurant.name}
              <br />
            </>
          ) : null}
          {restaurant.address}
        </address>
      ) : null}
      {type === 'curbside' && order.car ? (
        <p className="order-place__car">
          <Trans>Your car: {order.car}</Trans>
        </p>
      ) : null}
      {restaurant.phone ? (
        <p className="order-place__phone">
          <Trans>Questions about your order?</Trans>{' '}
          <a href={telHref(restaurant.phone)} className="order-place__call">
            <Trans>Call {ltr(restaurant.phone)}</Trans>
          </a>
        </p>
      ) : null}
    </section>
  );
}
