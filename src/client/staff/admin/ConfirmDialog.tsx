import './confirm.css';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice, focused first; "Cancel" unless the question needs its own words. */
  cancelLabel?: string;
  /** A deletion or a new code: the confirming button is red. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question before a step that cannot be undone. The native modal dialog keeps focus inside and
 * closes on Escape; focus goes back to the button that opened it.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: Props) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-body`}>{children}</div>
      <div className="confirm-dialog__actions">
        <button type="button" className="staff-button staff-button--quiet" onClick={onCancel} autoFocus>
          {cancelLabel ?? t`Cancel`}
        </button>
        <button type="button" className={danger ? 'staff-button staff-button--pause' : 'staff-button staff-button--primary'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
