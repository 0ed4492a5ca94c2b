import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CheckoutFormValues } from './payload';

/**
 * The checkout's fields in the order the diner meets them on the page. The pay button names the
 * first one that stops the order, so a field added to the form belongs here at its place; a field
 * missing from the list still blocks, it just comes last and is named in general words.
 */
export const FIELD_ORDER: readonly string[] = [
  'deliverType',
  'name',
  'email',
  'phone',
  'areaId',
  'place',
  'addressId',
  'address',
  'extras',
  'car',
  'deliverAt',
  'deliverDate',
  'notes',
  'tip',
  'paymentType',
  'useProfit',
  'terms',
];

export interface Missing {
  field: string;
  message: MessageDescriptor;
}

export interface MissingContext {
  /** The field that carries the minimum order (the area or the place for guests, the saved address for customers). */
  minimumField: string;
  /** The amount still missing to the minimum order, formatted, when that is what the field says. */
  shortfall: string | null;
  /** Why no way to pay can be used: the chosen card needs a connection, or none is known on this device offline. */
  payment: 'offline' | 'unknown' | null;
}

const rank = (field: string) => {
  const i = FIELD_ORDER.indexOf(field);
  return i === -1 ? FIELD_ORDER.length : i;
};

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function describe(field: string, values: CheckoutFormValues, context: MissingContext): MessageDescriptor {
  if (field === context.minimumField && context.shortfall !== null) {
    const more = context.shortfall;
    return msg`Minimum order not reached: ${more} more`;
  }
  switch (field) {
    case 'deliverType':
      return msg`Choose an order type`;
    case 'name':
      return blank(values.name) ? msg`Name missing` : msg`Check your name`;
    case 'email':
      return blank(values.email) ? msg`E-mail address missing` : msg`Check your e-mail address`;
    case 'phone':
      return blank(values.phone) ? msg`Phone number missing` : msg`Check your phone number`;
    case 'areaId':
      return blank(values.areaId) ? msg`Choose your delivery area` : msg`Check your delivery area`;
    case 'place':
      return values.place ? msg`Check your delivery address` : msg`Find your delivery address`;
    case 'addressId':
      return blank(values.addressId) ? msg`Choose a delivery address` : msg`Check your delivery address`;
    case 'address':
      return blank(values.address) ? msg`Street and house number missing` : msg`Check the street and house number`;
    case 'extras':
      return msg`Check the delivery directions`;
    case 'car':
      return blank(values.car) ? msg`Describe your car` : msg`Check the description of your car`;
    case 'deliverAt':
      return msg`We are closed now: choose a time`;
    case 'deliverDate':
      return blank(values.deliverDate) ? msg`Choose a time` : msg`Check the time`;
    case 'notes':
      return msg`Check your notes`;
    case 'tip':
      return msg`Check the tip`;
    case 'paymentType':
      if (context.payment === 'offline') return msg`Card payment needs a connection`;
      if (context.payment === 'unknown') return msg`Connect to the internet to order`;
      return msg`Choose how to pay`;
    case 'useProfit':
      return msg`Check your points`;
    case 'terms':
      return msg`Accept the terms`;
    default:
      return msg`Check the marked fields`;
  }
}

/** What stops the order first, in the order of the form, in a few words for the pay button; null when nothing does. */
export function firstMissing(fields: readonly string[], values: CheckoutFormValues, context: MissingContext): Missing | null {
  const field = [...fields].sort((a, b) => rank(a) - rank(b))[0];
  return field === undefined ? null : { field, message: describe(field, values, context) };
}
