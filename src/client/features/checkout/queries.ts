import { queryOptions } from '@tanstack/react-query';
import type { PaymentProviderInfo } from '../../../shared/contract/order';
import { get } from '../../lib/api';

export const paymentProvidersQuery = (lang: string) =>
  queryOptions({
    queryKey: ['payment-providers', lang],
    queryFn: ({ signal }) => get<PaymentProviderInfo[]>('/checkout/payment-providers', undefined, signal),
    staleTime: 5 * 60_000,
  });
