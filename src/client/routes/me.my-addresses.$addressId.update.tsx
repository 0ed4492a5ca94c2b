import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router';
import { AddressForm, addressQueries, addressSystem, PageTitle, useAfterSave } from '../features/addresses';
import { catalogQueries } from '../features/catalog';
import { ApiError } from '../lib/api';
import { positiveInt } from '../lib/search';
import { tryEnsure } from '../lib/try-ensure';

function UpdateAddress() {
  const { t } = useLingui();
  const { addressId } = Route.useParams();
  const id = positiveInt(addressId) ?? 0;
  const address = useQuery(addressQueries.edit(id));
  const afterSave = useAfterSave('old');
  const missing = address.error instanceof ApiError && address.error.status === 404;
  return (
    <>
      <PageTitle>{t`Edit address`}</PageTitle>
      <div role="status" className="address-status">
        {address.isPending ? <Trans>Loading the address…</Trans> : null}
      </div>
      {address.data ? <AddressForm address={address.data} onSaved={afterSave} /> : null}
      {address.isError && !address.data ? (
        <div className="card address-alert" role="alert">
          <p>{missing ? <Trans>This address could not be found.</Trans> : <Trans>The address could not be loaded.</Trans>}</p>
          {missing ? (
            <Link to="/me/my-addresses" className="button button--ghost button--small">
              <Trans>Back to my addresses</Trans>
            </Link>
          ) : (
            <button type="button" className="button button--ghost button--small" onClick={() => void address.refetch()}>
              <Trans>Try again</Trans>
            </button>
          )}
        </div>
      ) : null}
    </>
  );
}

export const Route = createFileRoute('/me/my-addresses/$addressId/update')({
  // Spec §2: old address system only; the new system has no update screen, so its list.
  beforeLoad: async ({ context, params }) => {
    if (!positiveInt(params.addressId)) throw notFound();
    if ((await addressSystem(context.queryClient)) === 'new') throw redirect({ to: '/me/address-list' });
  },
  loader: async ({ context, params }) => {
    const q = context.queryClient;
    await Promise.all([
      tryEnsure(() => q.ensureQueryData(catalogQueries.areas())),
      tryEnsure(() => q.ensureQueryData(addressQueries.edit(positiveInt(params.addressId) ?? 0))),
    ]);
  },
  component: UpdateAddress,
});
