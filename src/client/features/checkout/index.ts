/**
 * The form (with its validation, formik, yup and the address finder: 40.4 KB on the wire) is loaded when there is a
 * cart to check out, not by a page that can only say the cart is empty: a first visit of /checkout
 * never has a cart, since the cart lives on the device (issue 16). The route's loader starts it
 * alongside the page's data whenever the cart has lines, so a diner coming from the menu never waits
 * for it (the menu's checkout link preloads the route on touch). Its strings are catalogs of their
 * own, fetched beside it: the first page's catalog does not carry them.
 */
let form: Promise<typeof import('./CheckoutForm')> | null = null;
export function loadCheckoutForm(): Promise<typeof import('./CheckoutForm')> {
  // A failed load (offline before the worker kept it) is tried again next time, not remembered.
  form ??= Promise.all([import('./CheckoutForm'), import('./messages').then((m) => m.loadCheckoutMessages())])
    .then(([module]) => module)
    .catch((error: unknown) => {
      form = null;
      throw error;
    });
  return form;
}
