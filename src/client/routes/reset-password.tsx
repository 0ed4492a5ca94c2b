import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../ui/ComingSoon';

function ResetPassword() {
  const { t } = useLingui();
  return <ComingSoon title={t`Reset password`} />;
}

export const Route = createFileRoute('/reset-password')({ component: ResetPassword });
