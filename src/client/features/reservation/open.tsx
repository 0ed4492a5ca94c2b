import { useState, type ComponentType, type ReactNode } from 'react';

type ReservationDialogType = ComponentType<{ onClose: () => void }>;

/**
 * The reservation modal, opened from the header or the side menu: the modal, its strings and its
 * styles are a chunk of their own, fetched on the first tap (and precached by the worker), so
 * nothing of it is on the first page. One per page: the header holds it, both links open it.
 */
export function useReservationDialog(): { open: () => void; dialog: ReactNode } {
  const [Dialog, setDialog] = useState<ReservationDialogType | null>(null);
  const open = () => void import('./ReservationDialog').then((m) => m.loadReservationMessages().then(() => setDialog(() => m.ReservationDialog)));
  return { open, dialog: Dialog ? <Dialog onClose={() => setDialog(null)} /> : null };
}
