import { proxy, useSnapshot } from 'valtio';
import type { Order } from '../../../shared/contract/order';
import { existingStorefrontDb, storefrontDb, type DeviceOrder } from '../../lib/db';

/** Orders placed on this device: their private links live here, and the last status seen for offline viewing. */
export const deviceOrders = proxy<{ list: DeviceOrder[] }>({ list: [] });

export function useDeviceOrders(): readonly DeviceOrder[] {
  // Snapshots are deeply readonly; readers here only read.
  return useSnapshot(deviceOrders).list as unknown as readonly DeviceOrder[];
}

function sortNewestFirst(list: DeviceOrder[]): DeviceOrder[] {
  return [...list].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
}

export async function loadDeviceOrders(): Promise<void> {
  try {
    deviceOrders.list = sortNewestFirst((await (await existingStorefrontDb())?.orders.toArray()) ?? []);
  } catch {
    deviceOrders.list = [];
  }
}

/**
 * A deep copy of the API's JSON. valtio adopts the object it is handed and swaps its nested
 * objects for proxies in place, and IndexedDB cannot clone a proxy: the store, the database and
 * the caller (the query cache, whose next answer shares the unchanged parts) each get their own.
 */
function plainCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export async function rememberOrder(order: Order, accessKey: string): Promise<void> {
  const entry: DeviceOrder = {
    code: order.code,
    accessKey,
    createdAt: order.createdAt,
    status: order.status,
    total: order.payment.price,
    snapshot: plainCopy(order),
  };
  await (await storefrontDb()).orders.put(plainCopy(entry));
  deviceOrders.list = sortNewestFirst([entry, ...deviceOrders.list.filter((o) => o.code !== order.code)]);
}

export function accessKeyFor(code: string): string | undefined {
  return deviceOrders.list.find((o) => o.code === code)?.accessKey;
}

export async function storedAccessKey(code: string): Promise<string | undefined> {
  return accessKeyFor(code) ?? (await (await existingStorefrontDb())?.orders.get(code))?.accessKey;
}
