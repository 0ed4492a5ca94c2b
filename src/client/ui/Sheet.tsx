import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './CloseIcon';
import { useCollapsingHeader } from './use-collapsing-header';
import { useModalDialog } from './use-modal-dialog';

/**
 * A bottom sheet on phones, a centred dialog on wider screens, with one scroll container: the
 * picture shrinks as the content scrolls, then the name stays in a compact bar at the top; the
 * footer (the add button) stays at the bottom. Focus, Escape and focus return as in `Dialog`.
 */
export function Sheet({
  onClose,
  title,
  image,
  children,
  footer,
}: {
  onClose: () => void;
  title: string;
  /** The dish's picture (a `Poster`); none means the title starts the sheet. */
  image: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const { ref, ...handlers } = useModalDialog(true, onClose);
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useCollapsingHeader(scroller, heading);
  // showModal() would focus the scroll container (Chromium counts it focusable) and ring the whole
  // sheet; start on the close button instead, as the other dialogs do.
  useEffect(() => close.current?.focus(), []);
  return (
    <dialog ref={ref} className="dialog sheet" aria-labelledby={titleId} {...handlers}>
      <div className="dialog__panel sheet__panel">
        <div ref={scroller} className="sheet__scroll">
          <div className="sheet__bar">
            {/* The dialog is named by the heading below; this copy is only for the eye. */}
            <span className="sheet__bar-title" aria-hidden="true">
              {title}
            </span>
            <button ref={close} type="button" className="icon-button sheet__close" onClick={onClose} aria-label={t`Close`}>
              <CloseIcon />
            </button>
          </div>
          {image ? (
            <div className="sheet__media" data-testid="sheet-media">
              {image}
            </div>
          ) : null}
          <h2 ref={heading} id={titleId} className="sheet__title">
            {title}
          </h2>
          <div className="sheet__body">{children}</div>
        </div>
        <div className="sheet__footer">{footer}</div>
      </div>
    </dialog>
  );
}
