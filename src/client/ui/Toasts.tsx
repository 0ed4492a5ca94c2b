import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { InfoIcon } from './icons';
import { dismissToast, toasts } from './toasts';

export function Toasts() {
  const { t } = useLingui();
  const snap = useSnapshot(toasts);
  return (
    <div className="toasts" role="region" aria-label={t`Notifications`}>
      {snap.list.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <InfoIcon />
          <div className="toast__text">
            <strong>{toast.title}</strong>
            {toast.body ? <p>{toast.body}</p> : null}
          </div>
          <button type="button" className="icon-button" onClick={() => dismissToast(toast.id)} aria-label={t`Dismiss`}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
