/**
 * The image uploads (photos, decision 023; the logo, decision 026): the file's bytes as the body,
 * through XMLHttpRequest because fetch cannot tell how much of a 12 MB phone photo has left the
 * device yet.
 */
import type { PhotoOwner, PhotoTarget } from '../../../shared/contract/photos';
import { API_BASE, API_CREDENTIALS, ApiError, apiErrorOf, apiLanguage } from '../../lib/api';
import { staffHeaders } from '../api';

/** The anti-forgery cookie the API set, echoed as the header (read here: lib/api keeps its reader private to the diner's bundle). */
function xsrfToken(): string {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/** The server decides by decoding; a file the browser could not type still goes as an image. */
const contentTypeOf = (file: Blob) => (file.type.startsWith('image/') ? file.type : 'image/unknown');

/** PUTs the file to a staff path (under /staff) and resolves with the answer's `data`. */
export function uploadImage<T>(path: string, file: Blob, onProgress: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${API_BASE}/staff${path}`);
    xhr.withCredentials = API_CREDENTIALS === 'include';
    const headers: Record<string, string> = {
      ...staffHeaders(),
      Accept: 'application/json',
      'Accept-Language': apiLanguage(),
      'Content-Type': contentTypeOf(file),
      'X-XSRF-TOKEN': xsrfToken(),
    };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: T }).data);
      else reject(apiErrorOf(xhr.status, body));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.send(file);
  });
}

export function uploadPhoto(target: PhotoTarget, id: number, file: Blob, onProgress: (sent: number) => void): Promise<PhotoOwner> {
  return uploadImage<PhotoOwner>(`/photos/${target}/${id}`, file, onProgress);
}

/** The field's message for a refused upload: the server's words for the field, else its message. */
export function refusalOf(error: unknown, field = 'photo'): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.fields[field]?.[0] ?? error.fields.alt?.[0] ?? error.message;
}
