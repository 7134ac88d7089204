/* biome-ignore-all lint: plain ES5 like the client script, so a window works in any browser */
// The hosted windows' script. On the result page (layer or popup): posts the outcome to the
// merchant page, only to that page's origin; the page's IMP script then removes the layer or
// closes the popup. A popup also stops and closes itself when the page that opened it was closed
// (with a message, should the browser keep it open), and shortly after showing its result.
(function () {
  'use strict';
  var main = document.querySelector('main[data-mode]');
  var popup = main && main.getAttribute('data-mode') === 'popup';
  // Nobody would receive this window's result: say so, stop the form (a payment nobody waits for
  // must not be made), and close. If the browser refuses to close it, the message stays.
  function orphaned() {
    var form = main.querySelector('form');
    if (form) {
      var fields = form.querySelectorAll('input, select, button');
      for (var i = 0; i < fields.length; i++) fields[i].disabled = true;
      form.onsubmit = function () {
        return false;
      };
    }
    if (!document.getElementById('opener-gone')) {
      var note = document.createElement('p');
      note.id = 'opener-gone';
      note.setAttribute('role', 'alert');
      note.className = 'error';
      note.appendChild(
        document.createTextNode('이 창을 연 페이지가 닫혀 더 진행할 수 없습니다. 창을 닫고 처음부터 다시 시도하세요.')
      );
      main.insertBefore(note, main.firstChild);
    }
    window.close();
  }
  if (popup) {
    var watch = window.setInterval(function () {
      var opener = window.opener;
      if (!opener || opener.closed) {
        window.clearInterval(watch);
        orphaned();
      }
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
