/**
 * Where Stripe reaches the app, under /api. Apart from the adapter, so the anti-forgery plugin can
 * name the webhook without loading the Stripe SDK into a server that has Stripe switched off.
 */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';
/** Where Stripe's "back" button returns the diner. */
export const STRIPE_CANCEL_PATH = '/payments/stripe/cancelled';
