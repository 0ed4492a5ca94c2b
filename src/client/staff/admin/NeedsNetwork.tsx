import './admin.css';
import { Trans } from '@lingui/react/macro';
import { useOnline } from './online';

/**
 * Editing saves to the server at once, so it needs the network: offline, the editor says so and
 * its save buttons wait (pass `online` to them) rather than losing a change.
 */
export function NeedsNetwork() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="admin-offline" role="status">
      <Trans>No connection. Editing needs the network: your changes can be saved again once this device is back online.</Trans>
    </p>
  );
}

export { useOnline };
