import { useLingui } from '@lingui/react/macro';
import type { StaffRole } from '../../shared/contract/staff';

export function useRoleName(): (role: StaffRole) => string {
  const { t } = useLingui();
  return (role) => (role === 'owner' ? t`Owner` : role === 'manager' ? t`Manager` : t`Service`);
}
