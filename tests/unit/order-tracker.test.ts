import { describe, expect, it } from 'vitest';
import { checkoutSchema } from '../../src/shared/contract/checkout';
import { toPayload, type CheckoutFormValues } from '../../src/client/features/checkout/payload';
import { mayArrive, trackerSteps } from '../../src/client/features/orders/tracker-steps';

describe('the order tracker', () => {
  it('walks received → accepted → ready → done, one step current at a time', () => {
    const states = (status: Parameters<typeof trackerSteps>[0]) => trackerSteps(status)?.map((s) => s.state);
    expect(states('awaiting_payment')).toEqual(['todo', 'todo', 'todo', 'todo']);
    expect(states('pending_approval')).toEqual(['current', 'todo', 'todo', 'todo']);
    expect(states('approved')).toEqual(['done', 'current', 'todo', 'todo']);
    expect(states('ready')).toEqual(['done', 'done', 'current', 'todo']);
    expect(states('completed')).toEqual(['done', 'done', 'done', 'current']);
    expect(trackerSteps('ready')?.map((s) => s.key)).toEqual(['received', 'accepted', 'ready', 'done']);
  });

  it('shows no steps for an order that ended without being served', () => {
    for (const status of ['rejected', 'cancelled', 'payment_failed'] as const) expect(trackerSteps(status)).toBeNull();
  });

  it('offers "I\'m here" only at the curb, once accepted, until handed over, and once', () => {
    const curbside = { deliverType: 'curbside', arrivedAt: null };
    expect(mayArrive({ ...curbside, status: 'pending_approval' })).toBe(false);
    expect(mayArrive({ ...curbside, status: 'approved' })).toBe(true);
    expect(mayArrive({ ...curbside, status: 'ready' })).toBe(true);
    expect(mayArrive({ ...curbside, status: 'completed' })).toBe(false);
    expect(mayArrive({ ...curbside, status: 'ready', arrivedAt: '2026-11-27T18:40:00.000Z' })).toBe(false);
    expect(mayArrive({ deliverType: 'takeaway', status: 'ready', arrivedAt: null })).toBe(false);
  });
});

describe('the car at checkout', () => {
  const values: CheckoutFormValues = {
    deliverType: 'curbside',
    name: 'Anna Schmidt',
    email: 'anna@example.com',
    phone: '+49 40 1234567',
    areaId: '',
    addressId: '',
    address: '',
    extras: '',
    place: null,
    car: '  rot, VW Golf, HH-AB 123 ',
    paymentType: 'cash',
    deliverAt: 'now',
    deliverDate: '',
    notes: '',
    tipPercent: null,
    tipAmount: '',
    issueInvoice: false,
    terms: true,
    useProfit: false,
  };
  const payloadOf = (v: CheckoutFormValues) => toPayload(v, [], { paymentType: 'cash', tip: 0, tableCode: null, account: false, pinned: false });
  const errorsOf = async (v: CheckoutFormValues) => {
    try {
      await checkoutSchema.validate({ ...payloadOf(v), items: [{ type: 'productItem', productId: 1, sizeId: 1, qty: 1 }] }, { abortEarly: false, context: { guest: true } });
      return [];
    } catch (error) {
      return (error as { inner: { path: string; errors: string[] }[] }).inner.map((e) => `${e.path}: ${e.errors[0]}`);
    }
  };

  it('is sent for curbside only', () => {
    expect(payloadOf(values).car).toBe(values.car);
    expect(payloadOf({ ...values, deliverType: 'takeaway' }).car).toBe('');
  });

  it('is required at the curb, trimmed, and at most 80 characters', async () => {
    expect(await errorsOf(values)).toEqual([]);
    expect(await errorsOf({ ...values, car: '   ' })).toEqual(['car: validation.required']);
    expect(await errorsOf({ ...values, car: 'x'.repeat(81) })).toEqual(['car: validation.tooLong']);
    expect(await errorsOf({ ...values, car: 'x'.repeat(80) })).toEqual([]);
    expect(await errorsOf({ ...values, deliverType: 'takeaway', car: '' })).toEqual([]);
  });
});
