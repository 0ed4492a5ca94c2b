import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { pushToast } from '../../ui/toasts';
import { startTableSession } from '../table';
import { openBackCamera, stopCamera, type CameraProblem } from './camera';
import { readQrText, warmUpDecoder } from './decoder';
import { tableCodeFromScan } from './table-link';
import scannerCss from './scanner.css?inline';

export { loadScannerMessages } from './messages';

/** Often enough to feel instant, rarely enough to leave a phone's battery and the page alone. */
const SCAN_EVERY_MS = 250;

type Notice = 'looking' | 'not-ours' | 'checking' | 'unknown';
/** The camera's problems, or the decoder that did not load (offline before the worker had it). */
type Problem = CameraProblem | 'decoder';

/**
 * The in-app scanner: the camera's preview, a hint, and what the last code was. A table link of
 * ours starts the table session through the same call as opening the printed link; anything else
 * is named and the scanning goes on.
 */
export function ScanDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<Notice>('looking');
  const [attempt, setAttempt] = useState(0);
  // Read by the scan loop, which outlives renders: a new `t` after a catalog loads must not restart the camera.
  const welcome = (name: string) => ({ title: t`Welcome to ${name}`, body: t`Order from your phone: we bring everything to your table.` });
  const latest = useRef({ onClose, navigate, welcome });
  latest.current = { onClose, navigate, welcome };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // A code the server did not know is not asked again while the camera keeps seeing it.
    const refused = new Set<string>();
    const canvas = document.createElement('canvas');
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(stream);
    };

    const join = async (code: string): Promise<boolean> => {
      setNotice('checking');
      const result = await startTableSession(code);
      if (stopped) return true;
      if (result.ok) {
        stop();
        pushToast({ tone: 'success', ...latest.current.welcome(result.session.name) }, 6000);
        latest.current.onClose();
        void latest.current.navigate({ to: '/' });
        return true;
      }
      if (result.reason === 'unknown') {
        refused.add(code);
        setNotice('unknown');
        return false;
      }
      // Offline: the printed link's own path keeps the code in the URL and joins on a reload.
      stop();
      latest.current.onClose();
      void latest.current.navigate({ to: '/', search: { table: code } });
      return true;
    };

    const scan = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        const text = video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await readQrText(video, canvas) : null;
        if (stopped) return;
        if (text !== null) {
          const code = tableCodeFromScan(text, window.location.origin);
          if (code === null) setNotice('not-ours');
          else if (refused.has(code)) setNotice('unknown');
          else if (await join(code)) return;
        }
      } catch {
        // One unreadable frame: the next one is another chance.
      }
      if (!stopped) timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };

    warmUpDecoder().catch(() => {
      if (stopped) return;
      stop();
      setProblem('decoder');
    });
    void openBackCamera().then(async (started) => {
      if (!started.ok) {
        setProblem(started.problem);
        return;
      }
      stream = started.stream;
      const video = videoRef.current;
      if (stopped || !video) {
        stopCamera(stream);
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      void scan();
    });
    return stop;
  }, [attempt]);

  const status =
    notice === 'not-ours'
      ? t`This QR code is not one of our tables. Point the camera at the code on your table.`
      : notice === 'unknown'
        ? t`We do not know this table code. Please ask our staff for help.`
        : notice === 'checking'
          ? t`Code found. Joining the table…`
          : t`Looking for a code…`;

  const problemText =
    problem === 'refused'
      ? t`Camera access was refused. Allow the camera for this site in your browser's settings and try again, or open your phone's camera app and point it at the code.`
      : problem === 'none'
        ? t`We could not find a camera on this device. Open the link printed under the code, or ask our staff.`
        : problem === 'insecure'
          ? t`The camera only works on a secure (https) connection. Open your phone's camera app and point it at the code.`
          : problem === 'decoder'
            ? t`The scanner could not load. Check your connection and try again, or open your phone's camera app and point it at the code.`
            : t`The camera could not start; another app may be using it. Close that app and try again.`;

  return (
    <Dialog
      open
      size="small"
      onClose={onClose}
      title={t`Scan table code`}
      footer={
        <button type="button" className="button button--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      }
    >
      {/* React hoists it into the head once; a style file of its own would add its name to the first page's preload list. */}
      <style href="scanner-dialog" precedence="default">
        {scannerCss}
      </style>
      {problem ? (
        <div className="scanner__problem" role="alert" data-testid="scanner-problem">
          <p>{problemText}</p>
          {problem === 'refused' || problem === 'busy' || problem === 'decoder' ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                // One render brings the preview back, then the camera starts into it.
                setProblem(null);
                setNotice('looking');
                setAttempt((n) => n + 1);
              }}
            >
              <Trans>Try again</Trans>
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <p className="dialog__lead">
            <Trans>Point your camera at the QR code on your table. We join the table as soon as we can read it.</Trans>
          </p>
          <div className="scanner__frame">
            <video ref={videoRef} className="scanner__video" muted playsInline aria-label={t`Camera preview`} />
            <span className="scanner__target" aria-hidden="true" />
          </div>
          <p
            className={`scanner__status${notice === 'not-ours' || notice === 'unknown' ? ' scanner__status--warn' : ''}`}
            role="status"
            data-testid="scanner-status"
          >
            {status}
          </p>
        </>
      )}
    </Dialog>
  );
}
