import type { AddressCheckResult } from '../../../shared/contract/account';
import type { AvoidList } from '../../../shared/contract/allergen-filter';
import type { CartLine } from '../../../shared/contract/cart';
import type { CheckoutLine, CheckoutPayload, DeliverType } from '../../../shared/contract/order';
import { fromCents, type Cents } from '../../../shared/pricing';

export interface CheckoutFormValues {
  deliverType: DeliverType | '';
  name: string;
  email: string;
  phone: string;
  areaId: string;
  /** A signed-in customer's saved address (spec §2); guests type one instead. */
  addressId: string;
  address: string;
  extras: string;
  /**
   * A guest's place in the new address system (decision 020): what the range check answered. The
   * order sends its coordinates; the area shown here is for the diner, the server finds its own.
   */
  place: AddressCheckResult | null;
  /** Curbside: how staff recognise the car. */
  car: string;
  deliverAt: 'now' | 'later';
  deliverDate: string;
  notes: string;
  /** A chosen percent button, or null for a typed amount / no tip. */
  tipPercent: number | null;
  tipAmount: string;
  /** The chosen way to pay (a provider id); '' until the providers are known, then the first one. */
  paymentType: string;
  issueInvoice: boolean;
  terms: boolean;
  useProfit: boolean;
}

/** Choices only, never a price: the server prices every line itself. */
export function checkoutLine(line: CartLine): CheckoutLine {
  if (line.type === 'productItem') {
    return {
      type: 'productItem',
      productId: line.productId,
      sizeId: line.choice.sizeId,
      qty: line.qty,
      options: line.choice.options,
      extraIds: line.choice.extraIds,
    };
  }
  return { type: 'menuItem', menuId: line.menuId, qty: line.qty, items: line.items };
}

export function toPayload(
  values: CheckoutFormValues,
  lines: readonly CartLine[],
  context: { paymentType: string; tip: Cents; tableCode: string | null; account: boolean; pinned: boolean; avoids?: AvoidList | null },
): CheckoutPayload {
  const delivery = values.deliverType === 'delivery';
  const saved = delivery && context.account;
  // A guest in the new address system sends the marked place, never an area: the server finds it.
  const pinned = delivery && !saved && context.pinned;
  const place = pinned ? values.place?.place : undefined;
  const later = values.deliverAt === 'later';
  return {
    items: lines.map(checkoutLine),
    name: values.name,
    email: values.email,
    phone: values.phone,
    areaId: delivery && !saved && !pinned && values.areaId ? Number(values.areaId) : null,
    addressId: saved && values.addressId ? Number(values.addressId) : null,
    address: delivery && !saved ? values.address : '',
    extras: delivery && !saved ? values.extras : '',
    ...(pinned ? { coordinates: place?.coordinates ?? null, zipcode: place?.zipcode ?? '' } : {}),
    deliverType: (values.deliverType || 'takeaway') as DeliverType,
    deliverAt: values.deliverAt,
    deliverDate: later ? values.deliverDate : null,
    notes: values.notes,
    avoids: context.avoids ?? null,
    car: values.deliverType === 'curbside' ? values.car : '',
    table: context.tableCode,
    tip: fromCents(context.tip),
    terms: values.terms,
    issueInvoice: values.issueInvoice,
    useProfit: context.account && values.useProfit,
    paymentType: context.paymentType,
    takeaway: values.deliverType === 'takeaway',
  };
}
