import { proxy } from 'valtio';

/** A toast's words: a function when they must follow the diner's language while the toast is up. */
export type ToastText = string | (() => string);

export interface Toast {
  id: number;
  title: ToastText;
  body?: ToastText;
  tone: 'info' | 'success' | 'error';
  /**
   * What a diner reads on arriving (a table's welcome, the closed notice) makes one card, not two
   * stacked over the menu's top, whichever comes first: the toast of higher rank keeps its words,
   * the other's title leads them.
   */
  slot?: { name: 'arrival'; rank: number };
  /** The title of the toast of lower rank that shares this one's card. */
  lead?: ToastText;
}

export const toasts = proxy<{ list: Toast[] }>({ list: [] });

/** Spec §9: toasts stay 4 seconds. */
export const TOAST_MS = 4000;
let nextId = 1;

export function pushToast(toast: Omit<Toast, 'id'>, ms = TOAST_MS): number {
  const id = nextId++;
  const slot = toast.slot;
  const taken = slot ? toasts.list.findIndex((t) => t.slot?.name === slot.name) : -1;
  const other = toasts.list[taken];
  if (slot && other) {
    const [top, under] = (other.slot?.rank ?? 0) > slot.rank ? [other, toast] : [toast, other];
    toasts.list.splice(taken, 1, { ...top, id, lead: under.title });
  } else toasts.list.push({ ...toast, id });
  setTimeout(() => dismissToast(id), ms);
  return id;
}

export function dismissToast(id: number): void {
  const i = toasts.list.findIndex((t) => t.id === id);
  if (i >= 0) toasts.list.splice(i, 1);
}

export const toastText = (text: ToastText): string => (typeof text === 'function' ? text() : text);
