import { beforeEach, describe, expect, it } from 'vitest';
import { markPopupSeen, popupToOpen, seenPopups, type HomeVisit } from '../../src/client/features/layout/popup';

const pages = [
  { id: 1, isPopup: false },
  { id: 5, isPopup: true },
];

const ordinary: HomeVisit = { arrival: {}, search: {}, atTable: false, dialogOpen: false, closedNotice: false };

beforeEach(() => sessionStorage.clear());

describe('the popup page', () => {
  it('opens on an ordinary home visit, once per session', () => {
    expect(popupToOpen(pages, seenPopups(), ordinary)).toBe(5);
    markPopupSeen(5);
    expect(seenPopups()).toEqual([5]);
    expect(popupToOpen(pages, seenPopups(), ordinary)).toBeNull();
    markPopupSeen(5);
    expect(seenPopups()).toEqual([5]);
  });

  it('stays shut for a diner who came for something else', () => {
    expect(popupToOpen(pages, [], { ...ordinary, arrival: { table: 'T05-ZDVN-N4ZC-H7BC' } })).toBeNull();
    expect(popupToOpen(pages, [], { ...ordinary, arrival: { payment: 'sandbox', sess: 'abc' } })).toBeNull();
    expect(popupToOpen(pages, [], { ...ordinary, atTable: true })).toBeNull();
    expect(popupToOpen(pages, [], { ...ordinary, search: { page: 1 } })).toBeNull();
    expect(popupToOpen(pages, [], { ...ordinary, search: { product: 12 } })).toBeNull();
    expect(popupToOpen(pages, [], { ...ordinary, search: { menu: 3 } })).toBeNull();
  });

  it('never stands beside another dialog or the closed notice', () => {
    expect(popupToOpen(pages, [], { ...ordinary, dialogOpen: true })).toBeNull();
    expect(popupToOpen(pages, [], { ...ordinary, closedNotice: true })).toBeNull();
  });

  it('needs a page marked as popup', () => {
    expect(popupToOpen([{ id: 1, isPopup: false }], [], ordinary)).toBeNull();
    expect(popupToOpen([], [], ordinary)).toBeNull();
  });

  it('reads junk in storage as nothing seen', () => {
    sessionStorage.setItem('popup-seen', 'oops');
    expect(seenPopups()).toEqual([]);
    sessionStorage.setItem('popup-seen', JSON.stringify([5, 'x']));
    expect(seenPopups()).toEqual([5]);
  });
});
