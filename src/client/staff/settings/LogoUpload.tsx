import './logo.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { MAX_PHOTO_BYTES } from '../../../shared/contract/photos';
import { useOnline } from '../admin/NeedsNetwork';
import { refusalOf, uploadImage } from '../photos/upload';

type Step = { kind: 'idle' } | { kind: 'sending'; sent: number } | { kind: 'processing' };

/**
 * "Upload logo" beside the LOGO field (decision 026): the picture goes to the server at once, which
 * stores it and sets LOGO; the field and the preview show the new address straight away. The rest
 * of the identity form is left as the owner is editing it: the logo is saved on its own.
 */
export function LogoUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const online = useOnline();
  const baseId = useId();
  const chooser = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const send = async (file: File) => {
    setError('');
    if (file.size > MAX_PHOTO_BYTES) {
      setError(t`This file is larger than 20 MB. Please choose a smaller picture.`);
      return;
    }
    setStep({ kind: 'sending', sent: 0 });
    setStatus(t`Sending the logo…`);
    try {
      const { LOGO } = await uploadImage<{ LOGO: string }>('/settings/logo', file, (sent) => {
        setStep(sent < 1 ? { kind: 'sending', sent } : { kind: 'processing' });
        if (sent >= 1) setStatus(t`Preparing the logo…`);
      });
      onUploaded(LOGO);
      // The screen's copy is out of date, but refetching now would reset the owner's unsaved edits.
      void queryClient.invalidateQueries({ queryKey: ['staff', 'settings'], refetchType: 'none' });
      setStatus(t`Logo saved. Diners see it the next time they open the menu.`);
    } catch (e) {
      setStatus('');
      setError(refusalOf(e, 'LOGO') ?? t`The server cannot be reached. Please try again when the connection is back.`);
    } finally {
      setStep({ kind: 'idle' });
    }
  };

  const busy = step.kind !== 'idle';
  const errorId = `${baseId}-error`;
  return (
    <div className="logo-upload" aria-busy={busy}>
      <input
        ref={chooser}
        type="file"
        accept="image/*"
        hidden
        data-testid="logo-file"
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          input.value = '';
          if (file) void send(file);
        }}
      />
      <div className="logo-upload__row">
        <button
          type="button"
          className="staff-button staff-button--primary"
          disabled={busy || !online}
          aria-describedby={[`${baseId}-hint`, error ? errorId : ''].filter(Boolean).join(' ')}
          onClick={() => chooser.current?.click()}
        >
          <Trans>Upload logo</Trans>
        </button>
        {step.kind === 'sending' ? (
          <progress className="logo-upload__progress" max={1} value={step.sent} aria-label={t`Sending the logo`} />
        ) : step.kind === 'processing' ? (
          <progress className="logo-upload__progress" aria-label={t`Preparing the logo`} />
        ) : null}
      </div>
      <p id={`${baseId}-hint`} className="settings-field__hint">
        <Trans>Choose a picture or take a photo of your logo (PNG with a transparent background looks best, up to 20 MB). It is saved at once and keeps its shape.</Trans>
      </p>
      <p role="status" className="logo-upload__status">
        {status}
      </p>
      <p role="alert" id={errorId} className="staff-error logo-upload__error">
        {error}
      </p>
    </div>
  );
}
