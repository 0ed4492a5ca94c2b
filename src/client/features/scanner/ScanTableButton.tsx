import { useLingui } from '@lingui/react/macro';
import { useState, type ComponentType } from 'react';
import { iconBase } from '../../ui/icons';

type ScanDialogType = ComponentType<{ onClose: () => void }>;

/**
 * Opens the in-app scanner, for a diner whose camera app does not open the table's link. The
 * dialog, its strings and the decoder are chunks of their own, fetched on the first tap (and
 * precached by the worker): none of it is on the first page.
 */
export function ScanTableButton() {
  const { t } = useLingui();
  const [Dialog, setDialog] = useState<ScanDialogType | null>(null);
  const open = () => void import('./ScanDialog').then((m) => m.loadScannerMessages().then(() => setDialog(() => m.ScanDialog)));
  return (
    <>
      <button type="button" className="icon-button" onClick={open} aria-label={t`Scan table code`}>
        <svg {...iconBase({})}>
          <path d="M4 4h6v6H4zm10 0h6v6h-6zM4 14h6v6H4zm10 0h2v2h-2zm4 4h2v2h-2z" />
        </svg>
      </button>
      {Dialog ? <Dialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
