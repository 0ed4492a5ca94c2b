import type { I18n } from '../types';

/** Shorthand for a German/English text pair. */
export function t(de: string, en: string): I18n {
  return { de, en };
}

/** A size without a name: the single 'Default Size' the storefront hides. */
export function single(price: number): { name: null; price: number }[] {
  return [{ name: null, price }];
}
