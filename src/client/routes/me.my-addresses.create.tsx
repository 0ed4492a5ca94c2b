import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AddressForm, addressSystem, PageTitle, parseCreateSearch, useAfterSave } from '../features/addresses';
import { catalogQueries } from '../features/catalog';
import { tryEnsure } from '../lib/try-ensure';

function CreateAddress() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const afterSave = useAfterSave('old', search);
  return (
    <>
      <PageTitle>{t`Add an address`}</PageTitle>
      <AddressForm onSaved={afterSave} />
    </>
  );
}

export const Route = createFileRoute('/me/my-addresses/create')({
  validateSearch: parseCreateSearch,
  // Spec §2: old address system only; the new system has its own create screen.
  beforeLoad: async ({ context, search }) => {
    if ((await addressSystem(context.queryClient)) === 'new') {
      throw redirect({ to: '/me/address-list/create', search: search.return ? { return: search.return } : {} });
    }
  },
  loader: ({ context }) => tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.areas())),
  component: CreateAddress,
});
