import type { SeedRestaurant } from '../types';

/**
 * The operator's wording over the built-in texts, keyed by their English source text (decision
 * 018). The demo restaurant keeps the built-in wording: an override costs a diner the English
 * catalog's download, so only a text worth changing should have one.
 */
export const translations: SeedRestaurant['translations'] = {};
