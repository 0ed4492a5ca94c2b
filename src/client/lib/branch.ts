import { STORAGE_KEYS } from './storage-keys';

/** The diner's branch on this device: where its API answers, and the hub to choose again at (decision 017). */
export interface ChosenBranch {
  name: string;
  /** The branch's origin; this page's own origin when the page is served by the branch itself. */
  url: string;
  /** The hub's origin, where the "change branch" link leads. */
  hub: string;
}

/** The stored choice, or null (nothing chosen, or an older build's bare id: the diner chooses again). */
export function chosenBranch(): ChosenBranch | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEYS.branch) ?? 'null') as Partial<ChosenBranch> | null;
    // Written only by this app (switch.ts, host.ts): the three fields present is enough.
    return value?.url && value.name && value.hub ? (value as ChosenBranch) : null;
  } catch {
    return null;
  }
}
