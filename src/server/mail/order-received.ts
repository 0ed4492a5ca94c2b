import type { CheckoutResult } from '../../shared/contract/checkout';
import { text, timeZoneOf } from '../../shared/contract/settings';
import { toCents } from '../../shared/pricing';
import type { Db } from '../db/client';
import { formatDateTimeFor, formatMoneyFor, say } from '../i18n/messages';
import { loadSettings } from '../settings';
import type { Mailer } from './mailer';
import { orderReceivedMail } from './templates';

/** The order-received mail, for guests and customers alike; the link is the order's private page. */
export async function sendOrderReceived(db: Db, mailer: Mailer, siteUrl: string, result: CheckoutResult, lang: string): Promise<void> {
  const { order } = result;
  if (!order.customer.email) return;
  const settings = await loadSettings(db);
  const currency = text(settings, 'CURRENCY') || 'EUR';
  const money = (amount: number) => formatMoneyFor(lang, toCents(amount), currency);
  const when = order.deliverAt
    ? say(lang, 'mail.deliverAt', { time: formatDateTimeFor(lang, new Date(order.deliverAt), timeZoneOf(settings)) })
    : say(lang, 'mail.deliverNow');
  await mailer.send({
    to: order.customer.email,
    ...orderReceivedMail({
      lang,
      siteTitle: text(settings, 'SITE_TITLE'),
      name: order.customer.name,
      code: order.code,
      orderUrl: `${siteUrl}/orders/${order.code}?key=${result.accessKey}`,
      totalText: money(order.payment.price),
      deliverText: when,
      lines: order.items.map((i) => ({ qty: i.qty, name: i.name, priceText: money(i.price) })),
    }),
  });
}
