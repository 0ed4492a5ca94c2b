import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { CloseIcon } from './CloseIcon';
import { useModalDialog } from './use-modal-dialog';

/** A side panel that is a real modal dialog (focus in, Escape closes, focus returns). */
export function Drawer({
  open,
  onClose,
  title,
  side,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  side: 'start' | 'end';
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const { ref, ...handlers } = useModalDialog(open, onClose);
  return (
    <dialog ref={ref} className={`drawer drawer--${side}`} aria-labelledby={titleId} {...handlers}>
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <div className="drawer__body">{children}</div>
        {footer ? <div className="drawer__footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}
