import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushToast, toasts, toastText } from '../../src/client/ui/toasts';

afterEach(() => {
  toasts.list.splice(0);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('a table’s welcome and the closed notice make one card: the notice in the welcome’s place, under its title', () => {
    vi.useFakeTimers();
    pushToast({ tone: 'success', slot: { name: 'arrival', rank: 0 }, title: () => 'Willkommen an Tisch 1', body: 'Wir bringen alles an Ihren Tisch.' }, 6000);
    pushToast({ tone: 'info', title: 'Offline' });
    pushToast({ tone: 'info', slot: { name: 'arrival', rank: 1 }, title: 'Wir haben geschlossen', body: 'Frühestens Dienstag, 11:30.' }, 8000);

    expect(toasts.list.map((t) => [t.lead ? toastText(t.lead) : null, toastText(t.title)])).toEqual([
      ['Willkommen an Tisch 1', 'Wir haben geschlossen'],
      [null, 'Offline'],
    ]);
    // The welcome's own timer does not take the notice away early; the notice's does.
    vi.advanceTimersByTime(6000);
    expect(toasts.list.map((t) => toastText(t.title))).toEqual(['Wir haben geschlossen']);
    vi.advanceTimersByTime(2000);
    expect(toasts.list).toEqual([]);
  });

  it('the same card when the closed notice comes first (a page rendered afresh in another language greets later)', () => {
    pushToast({ tone: 'info', slot: { name: 'arrival', rank: 1 }, title: 'We are closed', body: 'Earliest Tuesday, 11:30.' }, 8000);
    pushToast({ tone: 'success', slot: { name: 'arrival', rank: 0 }, title: 'Welcome to Table 1', body: 'We bring everything to your table.' }, 6000);
    expect(toasts.list.map((t) => [t.lead, t.title, t.body, t.tone])).toEqual([['Welcome to Table 1', 'We are closed', 'Earliest Tuesday, 11:30.', 'info']]);
  });

  it('toasts without a slot stack as before', () => {
    pushToast({ tone: 'info', title: 'Eins' });
    pushToast({ tone: 'error', title: 'Zwei' });
    expect(toasts.list.map((t) => [t.lead, t.title])).toEqual([
      [undefined, 'Eins'],
      [undefined, 'Zwei'],
    ]);
  });
});
