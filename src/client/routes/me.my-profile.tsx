import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileForm, useMe } from '../features/account';

function MyProfile() {
  const { t } = useLingui();
  const user = useMe();
  return (
    <>
      <h1>{t`My Profile`}</h1>
      {user ? <ProfileForm user={user} /> : null}
    </>
  );
}

export const Route = createFileRoute('/me/my-profile')({ component: MyProfile });
