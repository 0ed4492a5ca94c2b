import type { Codes } from '../../../shared/allergens';
import type { Declaration, Declarations } from '../../../shared/contract/catalog';

/**
 * Names for codes ("Milk/lactose" for G): from the restaurant's list, else from declarations at
 * hand (a dish carries its own, offline too); a code neither knows stays a code.
 */
export function nameCodes(list: Declarations | undefined, codes: Codes, known: readonly Declaration[] = []): string {
  const name = (kind: keyof Declarations, code: string) => list?.[kind].find((d) => d.code === code)?.name ?? known.find((d) => d.code === code)?.name ?? code;
  return [...codes.allergens.map((c) => name('allergens', c)), ...codes.additives.map((c) => name('additives', c))].join(', ');
}
