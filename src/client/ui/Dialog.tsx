import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { CloseIcon } from './CloseIcon';
import { useModalDialog } from './use-modal-dialog';
import { useServerPass } from './use-server-pass';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'large';
}

/** A real modal dialog: focus moves in, Escape closes, focus returns. */
export function Dialog({ open, onClose, title, children, footer, size = 'large' }: DialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const { ref, ...handlers } = useModalDialog(open, onClose);
  // Open in the server's render: shown by CSS until the script makes it the modal it is.
  const firstPaint = useServerPass() && open;
  return (
    <dialog ref={ref} className={`dialog dialog--${size}`} aria-labelledby={titleId} data-first-paint={firstPaint ? '' : undefined} {...handlers}>
      <div className="dialog__panel">
        {/* Plain divs, not <header>/<footer>: inside a dialog those would be page-level banner and contentinfo landmarks. */}
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button dialog__close" onClick={onClose} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
        {footer ? <div className="dialog__footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}
