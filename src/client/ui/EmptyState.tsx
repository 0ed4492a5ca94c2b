import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Nothing to show here: say why, and offer the way back to the menu (or another action). */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="card empty-state">
      <p>{children}</p>
      {action === undefined ? (
        <Link to="/" className="button">
          <Trans>Back to the menu</Trans>
        </Link>
      ) : (
        action
      )}
    </div>
  );
}
