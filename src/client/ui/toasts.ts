import { proxy } from 'valtio';

/** A toast's words: a function when they must follow the diner's language while the toast is up. */
export type ToastText = string | (() => string);

export interface Toast {
  id: number;
  title: ToastText;
  body?: ToastText;
  tone: 'info' | 'success' | 'error';
}

export const toasts = proxy<{ list: Toast[] }>({ list: [] });

/** Spec §9: toasts stay 4 seconds. */
export const TOAST_MS = 4000;
let nextId = 1;

export function pushToast(toast: Omit<Toast, 'id'>, ms = TOAST_MS): number {
  const id = nextId++;
  toasts.list.push({ ...toast, id });
  setTimeout(() => dismissToast(id), ms);
  return id;
}

export function dismissToast(id: number): void {
  const i = toasts.list.findIndex((t) => t.id === id);
  if (i >= 0) toasts.list.splice(i, 1);
}

export const toastText = (text: ToastText): string => (typeof text === 'function' ? text() : text);
