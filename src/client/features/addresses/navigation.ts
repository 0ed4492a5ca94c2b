import { useNavigate } from '@tanstack/react-router';
import type { AddressCreateSearch, AddressSystem } from './queries';

/** Spec §2: after saving, back to the checkout when the screen was opened from it, else to the list. */
export function useAfterSave(system: AddressSystem, search: AddressCreateSearch = {}): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    if (search.return === 'checkout') await navigate({ to: '/checkout' });
    else if (system === 'new') await navigate({ to: '/me/address-list' });
    else await navigate({ to: '/me/my-addresses' });
  };
}
