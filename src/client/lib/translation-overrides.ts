import type { Messages } from '@lingui/core';

/**
 * The operator's wording (GET /api/translations) over the built-in catalogs. Overrides are keyed by
 * the English source text, as the catalogs' msgids are; Lingui keys compiled catalogs by a hash of
 * msgid and context, so the English catalogs are read back into source texts to find every message
 * an override names, whatever its context. Loaded only when the restaurant has overrides.
 */
type Compiled = Messages[string];

/** A compiled message back to its source text, or null for plurals and selects (not overridable). */
function sourceOf(message: Compiled): string | null {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return null;
  let text = '';
  for (const part of message as unknown[]) {
    if (typeof part === 'string') text += part;
    else if (Array.isArray(part) && part.length === 1 && typeof part[0] === 'string') text += `{${part[0]}}`;
    else return null;
  }
  return text;
}

/** The operator's text with `{name}` placeholders, in Lingui's compiled form. */
function compile(text: string): Compiled {
  const parts = text.split(/\{(\w+)\}/);
  if (parts.length === 1) return text;
  // Lingui's compiled form: text, and a one-element array for each placeholder (its types say strings only).
  const tokens: (string | [string])[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 1) tokens.push([part]);
    else if (part) tokens.push(part);
  });
  return tokens as unknown as Compiled;
}

/**
 * The messages to load over the current ones. A placeholder the built-in message has must survive
 * in the override (a price left out of the pay button is a wrong button), or the override is skipped.
 */
export function overrideMessages(english: readonly Messages[], overrides: Readonly<Record<string, string>>): Messages {
  const wanted = new Map(Object.entries(overrides).filter(([, value]) => value.trim() !== ''));
  const out: Messages = {};
  for (const catalog of english) {
    for (const [id, message] of Object.entries(catalog)) {
      const source = sourceOf(message);
      const value = source === null ? undefined : wanted.get(source);
      if (value === undefined || source === null) continue;
      const needed = source.match(/\{\w+\}/g) ?? [];
      if (needed.every((placeholder) => value.includes(placeholder))) out[id] = compile(value);
    }
  }
  return out;
}
