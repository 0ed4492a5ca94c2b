import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Branch } from '../../shared/contract/catalog';
import { changesHost, loadBranchMessages, switchBranch } from '../features/branches';
import { cart, itemCount } from '../features/cart';
import { catalogQueries } from '../features/catalog';
import { outbox } from '../features/outbox';
import { chosenBranch } from '../lib/branch';
import { Dialog } from '../ui/Dialog';

/**
 * Spec §2 /select-branch: the branches, "Please select a branch to continue", Continue. The choice
 * is stored and the site reloads with that branch's API (decision 017). The cart belongs to one
 * branch: switching with dishes in it asks first, and an order still on its way blocks the switch.
 */
function SelectBranch() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const answer = useQuery(catalogQueries.branches()).data;
  const branches = answer?.data ?? [];
  const current = chosenBranch();
  const lines = useSnapshot(cart).lines;
  const sending = useSnapshot(outbox).entries.length > 0;
  const [chosen, setChosen] = useState(current?.url ?? '');
  const [asking, setAsking] = useState<Branch | null>(null);
  const count = itemCount(lines);
  const currentName = current?.name ?? '';
  const targetName = asking?.name ?? '';

  const go = (branch: Branch) => void switchBranch(branch, answer?.meta.hub ?? location.origin);

  return (
    <section className="container narrow card-page" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Choose your branch</Trans>
      </h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const branch = branches.find((b) => b.url === chosen);
          if (!branch) return;
          if (!changesHost(current, branch)) void navigate({ to: '/' });
          else if (count > 0) setAsking(branch);
          else go(branch);
        }}
      >
        <div className="field">
          <label htmlFor="branch">{t`Please select a branch to continue`}</label>
          <select id="branch" required value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{t`Please choose`}</option>
            {branches.map((b) => (
              <option key={b.url} value={b.url}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        {sending ? (
          <p className="field-note" role="status">
            <Trans>An order is still on its way to {currentName}. You can change the branch once it has arrived.</Trans>
          </p>
        ) : null}
        <button type="submit" className="button" disabled={chosen === '' || sending}>
          <Trans>Continue</Trans>
        </button>
      </form>
      <Dialog
        open={asking !== null}
        size="small"
        onClose={() => setAsking(null)}
        title={t`Empty your cart?`}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setAsking(null)}>
              <Trans>Keep my cart</Trans>
            </button>
            <button type="button" className="button" onClick={() => asking && go(asking)}>
              <Trans>Empty cart and switch</Trans>
            </button>
          </>
        }
      >
        <p>
          {currentName ? (
            <Trans>
              The dishes in your cart come from the menu of {currentName}. Each branch has its own kitchen and menu, so switching to {targetName}{' '}
              empties your cart.
            </Trans>
          ) : (
            <Trans>Each branch has its own kitchen and menu, so switching to {targetName} empties your cart.</Trans>
          )}
        </p>
      </Dialog>
    </section>
  );
}

export const Route = createFileRoute('/select-branch')({ component: SelectBranch, loader: loadBranchMessages });
