import type { ReactNode } from 'react';

/** Says why a control that needs the server is off while the device is offline; controls point here with aria-describedby. */
export function OfflineNote({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="hint offline-note" id={id} role="status">
      {children}
    </p>
  );
}
