import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AddressList, addressQueries, addressSystem, PageTitle } from '../features/addresses';
import { tryEnsure } from '../lib/try-ensure';

const TITLE_ID = 'address-list-title';

function AddressListPage() {
  const { t } = useLingui();
  return (
    <>
      <PageTitle id={TITLE_ID}>{t`My addresses`}</PageTitle>
      <AddressList system="new" titleId={TITLE_ID} />
    </>
  );
}

export const Route = createFileRoute('/me/address-list/')({
  // Spec §2: the new address system's list; with USES_NEW_ADDRESS_SYSTEM off, the old one's.
  beforeLoad: async ({ context }) => {
    if ((await addressSystem(context.queryClient)) === 'old') throw redirect({ to: '/me/my-addresses' });
  },
  loader: ({ context }) => tryEnsure(() => context.queryClient.ensureQueryData(addressQueries.list())),
  component: AddressListPage,
});
