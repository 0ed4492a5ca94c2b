import './photos.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { posterUrl } from '../../../shared/contract/catalog';
import { MAX_PHOTO_BYTES, photoAltSchema, type PhotoAltBody, type PhotoOwner, type PhotoTarget } from '../../../shared/contract/photos';
import { staffMay, type StaffMember } from '../../../shared/contract/staff';
import { useEditSave } from '../admin/edit-form';
import { I18nTextField } from '../admin/I18nTextField';
import { useSiteLanguages } from '../admin/languages';
import { useOnline } from '../admin/NeedsNetwork';
import { staffCall, staffToken } from '../api';
import { refusalOf, uploadPhoto } from './upload';

export const photosKey = ['staff', 'photos'] as const;
const photoKey = (target: PhotoTarget, id: number) => ['staff', 'photos', target, id] as const;

type Step = { kind: 'idle' } | { kind: 'sending'; sent: number } | { kind: 'processing' } | { kind: 'confirmRemove' } | { kind: 'removing' };

/**
 * The previews are the variants' own crops (their JPEG), not the diner's <picture>: importing the
 * storefront's Poster here would split it out of the diner's bundle into a chunk of its own.
 *
 * A product's, category's or menu's photo: taken with the device's camera or chosen from its
 * files, shown as the diner will see it (the card and the round thumbnail), described for screen
 * readers, or removed. Owners and managers change it; service staff only see it.
 */
export function PhotoField({ target, id }: { target: PhotoTarget; id: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const online = useOnline();
  const baseId = useId();
  const me = useQuery({ queryKey: ['staff', 'me', staffToken()], queryFn: () => staffCall<StaffMember>('GET', '/me') });
  const mayEdit = me.data ? staffMay(me.data.role, 'edit') : false;
  const photo = useQuery({
    queryKey: photoKey(target, id),
    queryFn: () => staffCall<PhotoOwner>('GET', `/photos/${target}/${id}`),
    // The Photos screen's list already holds this record: no request per field.
    initialData: () => queryClient.getQueryData<PhotoOwner[]>(photosKey)?.find((o) => o.target === target && o.id === id),
  });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step.kind === 'confirmRemove') confirmButton.current?.focus();
  }, [step.kind]);

  const saved = (owner: PhotoOwner) => {
    queryClient.setQueryData(photoKey(target, id), owner);
    // The list knows the dish's category; the single answer does not name it.
    queryClient.setQueryData<PhotoOwner[]>(photosKey, (list) => list?.map((o) => (o.target === target && o.id === id ? { ...owner, group: o.group } : o)));
  };

  const send = async (file: File) => {
    setError('');
    if (file.size > MAX_PHOTO_BYTES) {
      setError(t`This file is larger than 20 MB. Please choose a smaller photo.`);
      return;
    }
    setStep({ kind: 'sending', sent: 0 });
    setStatus(t`Sending the photo…`);
    try {
      const owner = await uploadPhoto(target, id, file, (sent) => {
        setStep(sent < 1 ? { kind: 'sending', sent } : { kind: 'processing' });
        if (sent >= 1) setStatus(t`Preparing the photo for the menu…`);
      });
      saved(owner);
      setStatus(t`Photo saved. Guests see it the next time they open the menu.`);
    } catch (e) {
      setStatus('');
      setError(refusalOf(e) ?? t`The server cannot be reached. Please try again when the connection is back.`);
    } finally {
      setStep({ kind: 'idle' });
    }
  };

  const remove = async () => {
    setStep({ kind: 'removing' });
    setError('');
    try {
      saved(await staffCall<PhotoOwner>('DELETE', `/photos/${target}/${id}`));
      setStatus(t`Photo removed.`);
    } catch (e) {
      setError(refusalOf(e) ?? t`The server cannot be reached. Please try again when the connection is back.`);
    } finally {
      setStep({ kind: 'idle' });
    }
  };

  const picked = (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (file) void send(file);
  };

  const owner = photo.data;
  const poster = owner?.poster ?? null;
  const busy = step.kind === 'sending' || step.kind === 'processing' || step.kind === 'removing';
  const disabled = busy || !online;
  const name = owner?.name ?? '';
  return (
    <div className="photo-field" aria-busy={busy}>
      <div className="photo-field__previews">
        {poster ? (
          <>
            <figure className="photo-field__wide">
              <img src={posterUrl({ poster }, 'wide')} width={320} height={200} alt={t`Photo of ${name}`} />
              <figcaption>
                <Trans>On the menu card</Trans>
              </figcaption>
            </figure>
            <figure className="photo-field__circle">
              <img src={posterUrl({ poster }, 'circle')} width={96} height={96} alt="" />
              <figcaption>
                <Trans>As a small round picture</Trans>
              </figcaption>
            </figure>
          </>
        ) : (
          <p className="photo-field__empty">
            <Trans>No photo yet. Guests see this item without a picture.</Trans>
          </p>
        )}
      </div>

      {step.kind === 'sending' ? (
        <div className="photo-field__progress">
          <label htmlFor={`${baseId}-progress`}>
            <Trans>Sending the photo</Trans>
          </label>
          <progress id={`${baseId}-progress`} max={1} value={step.sent} />
        </div>
      ) : null}
      {step.kind === 'processing' ? (
        <div className="photo-field__progress">
          <label htmlFor={`${baseId}-progress`}>
            <Trans>Preparing the photo for the menu</Trans>
          </label>
          <progress id={`${baseId}-progress`} />
        </div>
      ) : null}

      <p role="status" className="photo-field__status">
        {status}
      </p>
      <p role="alert" id={`${baseId}-error`} className="staff-error photo-field__error">
        {error}
      </p>

      {mayEdit ? (
        <>
          <input ref={chooser} type="file" accept="image/*" hidden onChange={(e) => picked(e.currentTarget)} data-testid="photo-file" />
          <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => picked(e.currentTarget)} />
          {step.kind === 'confirmRemove' ? (
            <div className="photo-field__actions" role="group" aria-label={t`Remove the photo of ${name}?`}>
              <span className="photo-field__question">
                <Trans>Remove this photo? Guests then see the item without a picture.</Trans>
              </span>
              <button ref={confirmButton} type="button" className="staff-button staff-button--reject" disabled={!online} onClick={() => void remove()}>
                <Trans>Yes, remove</Trans>
              </button>
              <button
                type="button"
                className="staff-button staff-button--quiet"
                onClick={() => {
                  setStep({ kind: 'idle' });
                  requestAnimationFrame(() => removeButton.current?.focus());
                }}
              >
                <Trans>Keep it</Trans>
              </button>
            </div>
          ) : (
            <div className="photo-field__actions">
              <button type="button" className="staff-button staff-button--primary" disabled={disabled} aria-describedby={error ? `${baseId}-error` : undefined} onClick={() => camera.current?.click()}>
                <Trans>Take photo</Trans>
              </button>
              <button type="button" className="staff-button" disabled={disabled} aria-describedby={error ? `${baseId}-error` : undefined} onClick={() => chooser.current?.click()}>
                {poster ? <Trans>Choose another photo</Trans> : <Trans>Choose photo</Trans>}
              </button>
              {poster ? (
                <button ref={removeButton} type="button" className="staff-button staff-button--quiet" disabled={disabled} onClick={() => setStep({ kind: 'confirmRemove' })}>
                  <Trans>Remove photo</Trans>
                </button>
              ) : null}
            </div>
          )}
          <p className="admin-hint staff-muted">
            <Trans>Take the photo in good light, straight from above or at a slight angle. Photos up to 20 MB; the menu gets sizes for every screen.</Trans>
          </p>
          {poster && owner ? <AltText owner={owner} onSaved={saved} /> : null}
        </>
      ) : (
        <p className="staff-muted">
          <Trans>Only owners and managers can change photos.</Trans>
        </p>
      )}
    </div>
  );
}

/** What the photo shows, for guests who use a screen reader; one text per language. */
function AltText({ owner, onSaved }: { owner: PhotoOwner; onSaved: (owner: PhotoOwner) => void }) {
  const { t } = useLingui();
  const languages = useSiteLanguages();
  const online = useOnline();
  const [alt, setAlt] = useState<Record<string, string>>(owner.alt);
  const { submit, errors, message, busy, saved } = useEditSave<PhotoAltBody>(photoAltSchema, async (values) => {
    onSaved(await staffCall<PhotoOwner>('PATCH', `/photos/${owner.target}/${owner.id}`, values));
  });
  return (
    <form
      className="photo-field__alt"
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ alt });
      }}
    >
      <I18nTextField label={t`Photo description`} value={alt} onChange={setAlt} languages={languages} error={errors.alt} />
      <p className="admin-hint staff-muted">
        <Trans>One short sentence on what the photo shows, read aloud to guests who cannot see it, e.g. “Schnitzel with potato salad and a lemon wedge”.</Trans>
      </p>
      <div className="photo-field__actions">
        <button type="submit" className="staff-button" disabled={busy || !online}>
          <Trans>Save description</Trans>
        </button>
        <span role="status" className="staff-muted">
          {saved ? t`Description saved.` : (message ?? '')}
        </span>
      </div>
    </form>
  );
}
