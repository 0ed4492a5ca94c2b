import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { iconBase, type IconProps } from '../../ui/icons';

// The dialog, its strings and the decoder are chunks of their own: none of it is on the first page.
const ScanDialog = lazy(() => import('./ScanDialog').then((m) => m.loadScannerMessages().then(() => ({ default: m.ScanDialog }))));

const QrIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2v2h-2zM18 14h2v2h-2z" />
  </svg>
);

/** Opens the in-app scanner: for a diner whose camera app does not open the table's link. */
export function ScanTableButton() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const label = t`Scan table code`;
  return (
    <>
      <button type="button" className="icon-button" onClick={() => setOpen(true)} aria-label={label} title={label}>
        <QrIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ScanDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
