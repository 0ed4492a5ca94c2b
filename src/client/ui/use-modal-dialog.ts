import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * Drives a native <dialog> as a modal: `showModal()` makes the page behind inert and moves focus
 * in; Escape and a backdrop click ask to close; focus goes back to whatever opened it.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      document.body.classList.add('has-modal');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Unmounted while open (a route change): still give focus back.
  useEffect(
    () => () => {
      document.body.classList.remove('has-modal');
      opener.current?.focus();
    },
    [],
  );

  return {
    ref,
    onCancel: (e: SyntheticEvent) => {
      e.preventDefault();
      onClose();
    },
    onClose: () => {
      document.body.classList.remove('has-modal');
      opener.current?.focus();
      if (open) onClose();
    },
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      // A click on the backdrop lands on the dialog element itself, outside its panel.
      if (e.target === e.currentTarget) onClose();
    },
  };
}
