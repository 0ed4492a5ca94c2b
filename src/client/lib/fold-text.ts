/**
 * Text as a search compares it: lower case, accents dropped (Käse / kase, Crème / creme), so a
 * diner typing on a phone keyboard without accents still finds the dish.
 */
export function foldText(s: string): string {
  return s
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}
