/* biome-ignore-all lint: plain ES5 like the client script, so a window works in any browser */
// The end of a hosted window (layer or popup): posts the outcome to the merchant page, only to
// that page's origin. The merchant page's IMP script then removes the layer or closes the popup.
(function () {
  'use strict';
  var block = document.getElementById('imp-result');
  if (!block) return;
  var data = JSON.parse(block.textContent);
  var to = data.mode === 'popup' ? window.opener : window.parent !== window ? window.parent : null;
  if (to)
    to.postMessage({ source: data.source, type: data.type, session: data.session, rsp: data.rsp }, data.target_origin);
  document.getElementById('close-window').onclick = function () {
    window.close();
  };
})();
