import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { endTableSession, useTableSession } from './session';

/** Tells the diner which table they order for, and lets them leave it. */
export function TableBanner() {
  const { t } = useLingui();
  const session = useTableSession();
  const [asking, setAsking] = useState(false);
  if (!session) return null;
  const name = session.name;
  return (
    <div className="table-banner" role="status">
      <div className="container table-banner__inner">
        <span>
          <Trans>
            You are ordering at <strong>{name}</strong>
          </Trans>
        </span>
        {/* The tab, the waiter and the bill: one tap from every page at the table. */}
        <Link to="/table" className="button button--small table-banner__tab">
          <Trans>Bill & waiter</Trans>
        </Link>
        <button type="button" className="link-button table-banner__leave" onClick={() => setAsking(true)}>
          <Trans>Leave table</Trans>
        </button>
      </div>
      <Dialog
        open={asking}
        size="small"
        onClose={() => setAsking(false)}
        title={t`Leave ${name}?`}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
              <Trans>Stay</Trans>
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setAsking(false);
                void endTableSession();
              }}
            >
              <Trans>Leave table</Trans>
            </button>
          </>
        }
      >
        <p>
          <Trans>Your cart stays. To order at a table again, scan its QR code.</Trans>
        </p>
      </Dialog>
    </div>
  );
}
