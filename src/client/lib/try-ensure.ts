/**
 * Route guards and loaders read cached data first; offline with nothing cached they get
 * `undefined` and let the diner in, rather than locking them out of the menu or the checkout.
 */
export async function tryEnsure<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch {
    return undefined;
  }
}
