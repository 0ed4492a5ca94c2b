/**
 * Taps on the server's render before the app has taken it over (decision 045). The menu's "+" is
 * on screen seconds before its script on a slow phone network, and a button without its handler
 * does nothing: the diner's tap would be lost. This inline script, in the page's head, keeps each
 * tapped button of `#root` and stops the tap; the app taps them again once its first render is
 * committed (`src/client/lib/early-taps.ts`, which sets `window.__tapsLive`; its own taps are
 * untrusted events, which pass). Links are left alone, they work as plain links, except those
 * marked `data-tap`: a category chip's link loads the whole page again at its section, and on the
 * worker's kept page offline that load raced the app taking the page over (the jump was lost in
 * Firefox); kept, the app's chip makes the jump once it is live.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var d=document,q=[];window.__earlyTaps=q;d.addEventListener("click",function(e){' +
  'if(window.__tapsLive||!e.isTrusted)return;var t=e.target,b=t&&t.closest?t.closest("button,a[data-tap]"):null;' +
  'if(!b||!b.closest("#root"))return;e.preventDefault();e.stopPropagation();if(q.indexOf(b)<0)q.push(b);},true);})();';

