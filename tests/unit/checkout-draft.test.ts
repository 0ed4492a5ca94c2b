import { beforeEach, describe, expect, it } from 'vitest';
import { draftOwner, restoreDraft, toDraft } from '../../src/client/features/checkout/draft';
import type { CheckoutFormValues } from '../../src/client/features/checkout/payload';
import { CHECKOUT_DRAFT_MAX_AGE_MS, clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from '../../src/client/lib/checkout-draft';

const empty: CheckoutFormValues = {
  deliverType: '',
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

const anna: CheckoutFormValues = {
  ...empty,
  deliverType: 'delivery',
  name: 'Anna Schmidt',
  email: 'anna@example.com',
  phone: '+49 40 1234567',
  areaId: '3',
  address: 'Eppendorfer Weg 12',
  extras: '2. Stock',
  deliverAt: 'later',
  deliverDate: '2026-11-27T19:00',
  notes: 'Bitte klingeln',
  tipPercent: 10,
  issueInvoice: true,
  terms: true,
};

const open = { deliverTypes: ['delivery', 'takeaway', 'curbside'], openNow: true };

beforeEach(() => sessionStorage.clear());

describe('checkout draft storage', () => {
  it('gives the entries back to the same owner, after a reload, until the order is placed', () => {
    const now = Date.now();
    saveCheckoutDraft('guest', toDraft(anna), now);
    // Session storage is what a reload or a return from the payment page still has.
    expect(readCheckoutDraft('guest', now + 60_000)).toEqual(toDraft(anna));
    clearCheckoutDraft();
    expect(readCheckoutDraft('guest', now + 60_000)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('never hands one person’s draft to another, and deletes it on the way', () => {
    saveCheckoutDraft('user:7', toDraft(anna));
    expect(readCheckoutDraft('guest')).toBeNull();
    // Gone, not merely hidden: the customer who wrote it does not get it back either.
    expect(readCheckoutDraft('user:7')).toBeNull();
    saveCheckoutDraft('guest', toDraft(anna));
    expect(readCheckoutDraft('user:7')).toBeNull();
    saveCheckoutDraft('table:T03-ZNB0-3RH6-48WA', toDraft(anna));
    expect(readCheckoutDraft('table:T04-W8Q8-THGC-S75J')).toBeNull();
  });

  it('expires, and survives junk in storage', () => {
    const then = Date.now();
    saveCheckoutDraft('guest', toDraft(anna), then);
    expect(readCheckoutDraft('guest', then + CHECKOUT_DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem('checkout-draft', '{not json');
    expect(readCheckoutDraft('guest')).toBeNull();
    sessionStorage.setItem('checkout-draft', JSON.stringify({ owner: 'guest', savedAt: then, values: 'Anna' }));
    expect(readCheckoutDraft('guest', then)).toBeNull();
  });

  it('names the owner: a table before an account before a guest', () => {
    expect(draftOwner(null, null)).toBe('guest');
    expect(draftOwner(7, null)).toBe('user:7');
    expect(draftOwner(null, 'T03-ZNB0-3RH6-48WA')).toBe('table:T03-ZNB0-3RH6-48WA');
  });
});

describe('restoring the form from a draft', () => {
  it('brings back every entry except the terms, which are accepted for each order', () => {
    const draft = toDraft(anna);
    expect(draft).not.toHaveProperty('terms');
    expect(restoreDraft(empty, draft, open)).toEqual({ ...anna, terms: false });
    expect(restoreDraft(empty, { ...draft, terms: true }, open).terms).toBe(false);
    expect(restoreDraft(empty, null, open)).toBe(empty);
  });

  it('keeps only known fields of the right kind', () => {
    const restored = restoreDraft(empty, { name: 42, email: 'anna@example.com', tipPercent: 'ten', deliverAt: 'soon', admin: true }, open);
    expect(restored).toEqual({ ...empty, email: 'anna@example.com' });
    expect(restoreDraft(empty, { tipPercent: 15 }, open).tipPercent).toBe(15);
    expect(restoreDraft({ ...empty, tipPercent: 10 }, { tipPercent: null }, open).tipPercent).toBeNull();
  });

  it('keeps the car of a curbside order, and a draft from before the car field restores without one', () => {
    const curbside = { ...anna, deliverType: 'curbside' as const, car: 'rot, VW Golf, HH-AB 123' };
    expect(restoreDraft(empty, toDraft(curbside), open).car).toBe('rot, VW Golf, HH-AB 123');
    const older = toDraft(curbside);
    delete older.car;
    expect(restoreDraft(empty, older, open).car).toBe('');
  });

  it('keeps a guest’s checked place across a reload, and drops one of the wrong shape', () => {
    const place = {
      area: { id: 3, name: 'Eimsbüttel', zipcode: '20259', minimumOrder: 25, deliveryPrice: 3.5, freeDeliveryThreshold: 50 },
      place: { placeId: 'gz:osterstrasse:20', address: 'Osterstraße 20, 20259 Hamburg', zipcode: '20259', coordinates: { lat: 53.572743, lng: 9.949953 } },
    };
    const withPlace = { ...anna, place, address: place.place.address };
    // Through storage, as a reload reads it.
    saveCheckoutDraft('guest', toDraft(withPlace));
    expect(restoreDraft(empty, readCheckoutDraft('guest'), open)).toEqual({ ...withPlace, terms: false });
    for (const broken of [
      [place],
      'Osterstraße 20',
      { ...place, place: { ...place.place, coordinates: { lat: 'x', lng: 9.9 } } },
      { ...place, place: { ...place.place, coordinates: { lat: 91, lng: 9.9 } } },
      { ...place, area: null },
      { place: place.place },
    ]) {
      expect(restoreDraft(empty, { ...toDraft(withPlace), place: broken }, open).place, JSON.stringify(broken)).toBeNull();
    }
  });

  it('drops a deliver type no longer offered and "send now" while closed', () => {
    const draft = toDraft(anna);
    expect(restoreDraft(empty, draft, { deliverTypes: ['takeaway'], openNow: true }).deliverType).toBe('');
    const table = { ...empty, deliverType: 'table' as const };
    expect(restoreDraft(table, draft, { deliverTypes: ['table'], openNow: true }).deliverType).toBe('table');
    const closed = { ...empty, deliverAt: 'later' as const };
    expect(restoreDraft(closed, { ...draft, deliverAt: 'now' }, { ...open, openNow: false }).deliverAt).toBe('later');
    expect(restoreDraft(empty, { ...draft, deliverAt: 'later' }, open).deliverAt).toBe('later');
  });
});
