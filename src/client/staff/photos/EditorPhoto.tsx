import { Trans } from '@lingui/react/macro';
import type { PhotoTarget } from '../../../shared/contract/photos';
import { PhotoField } from './PhotoField';

/**
 * The photo section of an editor. It sits beside the editor's form, not in it: the photo saves on
 * its own (an upload is not undone by "Discard changes"), and its alt text is a form of its own.
 */
export function EditorPhoto({ target, id }: { target: PhotoTarget; id: number | null }) {
  return (
    <section className="staff-card editor-photo" aria-labelledby={`editor-photo-${target}`}>
      <h3 id={`editor-photo-${target}`}>
        <Trans>Photo</Trans>
      </h3>
      {id === null ? (
        <p className="staff-muted admin-hint">
          <Trans>Save first; then you can take or choose a photo here.</Trans>
        </p>
      ) : (
        <PhotoField target={target} id={id} />
      )}
    </section>
  );
}
