import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { addressSystem, NewAddressCreate, PageTitle, parseCreateSearch, useAfterSave } from '../features/addresses';

function CreateAddress() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const afterSave = useAfterSave('new', search);
  return (
    <>
      <PageTitle>{t`Add an address`}</PageTitle>
      <NewAddressCreate onSaved={afterSave} />
    </>
  );
}

export const Route = createFileRoute('/me/address-list/create')({
  validateSearch: parseCreateSearch,
  // Spec §2: new address system only; the old system has its own create screen.
  beforeLoad: async ({ context, search }) => {
    if ((await addressSystem(context.queryClient)) === 'old') {
      throw redirect({ to: '/me/my-addresses/create', search: search.return ? { return: search.return } : {} });
    }
  },
  component: CreateAddress,
});
