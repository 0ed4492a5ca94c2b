import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { pushToast } from '../../ui/toasts';
import { ME_KEY, useMe } from '../account';
import { outbox } from './outbox';

/** Takes the diner where an answered order leads, from whatever screen they are on. */
export function OutboxWatcher() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useMe() !== null;
  const outcome = useSnapshot(outbox).outcome;
  useEffect(() => {
    if (!outcome) return;
    outbox.outcome = null;
    if (outcome.kind === 'received') {
      const { order, url, accessKey } = outcome.result;
      // Spent points and the new order show in the account at once.
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      void queryClient.invalidateQueries({ queryKey: ['my-orders'] });
      if (order.status === 'awaiting_payment') window.location.assign(url);
      else if (signedIn) void navigate({ to: '/me/my-orders/$code', params: { code: order.code }, search: { state: 'new' } });
      else void navigate({ to: '/orders/$code', params: { code: order.code }, search: { key: accessKey, state: 'new' } });
      return;
    }
    const firsts = Object.values(outcome.fields).flatMap((messages) => messages.slice(0, 1));
    // After repeated server failures "please try again" would be a lie: say what still works.
    const body = outcome.gaveUp
      ? t`Our ordering system could not take this order. Your cart is kept: please call the restaurant, or try again later.`
      : firsts.length
        ? firsts.join(' ')
        : outcome.message;
    pushToast({ tone: 'error', title: t`Your order could not be placed`, body }, outcome.gaveUp ? 15000 : 8000);
    outbox.lastRejection = { fields: Object.fromEntries(Object.entries(outcome.fields).map(([k, v]) => [k, [...v]])), at: outcome.at };
  }, [outcome, navigate, queryClient, signedIn, t]);
  return null;
}
