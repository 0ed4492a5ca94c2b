import type { Order, OrderTaxItem } from '../../shared/contract/checkout';
import { text, timeZoneOf, type SettingsMap } from '../../shared/contract/settings';
import { toCents } from '../../shared/pricing';
import { formatDateTimeFor, formatMoneyFor, say } from '../i18n/messages';
import type { Mailer } from './mailer';
import { orderReceivedMail, type OrderMailRow } from './templates';

/**
 * The confirmation of a placed order, for guests and customers alike: the same lines and figures
 * as the order page (subtotal, discount, delivery, tip, VAT per rate, total, payment method), and
 * its private link. `order` is what the order page shows, in the order's language.
 */
export async function sendOrderReceived(mailer: Mailer, siteUrl: string, settings: SettingsMap, order: Order, accessKey: string, lang: string): Promise<void> {
  if (!order.customer.email) return;
  const currency = text(settings, 'CURRENCY') || 'EUR';
  const money = (amount: number) => formatMoneyFor(lang, toCents(amount), currency);
  const when = order.deliverAt
    ? say(lang, 'mail.deliverAt', { time: formatDateTimeFor(lang, new Date(order.deliverAt), timeZoneOf(settings)) })
    : say(lang, 'mail.deliverNow');
  const p = order.payment;

  // In the order of the order page's totals block.
  const summary: OrderMailRow[] = [{ label: say(lang, 'mail.subtotal'), valueText: money(p.cartTotal) }];
  if (p.discount > 0) summary.push({ label: say(lang, 'mail.discount'), valueText: `−${money(p.discount)}` });
  if (order.deliverType === 'delivery') {
    summary.push({ label: say(lang, 'mail.delivery'), valueText: p.deliver > 0 ? money(p.deliver) : say(lang, 'mail.deliveryFree') });
  }
  if (p.tip > 0) summary.push({ label: say(lang, 'mail.tip'), valueText: money(p.tip) });
  // "MwSt. 7 % auf 17,84 €"; orders stored before VAT per rate have no base to name.
  const taxLabel = (x: OrderTaxItem): string => {
    if (x.base === null) return say(lang, x.inclusive ? 'mail.taxIncluded' : 'mail.taxAdded', { name: x.name });
    return say(lang, x.inclusive ? 'mail.taxIncludedOn' : 'mail.taxAddedOn', { name: x.name, base: money(x.base) });
  };
  const shown = p.taxItems.filter((x) => x.value > 0);
  for (const x of shown.filter((x) => !x.inclusive)) summary.push({ label: taxLabel(x), valueText: money(x.value) });
  const after: OrderMailRow[] = [
    { label: say(lang, 'mail.paymentMethod'), valueText: p.methodName },
    ...shown.filter((x) => x.inclusive).map((x) => ({ label: taxLabel(x), valueText: money(x.value) })),
  ];

  // `deliver` rejects when the mail did not go out: the outbox tries again.
  await mailer.deliver({
    to: order.customer.email,
    ...orderReceivedMail({
      lang,
      siteTitle: text(settings, 'SITE_TITLE'),
      name: order.customer.name,
      code: order.code,
      orderUrl: `${siteUrl}/orders/${order.code}?key=${accessKey}`,
      deliverText: when,
      lines: order.items.map((i) => ({ qty: i.qty, name: i.name, priceText: money(i.price) })),
      summary,
      totalText: money(p.price),
      after,
    }),
  });
}
