/* biome-ignore-all lint: plain ES5 like the client script, so a window works in any browser */
// The hosted windows' script. On the result page (layer or popup): posts the outcome to the
// merchant page, only to that page's origin; the page's IMP script then removes the layer or
// closes the popup. A popup also closes itself when the page that opened it went away (closed,
// or navigated elsewhere so that nothing waits for it), and shortly after showing its result.
(function () {
  'use strict';
  var main = document.querySelector('main[data-mode]');
  var popup = main && main.getAttribute('data-mode') === 'popup';
  if (popup) {
    window.setInterval(function () {
      var opener = window.opener;
      if (!opener || opener.closed) window.close();
    }, 500);
  }
  var block = document.getElementById('imp-result');
  if (!block) return;
  var data = JSON.parse(block.textContent);
  var to = data.mode === 'popup' ? window.opener : window.parent !== window ? window.parent : null;
  if (to)
    to.postMessage({ source: data.source, type: data.type, session: data.session, rsp: data.rsp }, data.target_origin);
  document.getElementById('close-window').onclick = function () {
    window.close();
  };
  // The opener's script closes the popup at once; when nobody does (the page was reloaded), it goes by itself.
  if (popup)
    window.setTimeout(function () {
      window.close();
    }, 3000);
})();
