import { asc, inArray } from 'drizzle-orm';
import {
  SETTINGS_GROUPS,
  SETTINGS_SCHEMAS,
  SWITCH_KEYS,
  type AnySettingsValues,
  type PageChoice,
  type ServerEnvironment,
  type SettingsAdminView,
  type SettingsGroup,
} from '../../../shared/contract/settings-admin';
import { LOADER_STYLES, type SettingKey } from '../../../shared/contract/settings';
import { settingValueProblem } from '../../branding/setting-rules';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { FieldErrors } from '../../plugins/errors';
import { recordChange, type Actor } from '../../staff/audit';

type Stored = Record<string, unknown>;

const asText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const isOnValue = (v: unknown): boolean => !(v === undefined || v === null || v === '' || v === false || v === '0' || v === 'false' || v === 0);
const asPageId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
const asCoordinates = (v: unknown): { lat: number; lng: number } | null => {
  if (!v || typeof v !== 'object') return null;
  const { lat, lng } = v as { lat?: unknown; lng?: unknown };
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
};
const asWhole = (v: unknown, fallback: number): number => {
  const n = Number(asText(v));
  return asText(v).trim() !== '' && Number.isInteger(n) ? n : fallback;
};

/** A stored setting as the form field shows it: switches as booleans, numbers as numbers, the rest as text. */
function formValue(key: string, stored: unknown): unknown {
  if ((SWITCH_KEYS as readonly string[]).includes(key)) return isOnValue(stored);
  switch (key) {
    case 'TERMS_AND_CONDITIONS':
    case 'PRIVACY_POLICY':
      return asPageId(stored);
    case 'RESTAURANT_COORDINATES':
      return asCoordinates(stored);
    case 'LOYALTY_EARN_PERCENT':
      return Number(asText(stored).replace(',', '.')) || 0;
    case 'RESERVATION_MIN_NOTICE_MINUTES':
      return asWhole(stored, 120);
    case 'RESERVATION_MAX_GUESTS':
      return asWhole(stored, 8);
    case 'LOADER_STYLE':
      return (LOADER_STYLES as readonly string[]).includes(asText(stored)) ? asText(stored) : 'pizza';
    case 'COUNTRY':
      return asText(stored) || 'de';
    case 'TIMEZONE':
      return asText(stored) || 'Europe/Berlin';
    default:
      return asText(stored);
  }
}

/**
 * A form value as the storefront's readers expect it in the table (the shapes the seed wrote):
 * switches '1' or '', numbers as text, page ids as numbers, coordinates as {lat, lng}.
 */
function storedValue(key: string, value: unknown): unknown {
  if ((SWITCH_KEYS as readonly string[]).includes(key)) return value === true ? '1' : '';
  if (key === 'TERMS_AND_CONDITIONS' || key === 'PRIVACY_POLICY' || key === 'RESTAURANT_COORDINATES') return value ?? null;
  if (key === 'TIP_PERCENTS' && typeof value === 'string') return value.split(',').map((p) => p.trim()).filter(Boolean).join(',');
  if (key === 'COUNTRY' && typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number') return String(value);
  return value;
}

function keysOf(group: SettingsGroup): SettingKey[] {
  return Object.keys(SETTINGS_SCHEMAS[group].fields) as SettingKey[];
}

async function storedSettings(db: Db): Promise<Stored> {
  const rows = await db.select({ key: t.settings.key, value: t.settings.value }).from(t.settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

function pageName(name: Record<string, string>, lang: string): string {
  return name[lang] || name.de || Object.values(name)[0] || '';
}

export async function pageChoices(db: Db, lang: string): Promise<PageChoice[]> {
  const rows = await db.select({ id: t.pages.id, name: t.pages.name }).from(t.pages).orderBy(asc(t.pages.sort), asc(t.pages.id));
  return rows.map((p) => ({ id: p.id, name: pageName(p.name, lang) }));
}

/** Every group's values in the form's shape, the pages the legal links may name, and what the environment sets. */
export async function readSettingsView(db: Db, lang: string, environment: ServerEnvironment): Promise<SettingsAdminView> {
  const stored = await storedSettings(db);
  const groups = Object.fromEntries(
    SETTINGS_GROUPS.map((group) => [group, Object.fromEntries(keysOf(group).map((key) => [key, formValue(key, stored[key])]))]),
  ) as unknown as AnySettingsValues;
  return { groups, pages: await pageChoices(db, lang), environment };
}

/**
 * Saves one group (already validated by its contract schema) in one transaction with its history
 * line: the keys that changed, before and after. Rules only the server can check (the header code
 * against the page's security policy, page ids that exist) answer as field errors.
 */
export async function saveSettingsGroup(db: Db, actor: Actor, lang: string, group: SettingsGroup, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const keys = keysOf(group);
  const next: Stored = Object.fromEntries(keys.map((key) => [key, storedValue(key, values[key])]));

  const problems: Record<string, string[]> = {};
  for (const key of keys) {
    const value = next[key];
    if (typeof value !== 'string') continue;
    const problem = settingValueProblem(lang, key, value);
    if (problem) problems[key] = [problem];
  }
  const pageIds = (['TERMS_AND_CONDITIONS', 'PRIVACY_POLICY'] as const).filter((k) => keys.includes(k) && typeof next[k] === 'number');
  if (pageIds.length) {
    const wanted = pageIds.map((k) => next[k] as number);
    const found = new Set((await db.select({ id: t.pages.id }).from(t.pages).where(inArray(t.pages.id, wanted))).map((r) => r.id));
    for (const k of pageIds) if (!found.has(next[k] as number)) problems[k] = [say(lang, 'settings.page')];
  }
  if (Object.keys(problems).length) throw new FieldErrors(problems);

  await db.transaction(async (tx) => {
    const rows = await tx.select({ key: t.settings.key, value: t.settings.value }).from(t.settings).where(inArray(t.settings.key, keys));
    const before: Stored = Object.fromEntries(keys.map((k) => [k, rows.find((r) => r.key === k)?.value ?? null]));
    // An empty field over a setting that never had a value (an image that uses its media fallback) stays unset.
    for (const key of keys) if (next[key] === '' && before[key] === null) next[key] = null;
    for (const key of keys) {
      if (JSON.stringify(before[key]) === JSON.stringify(next[key] ?? null)) continue;
      // A key the database never had (a setting added after it was seeded) is created on its first save.
      await tx
        .insert(t.settings)
        .values({ key, value: next[key] ?? null })
        .onConflictDoUpdate({ target: t.settings.key, set: { value: next[key] ?? null } });
    }
    await recordChange(tx, actor, 'settings.update', group, before, next);
  });
  const stored = await storedSettings(db);
  return Object.fromEntries(keys.map((key) => [key, formValue(key, stored[key])]));
}
