import { Trans } from '@lingui/react/macro';

/** What the filter can and cannot promise: it reads the menu's declarations, the kitchen handles the food. */
export function AllergenNotice() {
  return (
    <p className="allergen-notice" role="note">
      <Trans>
        The filter reads only what our menu declares. Our kitchen handles all allergens, so traces cannot be ruled out. If an allergy is serious, please
        ask our staff before you order.
      </Trans>
    </p>
  );
}
