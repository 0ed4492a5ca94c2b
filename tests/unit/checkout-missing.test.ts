import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { firstMissing, type MissingContext } from '../../src/client/features/checkout/missing';
import type { CheckoutFormValues } from '../../src/client/features/checkout/payload';

const empty: CheckoutFormValues = {
  deliverType: 'delivery',
  name: '',
  email: '',
  phone: '',
  areaId: '',
  addressId: '',
  address: '',
  extras: '',
  place: null,
  car: '',
  deliverAt: 'now',
  deliverDate: '',
  notes: '',
  tipPercent: null,
  tipAmount: '',
  paymentType: '',
  issueInvoice: false,
  terms: false,
  useProfit: false,
};

const guest: MissingContext = { minimumField: 'areaId', shortfall: null, payment: null };

const said = (fields: string[], values = empty, context = guest) => {
  const missing = firstMissing(fields, values, context);
  return missing && { field: missing.field, text: i18n._(missing.message) };
};

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('firstMissing', () => {
  it('is null when nothing stops the order', () => {
    expect(firstMissing([], empty, guest)).toBeNull();
  });

  it('names the first field in the order of the form, whatever order the errors came in', () => {
    expect(said(['terms', 'phone', 'address'])).toEqual({ field: 'phone', text: 'Phone number missing' });
    expect(said(['terms', 'deliverDate'])).toEqual({ field: 'deliverDate', text: 'Choose a time' });
    expect(said(['terms'])).toEqual({ field: 'terms', text: 'Accept the terms' });
  });

  it('says "missing" for an empty field and "check" for one filled in wrongly', () => {
    expect(said(['email'])?.text).toBe('E-mail address missing');
    expect(said(['email'], { ...empty, email: 'anna@' })?.text).toBe('Check your e-mail address');
    expect(said(['phone'], { ...empty, phone: '12' })?.text).toBe('Check your phone number');
    expect(said(['deliverDate'], { ...empty, deliverDate: '2026-11-30T03:00' })?.text).toBe('Check the time');
  });

  it('asks a guest of the new address system to find the place, before the detailed address', () => {
    expect(said(['address', 'place', 'terms'])).toEqual({ field: 'place', text: 'Find your delivery address' });
    const pinned = { ...guest, minimumField: 'place', shortfall: '€4.10' };
    expect(said(['place'], empty, pinned)).toEqual({ field: 'place', text: 'Minimum order not reached: €4.10 more' });
  });

  it('tells the minimum order by its amount on the field that carries it', () => {
    const short = { ...guest, shortfall: '€4.10' };
    expect(said(['areaId', 'terms'], { ...empty, areaId: '3' }, short)).toEqual({ field: 'areaId', text: 'Minimum order not reached: €4.10 more' });
    expect(said(['areaId'], { ...empty, areaId: '3' })?.text).toBe('Check your delivery area');
    expect(said(['addressId'], empty, { ...guest, minimumField: 'addressId' })?.text).toBe('Choose a delivery address');
  });

  it('puts the way to pay before the terms and says why it cannot be used', () => {
    expect(said(['terms', 'paymentType'], empty, { ...guest, payment: 'offline' })).toEqual({
      field: 'paymentType',
      text: 'Card payment needs a connection',
    });
    expect(said(['paymentType'], empty, { ...guest, payment: 'unknown' })?.text).toBe('Connect to the internet to order');
  });

  it('still blocks on a field it does not know, after the known ones, in general words', () => {
    expect(said(['carDescription', 'terms'])?.field).toBe('terms');
    expect(said(['carDescription'])).toEqual({ field: 'carDescription', text: 'Check the marked fields' });
  });
});
