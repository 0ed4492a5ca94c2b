/** How one history line's details read: field by field, long values shortened. */

const MAX_VALUE = 120;

export interface ChangeLine {
  field: string;
  /** Null: the field did not exist before (a creation) or after (a deletion). */
  before: string | null;
  after: string | null;
  /** The whole value, for the tooltip, when the shown one is shortened. */
  beforeFull?: string;
  afterFull?: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A value as one line: text as it is, a translated text as "de: …, en: …", the rest as JSON. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isRecord(v) && Object.values(v).every((x) => typeof x === 'string')) {
    return Object.entries(v)
      .map(([k, x]) => `${k}: ${String(x) || '""'}`)
      .join(' · ');
  }
  return JSON.stringify(v);
}

export function shorten(text: string, max = MAX_VALUE): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The before → after pairs of a back-office line (`recordChange`), or null for an older line
 * without them. A creation lists its fields as "after" only, a deletion as "before" only.
 */
export function changeLines(details: Record<string, unknown>): ChangeLine[] | null {
  if (!('before' in details) || !('after' in details)) return null;
  const before = isRecord(details.before) ? details.before : null;
  const after = isRecord(details.after) ? details.after : null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const b = before ? valueText(before[field]) : null;
    const a = after ? valueText(after[field]) : null;
    return {
      field,
      before: b === null ? null : shorten(b),
      after: a === null ? null : shorten(a),
      beforeFull: b !== null && b.length > MAX_VALUE ? b : undefined,
      afterFull: a !== null && a.length > MAX_VALUE ? a : undefined,
    };
  });
}

/** An older line's details (service steps, team changes) as "key: value". */
export function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== '' && v !== undefined)
    .map(([k, v]) => `${k}: ${shorten(valueText(v))}`);
}
