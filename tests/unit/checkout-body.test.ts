import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { checkoutSchema, type CheckoutContext } from '../../src/shared/contract/checkout';
import { readCheckoutBody } from '../../src/server/orders/checkout-body';

/** What yup says of a body: the values it reads, or the fields it refuses. */
async function byYup(body: unknown, context: CheckoutContext): Promise<{ ok: unknown } | { fields: string[] }> {
  try {
    return { ok: await checkoutSchema.validate(body, { abortEarly: false, stripUnknown: true, context }) };
  } catch (error) {
    if (error instanceof ValidationError) return { fields: error.inner.map((e) => e.path ?? '').sort() };
    throw error;
  }
}

/** A small seeded generator, so a failure names a body that can be made again. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof random>;

function options(r: Rng): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (let i = r.int(0, 3); i > 0; i--) out[String(r.int(1, 400))] = Array.from({ length: r.int(0, 3) }, () => r.int(1, 900));
  return out;
}

function productLine(r: Rng) {
  return { type: 'productItem', productId: r.int(1, 300), sizeId: r.int(1, 900), qty: r.int(1, 99), options: options(r), extraIds: Array.from({ length: r.int(0, 4) }, () => r.int(1, 500)) };
}

function menuLine(r: Rng) {
  return {
    type: 'menuItem',
    menuId: r.int(1, 20),
    qty: r.int(1, 6),
    items: Array.from({ length: r.int(0, 4) }, () => ({ slotId: r.int(1, 60), productId: r.int(1, 300), options: options(r), extraIds: Array.from({ length: r.int(0, 2) }, () => r.int(1, 500)) })),
  };
}

/** A body as the storefront's checkout sends it (`features/checkout/payload.ts`), for every order type. */
function storefrontBody(r: Rng, context: CheckoutContext): Record<string, unknown> {
  const deliverType = r.pick(['delivery', 'takeaway', 'curbside', 'table'] as const);
  const delivery = deliverType === 'delivery';
  const saved = delivery && Boolean(context.account);
  const pinned = delivery && !saved && Boolean(context.newAddress);
  const later = r.chance(0.3);
  return {
    items: Array.from({ length: r.int(1, 6) }, () => (r.chance(0.3) ? menuLine(r) : productLine(r))),
    name: r.pick(['Anna Schmidt', ' Jörg ', 'Ali']),
    email: r.pick(['anna@example.com', ' Gast@Example.DE ', 'a.b+c@sub.example.org']),
    phone: r.pick(['+49 40 1234567', '040 1234567', '+49 151 23456789']),
    areaId: delivery && !saved && !pinned ? r.int(1, 9) : null,
    addressId: saved ? r.int(1, 99) : null,
    address: delivery && !saved ? r.pick(['Osterstraße 12', ' Eppendorfer Weg 5 ']) : '',
    extras: delivery && !saved ? r.pick(['', '2. OG links']) : '',
    ...(pinned ? { coordinates: { lat: 53.57, lng: 9.95 }, zipcode: '20259' } : {}),
    deliverType,
    deliverAt: later ? 'later' : 'now',
    deliverDate: later ? '2026-12-24T18:30' : null,
    notes: r.pick(['', 'Ohne Zwiebeln, bitte.']),
    car: deliverType === 'curbside' ? 'Blauer Golf, HH-AB 123' : '',
    table: deliverType === 'table' ? 'T05-ZDVN-N4ZC-H7BC' : null,
    tip: r.pick([0, 1.5, 2, 12.25]),
    terms: true,
    issueInvoice: r.chance(0.2),
    useProfit: Boolean(context.account) && r.chance(0.3),
    paymentType: r.pick(['cash', 'sandbox', 'stripe']),
    ...(r.chance(0.5) ? { shownTotal: r.int(0, 20000) / 100 } : {}),
  };
}

const HOSTILE: unknown[] = [
  undefined, null, '', ' ', '5', '1e2', '0x10', ' 7 ', 0, -1, 1.5, 2147483648, 99, 100, 7, true, false, [], [1], {}, { a: 1 }, 'x'.repeat(400),
  'ANNA@EXAMPLE.COM', 'not-an-email', '+49', 'later', 'now', '2026-12-24T18:30', '2026-12-24 18:30', 'menuItem', 'productItem', 'table', 'delivery',
];

/** One field (or one line's field) of a body replaced by a hostile value, or removed. */
function mutate(r: Rng, body: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(body);
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  const lines = Array.isArray(copy.items) ? copy.items.filter(isObject) : [];
  const value = r.pick(HOSTILE);
  if (r.chance(0.35) && lines.length) {
    const lineAt = lines[r.int(0, lines.length - 1)] as Record<string, unknown>;
    const slots = Array.isArray(lineAt.items) ? lineAt.items.filter(isObject) : [];
    const target = slots.length && r.chance(0.4) ? (slots[r.int(0, slots.length - 1)] as Record<string, unknown>) : lineAt;
    const key = r.pick([...Object.keys(target), 'options', 'extraIds', 'extra']);
    if (value === undefined) delete target[key];
    else target[key] = key === 'options' && r.chance(0.5) ? { [String(r.pick(HOSTILE))]: [value] } : key === 'extraIds' && r.chance(0.5) ? [value] : value;
    return copy;
  }
  const key = r.pick([...Object.keys(copy), 'coordinates', 'shownTotal', 'takeaway', 'unknownField']);
  if (value === undefined) delete copy[key];
  else copy[key] = key === 'coordinates' && r.chance(0.5) ? { lat: value, lng: 9.9 } : value;
  return copy;
}

const CONTEXTS: CheckoutContext[] = [
  { guest: true, account: false, newAddress: false },
  { guest: true, account: false, newAddress: true },
  { guest: false, account: true, newAddress: false },
  { guest: false, account: false, newAddress: false },
];

describe('the checkout body without yup', () => {
  it('reads every body the storefront sends, and exactly as yup reads it', async () => {
    const r = random(16);
    for (let i = 0; i < 400; i++) {
      const context = r.pick(CONTEXTS);
      const body = storefrontBody(r, context);
      const fast = await readCheckoutBody(body, context);
      const slow = await byYup(body, context);
      expect(fast, JSON.stringify({ body, context })).not.toBeNull();
      expect(slow, JSON.stringify({ body, context })).toEqual({ ok: fast });
    }
  }, 60_000);

  it('accepts nothing that yup refuses, and answers what yup answers for what it accepts', async () => {
    const r = random(Number(process.env.FUZZ_SEED) || 45);
    let accepted = 0;
    let left = 0;
    for (let i = 0; i < 1500; i++) {
      const context = r.pick(CONTEXTS);
      let body = storefrontBody(r, context);
      for (let n = r.int(1, 3); n > 0; n--) body = mutate(r, body);
      const fast = await readCheckoutBody(body, context);
      const slow = await byYup(body, context);
      const name = JSON.stringify({ body, context });
      if (fast === null) left++;
      else {
        accepted++;
        expect(slow, name).toEqual({ ok: fast });
      }
    }
    // Both kinds occur: a mutation that leaves the body valid (an unknown field, a removed optional
    // one) stays on the fast path, and most go to yup.
    expect(accepted).toBeGreaterThan(50);
    expect(left).toBeGreaterThan(500);
  }, 60_000);

  it('leaves to yup what only yup decides: numbers in strings, a wrong type, a missing required field', async () => {
    const r = random(7);
    const context: CheckoutContext = { guest: true, account: false, newAddress: false };
    const body = { ...storefrontBody(r, context), deliverType: 'takeaway', areaId: null, address: '', extras: '' };
    expect(await readCheckoutBody(body, context)).not.toBeNull();
    for (const change of [{ tip: '2' }, { terms: 'true' }, { name: '' }, { email: 'x@y' }, { phone: '12' }, { items: [] }, { deliverAt: 'soon' }, { table: 5 }]) {
      expect(await readCheckoutBody({ ...body, ...change }, context), JSON.stringify(change)).toBeNull();
    }
  });
});
