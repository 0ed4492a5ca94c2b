import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AddressList, addressQueries, addressSystem, PageTitle } from '../features/addresses';
import { tryEnsure } from '../lib/try-ensure';

const TITLE_ID = 'my-addresses-title';

function MyAddresses() {
  const { t } = useLingui();
  return (
    <>
      <PageTitle id={TITLE_ID}>{t`My addresses`}</PageTitle>
      <AddressList system="old" titleId={TITLE_ID} />
    </>
  );
}

export const Route = createFileRoute('/me/my-addresses/')({
  // Spec §2: the old address system's list; with USES_NEW_ADDRESS_SYSTEM on, the new one's.
  beforeLoad: async ({ context }) => {
    if ((await addressSystem(context.queryClient)) === 'new') throw redirect({ to: '/me/address-list' });
  },
  loader: ({ context }) => tryEnsure(() => context.queryClient.ensureQueryData(addressQueries.list())),
  component: MyAddresses,
});
