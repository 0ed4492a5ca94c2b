import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { InfoIcon } from './icons';
import { dismissToast, toasts, toastText, type Toast } from './toasts';

function ToastCard({ toast }: { toast: Toast }) {
  // Re-rendered when the diner switches language: a toast given as functions is reworded at once.
  const { t } = useLingui();
  return (
    <div className={`toast toast--${toast.tone}`}>
      <InfoIcon />
      <div className="toast__text">
        {toast.lead ? <strong className="toast__lead">{toastText(toast.lead)}</strong> : null}
        <strong>{toastText(toast.title)}</strong>
        {toast.body ? <p>{toastText(toast.body)}</p> : null}
      </div>
      <button type="button" className="icon-button" onClick={() => dismissToast(toast.id)} aria-label={t`Dismiss`}>
        ×
      </button>
    </div>
  );
}

/**
 * Two live regions that are always on the page (a region mounted together with its text is often
 * not read): errors interrupt (alert), everything else waits its turn (status).
 */
export function Toasts() {
  const { t } = useLingui();
  const snap = useSnapshot(toasts);
  return (
    <div className="toasts" role="region" aria-label={t`Notifications`}>
      <div className="toasts__live" role="alert">
        {snap.list
          .filter((toast) => toast.tone === 'error')
          .map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
      </div>
      <div className="toasts__live" role="status">
        {snap.list
          .filter((toast) => toast.tone !== 'error')
          .map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}
