import { useNavigate } from '@tanstack/react-router';
import { isOn, type SettingsMap } from '../../../shared/contract/settings';
import type { AddressCreateSearch, AddressSystem } from './queries';

/** Spec §2: each address system has its own list route. */
export function addressListPath(settings: SettingsMap): '/me/address-list' | '/me/my-addresses' {
  return isOn(settings, 'USES_NEW_ADDRESS_SYSTEM') ? '/me/address-list' : '/me/my-addresses';
}

/** Spec §2: after saving, back to the checkout when the screen was opened from it, else to the list. */
export function useAfterSave(system: AddressSystem, search: AddressCreateSearch = {}): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    if (search.return === 'checkout') await navigate({ to: '/checkout' });
    else if (system === 'new') await navigate({ to: '/me/address-list' });
    else await navigate({ to: '/me/my-addresses' });
  };
}
