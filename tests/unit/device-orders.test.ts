import { replaceEqualDeep } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/contract/order';
import { deviceOrders, loadDeviceOrders, rememberOrder } from '../../src/client/features/orders/device-orders';
import { storefrontDb } from '../../src/client/lib/db';

/** An order as the API sends it: plain JSON. */
function apiOrder(status: Order['status']): Order {
  return JSON.parse(
    JSON.stringify({
      code: 'K7Q2MX',
      status,
      statusText: status,
      createdAt: '2026-11-20T18:00:00.000Z',
      deliverAt: null,
      deliverType: 'takeaway',
      takeaway: true,
      issueInvoice: false,
      notes: '',
      table: null,
      customer: { name: 'Anna Schmidt', email: 'anna@example.com', phone: '+49 40 1234567' },
      items: [{ type: 'productItem', name: 'Pizza Margherita', qty: 1, unitPrice: 8.9, price: 8.9, product: null, size: null, extras: [], options: [], menu: null }],
      payment: { method: 'cash', methodName: 'Cash', state: 'pending', price: 8.9, cartTotal: 8.9, discount: 0, deliver: 0, tax: 1.42, taxItems: [], tip: 0 },
      address: null,
    }),
  ) as Order;
}

beforeEach(async () => {
  await (await storefrontDb()).orders.clear();
  deviceOrders.list = [];
});

describe('the device’s order list', () => {
  it('keeps every status change the order page sees, in memory and in IndexedDB', async () => {
    // The order page hands over TanStack Query's data; each refetch shares the unchanged parts
    // (customer, items, payment) with the data before it, exactly as the query cache does.
    const first = apiOrder('pending_approval');
    await rememberOrder(first, 'key-1');
    const approved = replaceEqualDeep(first, apiOrder('approved'));
    expect(approved.payment).toBe(first.payment);
    await rememberOrder(approved, 'key-1');
    const completed = replaceEqualDeep(approved, apiOrder('completed'));
    await rememberOrder(completed, 'key-1');

    expect(deviceOrders.list.map((o) => o.status)).toEqual(['completed']);
    // What a reload reads back.
    deviceOrders.list = [];
    await loadDeviceOrders();
    expect(deviceOrders.list).toHaveLength(1);
    expect(deviceOrders.list[0]?.status).toBe('completed');
    expect(deviceOrders.list[0]?.snapshot?.status).toBe('completed');
    expect(deviceOrders.list[0]?.snapshot?.payment.price).toBe(8.9);
  });

  it('leaves the caller’s order untouched, so the query cache holds plain data', async () => {
    const order = apiOrder('pending_approval');
    await rememberOrder(order, 'key-1');
    // Plain data clones; a store proxy left inside it would not.
    expect(() => structuredClone(order)).not.toThrow();
    expect(structuredClone(order)).toEqual(apiOrder('pending_approval'));
  });
});
