/**
 * `npx tsx scripts/stand-in-stripe.ts`: the stand-in Stripe (Checkout Sessions, refunds, a hosted
 * payment page, signed webhooks) on its own, for Playwright's third webServer and for trying card
 * payments by hand without a Stripe account. PORT (4005), HOST (127.0.0.1), WEBHOOK_URL (where the
 * shop's webhook listens), STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set it up.
 */
import { STAND_IN_STRIPE_DEFAULTS, startStandInStripe } from '../tests/support/stand-in-stripe';
import { closeOnSignal, portFromEnv } from './lib/stand-in-process';

const port = portFromEnv(4005);

const stripe = await startStandInStripe({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  secretKey: process.env.STRIPE_SECRET_KEY ?? STAND_IN_STRIPE_DEFAULTS.secretKey,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? STAND_IN_STRIPE_DEFAULTS.webhookSecret,
  webhookUrl: process.env.WEBHOOK_URL,
});
console.log(`Stand-in Stripe on ${stripe.url} (key ${stripe.secretKey}, webhook secret ${stripe.webhookSecret}) → ${process.env.WEBHOOK_URL ?? 'no webhook URL'}`);

closeOnSignal(stripe);
