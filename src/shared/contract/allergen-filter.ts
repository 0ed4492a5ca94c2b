/**
 * The strict allergen filter (issue 17 part 2, decision 054): what a diner avoids, by declaration
 * code per kind (allergen letters and additive numbers may be coded alike by a restaurant, so
 * they are kept apart). Kept on the device; sent with an order only when the diner shares it.
 */
export interface AvoidList {
  allergens: string[];
  additives: string[];
}

/** At most every declaration a restaurant could have; a longer list is not a diner's. */
export const AVOID_LIST_MAX = 60;
/** Codes are short letters or numbers ('A', '14'); anything else is not one. */
export const DECLARATION_CODE = /^[A-Za-z0-9]{1,8}$/;

export const EMPTY_AVOID_LIST: AvoidList = { allergens: [], additives: [] };

export const avoidsAnything = (avoid: AvoidList): boolean => avoid.allergens.length + avoid.additives.length > 0;
