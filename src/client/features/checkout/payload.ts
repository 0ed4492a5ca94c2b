import type { CartLine } from '../../../shared/contract/cart';
import type { CheckoutLine, CheckoutPayload, DeliverType } from '../../../shared/contract/order';
import { fromCents, type Cents } from '../../../shared/pricing';

export interface CheckoutFormValues {
  deliverType: DeliverType | '';
  name: string;
  email: string;
  phone: string;
  areaId: string;
  address: string;
  extras: string;
  deliverAt: 'now' | 'later';
  deliverDate: string;
  notes: string;
  /** A chosen percent button, or null for a typed amount / no tip. */
  tipPercent: number | null;
  tipAmount: string;
  issueInvoice: boolean;
  terms: boolean;
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
  context: { paymentType: string; tip: Cents; tableCode: string | null },
): CheckoutPayload {
  const delivery = values.deliverType === 'delivery';
  const later = values.deliverAt === 'later';
  return {
    items: lines.map(checkoutLine),
    name: values.name,
    email: values.email,
    phone: values.phone,
    areaId: delivery && values.areaId ? Number(values.areaId) : null,
    addressId: null,
    address: delivery ? values.address : '',
    extras: delivery ? values.extras : '',
    deliverType: (values.deliverType || 'takeaway') as DeliverType,
    deliverAt: values.deliverAt,
    deliverDate: later ? values.deliverDate : null,
    notes: values.notes,
    table: context.tableCode,
    tip: fromCents(context.tip),
    terms: values.terms,
    issueInvoice: values.issueInvoice,
    useProfit: false,
    paymentType: context.paymentType,
    takeaway: values.deliverType === 'takeaway',
  };
}
