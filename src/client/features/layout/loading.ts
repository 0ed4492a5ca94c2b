import { proxy } from 'valtio';

/** Spec §9: the overlay never stays longer than 7.5 s, whatever is still loading. */
export const LOADER_CAP_MS = 7500;

export const loading = proxy({ visible: true });
let capTimer: ReturnType<typeof setTimeout> | undefined;

export function showLoader(): void {
  loading.visible = true;
  clearTimeout(capTimer);
  capTimer = setTimeout(hideLoader, LOADER_CAP_MS);
}

export function hideLoader(): void {
  clearTimeout(capTimer);
  loading.visible = false;
}

// The first paint shows the overlay until the quick menu is ready, or the cap.
capTimer = setTimeout(hideLoader, LOADER_CAP_MS);
