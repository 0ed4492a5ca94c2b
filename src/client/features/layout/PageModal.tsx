import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePages } from '../catalog';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { Dialog } from '../../ui/Dialog';

function seenPopups(): number[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.popupSeen) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Content pages open in a modal addressed by `?page=ID` (so links and the back button work);
 * a popup page opens by itself once per session (spec §2).
 */
export function PageModal() {
  const pages = usePages();
  const search = useSearch({ strict: false }) as { page?: number; table?: string };
  const navigate = useNavigate();
  const page = pages.find((p) => p.id === search.page);

  useEffect(() => {
    if (search.page !== undefined || pages.length === 0) return;
    const popup = pages.find((p) => p.isPopup);
    if (!popup) return;
    const seen = seenPopups();
    if (seen.includes(popup.id)) return;
    try {
      sessionStorage.setItem(STORAGE_KEYS.popupSeen, JSON.stringify([...seen, popup.id]));
    } catch {
      // Without session storage the popup may show again; never block the page for it.
    }
    void navigate({ to: '.', search: (prev) => ({ ...prev, page: popup.id }), replace: true });
  }, [pages, search.page, navigate]);

  if (!page) return null;
  return (
    <Dialog
      open
      size="small"
      title={page.name}
      onClose={() => void navigate({ to: '.', search: (prev) => ({ ...prev, page: undefined }), replace: true })}
    >
      {/* Pages are the operator's own HTML from our server. */}
      <div className="page-content" dangerouslySetInnerHTML={{ __html: page.text }} />
    </Dialog>
  );
}
