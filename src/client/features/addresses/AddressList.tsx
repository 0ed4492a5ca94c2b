import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { AddressOut } from '../../../shared/contract/account';
import { ApiError, del } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { pushToast } from '../../ui/toasts';
import { AreaFacts } from './AreaFacts';
import { ADDRESSES_KEY, addressQueries, refreshAddresses, type AddressSystem } from './queries';

/**
 * Spec §2 address list: one card per saved address (default first), a Remove button that asks first,
 * an Edit link in the old address system (the new one has no update screen) and an 'Add an address' button.
 */
export function AddressList({ system, titleId }: { system: AddressSystem; titleId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(addressQueries.list());
  const [removing, setRemoving] = useState<AddressOut | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmId = useId();

  const remove = async (address: AddressOut) => {
    setBusy(true);
    try {
      await del(`/me/addresses/${address.id}`);
      // Gone at once; the refetch brings the server's new default when the default was removed.
      queryClient.setQueryData<AddressOut[]>(ADDRESSES_KEY, (list) => list?.filter((a) => a.id !== address.id));
      refreshAddresses(queryClient);
      setRemoving(null);
      pushToast({ tone: 'success', title: t`Success`, body: t`The address has been removed` });
      // The card and its button are gone: give focus to the screen's title rather than to nothing.
      setTimeout(() => document.getElementById(titleId)?.focus(), 0);
    } catch (error) {
      pushToast({
        tone: 'error',
        title: t`Error`,
        body: error instanceof ApiError ? error.message : t`We could not reach the restaurant. Please check your connection and try again.`,
      });
    } finally {
      setBusy(false);
    }
  };

  const addresses = query.data ?? [];
  const addLink =
    system === 'new' ? (
      <Link to="/me/address-list/create" className="button">
        <Trans>Add an address</Trans>
      </Link>
    ) : (
      <Link to="/me/my-addresses/create" className="button">
        <Trans>Add an address</Trans>
      </Link>
    );

  return (
    <div className="address-list-page">
      <div role="status" className="address-status">
        {query.isPending ? <Trans>Loading your addresses…</Trans> : null}
      </div>
      {query.isError && !query.data ? (
        <div className="card address-alert" role="alert">
          <p>
            <Trans>Your addresses could not be loaded.</Trans>
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {query.isSuccess && addresses.length === 0 ? (
        <div className="card empty-state">
          <p>
            <Trans>You haven't added an address yet. Click the button below to add one</Trans>
          </p>
        </div>
      ) : null}
      {addresses.length > 0 ? (
        <ul className="address-list">
          {addresses.map((address) => {
            const name = address.name;
            const headingId = `address-${address.id}-name`;
            return (
              <li key={address.id}>
                <article className="card address-card" aria-labelledby={headingId}>
                  <header className="address-card__head">
                    <h2 id={headingId} className="address-card__name">
                      <bdi>{name}</bdi>
                    </h2>
                    {address.isDefault ? (
                      <span className="badge address-card__default">
                        <Trans>Default</Trans>
                      </span>
                    ) : null}
                  </header>
                  {/* What the diner typed keeps its own direction ("2. OG links" stays so on an Arabic screen). */}
                  <p className="address-card__address">
                    <bdi>{address.address}</bdi>
                  </p>
                  {address.extras ? (
                    <p className="address-card__extras muted">
                      <bdi>{address.extras}</bdi>
                    </p>
                  ) : null}
                  <AreaFacts area={address.area} />
                  <div className="address-card__actions">
                    {system === 'old' ? (
                      <Link
                        to="/me/my-addresses/$addressId/update"
                        params={{ addressId: String(address.id) }}
                        className="button button--ghost button--small"
                        aria-label={t`Edit ${name}`}
                      >
                        <Trans>Edit</Trans>
                      </Link>
                    ) : null}
                    <button
                      type="button"
                      className="button button--ghost button--small address-card__remove"
                      aria-label={t`Remove ${name}`}
                      onClick={() => setRemoving(address)}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
      {query.isSuccess || addresses.length > 0 ? <div className="address-list-page__add">{addLink}</div> : null}

      <Dialog
        open={removing !== null}
        size="small"
        onClose={() => {
          if (!busy) setRemoving(null);
        }}
        title={t`Remove this address?`}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setRemoving(null)} disabled={busy}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className="button address-remove-confirm"
              aria-describedby={confirmId}
              disabled={busy}
              onClick={() => {
                if (removing) void remove(removing);
              }}
            >
              <Trans>Remove</Trans>
            </button>
          </>
        }
      >
        {removing ? (
          <div id={confirmId}>
            <p>
              <strong>{removing.name}</strong>: {removing.address}
            </p>
            <p className="muted">
              <Trans>You will no longer be able to choose it at checkout.</Trans>
            </p>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
