import { useNavigate, useSearch } from '@tanstack/react-router';
import { usePages } from '../catalog';
import { Dialog } from '../../ui/Dialog';

/**
 * Content pages open in a modal addressed by `?page=ID`, so links and the back button work. The
 * home page opens a popup page this way by itself (`popup.ts` says when).
 */
export function PageModal() {
  const pages = usePages();
  const search = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const page = pages.find((p) => p.id === search.page);

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
