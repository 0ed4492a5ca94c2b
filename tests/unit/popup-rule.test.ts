import { beforeEach, describe, expect, it } from 'vitest';
import { markPopupSeen, popupToOpen, seenPopups, type HomeVisit } from '../../src/client/features/layout/popup';
import { popupForHome, seenInCookie } from '../../src/server/popup-page';

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

describe("the popup page in the server's render (decision 045)", () => {
  const screen = { lang: 'de', answers: { '/pages': { data: pages } } };

  it('opens the session\'s popup on a plain home visit, by the same rule and the session cookie', () => {
    expect(popupForHome(screen, new URLSearchParams(''), { seen: [], closedNotice: false, atTable: false })).toBe(5);
    expect(popupForHome(screen, new URLSearchParams('category=3'), { seen: [], closedNotice: false, atTable: false })).toBe(5);
    expect(popupForHome(screen, new URLSearchParams(''), { seen: seenInCookie('5'), closedNotice: false, atTable: false })).toBeNull();
    expect(popupForHome(screen, new URLSearchParams(''), { seen: [], closedNotice: true, atTable: false })).toBeNull();
    // A session that came by a table's QR code: its later home visits carry no table in the URL.
    expect(popupForHome(screen, new URLSearchParams(''), { seen: [], closedNotice: false, atTable: true })).toBeNull();
  });

  it('leaves every URL with an errand of its own to the browser, whatever its value', () => {
    for (const query of ['table=T05', 'payment=sandbox&sess=x', 'page=abc', 'product=1&category=2', 'menu=']) {
      expect(popupForHome(screen, new URLSearchParams(query), { seen: [], closedNotice: false, atTable: false }), query).toBeNull();
    }
  });

  it('reads only whole ids from the cookie, and needs the pages answer', () => {
    expect(seenInCookie('5,x,-1,0,7,1.5')).toEqual([5, 7]);
    expect(seenInCookie(undefined)).toEqual([]);
    expect(popupForHome({ lang: 'de', answers: {} }, new URLSearchParams(''), { seen: [], closedNotice: false, atTable: false })).toBeNull();
  });
});
