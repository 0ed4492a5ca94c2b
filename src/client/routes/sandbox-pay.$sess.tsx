import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { toCents } from '../../shared/pricing';
import { get, post } from '../lib/api';
import { useMoney } from '../ui/money';
import { ltr } from '../ui/Ltr';

interface SandboxSession {
  amount: number;
  currency: string;
  description: string;
  state: 'open' | 'approved' | 'declined' | 'cancelled';
  returnUrl: string;
}

export const Route = createFileRoute('/sandbox-pay/$sess')({ component: SandboxPayPage });

/**
 * The sandbox provider's hosted page: it stands where a card provider's page would, so the shop's
 * chrome is hidden. Approve, decline or cancel, then back to the shop's return URL.
 */
function SandboxPayPage() {
  const { t } = useLingui();
  const money = useMoney();
  const { sess } = Route.useParams();
  const [leaving, setLeaving] = useState(false);
  const session = useQuery({
    queryKey: ['sandbox-pay', sess],
    queryFn: ({ signal }) => get<SandboxSession>(`/sandbox-pay/${encodeURIComponent(sess)}`, undefined, signal),
    staleTime: 0,
  });
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'decline' | 'cancel') => post<SandboxSession>(`/sandbox-pay/${encodeURIComponent(sess)}/${action}`, {}),
    onSuccess: (data) => {
      setLeaving(true);
      window.location.assign(data.returnUrl);
    },
  });
  const data = session.data;
  const busy = decide.isPending || leaving;
  return (
    <div className="sandbox-pay">
      <p className="sandbox-pay__banner" role="note">
        <Trans>Test payment: no real money moves, and the restaurant is not paid.</Trans>
      </p>
      <div className="sandbox-pay__card">
        <p className="sandbox-pay__brand" aria-hidden="true">
          Sandbox<span>Pay</span>
        </p>
        <h1 className="sandbox-pay__title">{t`Test payment`}</h1>
        {session.isError ? (
          <p role="alert">{t`This payment does not exist or has expired.`}</p>
        ) : !data ? (
          <p className="muted">{t`Loading…`}</p>
        ) : (
          <>
            <p className="sandbox-pay__amount">{money(toCents(data.amount))}</p>
            <p className="muted">
              <Trans>Gasthaus Lindenhof · order {ltr(data.description)}</Trans>
            </p>
            <div className="sandbox-pay__testcard" dir="ltr" aria-label={t`Test card`}>
              <span>4242 4242 4242 4242</span>
              <span>12/30 · 123</span>
            </div>
            <p className="muted small">
              <Trans>No real money moves here: choose how this test payment ends.</Trans>
            </p>
            {data.state === 'open' ? (
              <div className="sandbox-pay__actions">
                <button type="button" className="button button--block" disabled={busy} onClick={() => decide.mutate('approve')}>
                  <Trans>Approve payment</Trans>
                </button>
                <button type="button" className="button button--ghost button--block" disabled={busy} onClick={() => decide.mutate('decline')}>
                  <Trans>Decline (card refused)</Trans>
                </button>
                <button type="button" className="link-button" disabled={busy} onClick={() => decide.mutate('cancel')}>
                  <Trans>Cancel and return to the shop</Trans>
                </button>
              </div>
            ) : (
              <div className="sandbox-pay__actions">
                <p role="status">{t`This payment is already finished.`}</p>
                <a className="button button--block" href={data.returnUrl}>
                  <Trans>Return to the shop</Trans>
                </a>
              </div>
            )}
            {decide.isError ? <p role="alert" className="field-error">{t`That did not work. Please try again.`}</p> : null}
          </>
        )}
      </div>
    </div>
  );
}
