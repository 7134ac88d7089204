/* biome-ignore-all lint: plain ES5 on purpose, like the service's documented 1.1.8 script (var, function expressions, no optional chaining) */
/*
 * The emulator's IMP client script, served as today's /v1/iamport.js (no jQuery) and as the
 * documented /js/iamport.payment-1.1.8.js, which — like the service's — needs jQuery 1.0 or later
 * on the page first (the server turns NEEDS_JQUERY on for that path: http/assets.ts).
 * IMP.init(merchantCode), IMP.certification(param, callback), IMP.request_pay(param, callback).
 *
 * A call asks the emulator to open a window (POST /__emulator/windows, where params are checked
 * and a refused order never gets a window), then shows it as a layer (an iframe over this page),
 * a popup (param.popup === true) or, with m_redirect_url on a mobile browser or without a
 * callback, as the whole page. The window posts { source: 'iamport-emulator', type: 'result',
 * session, rsp } back; only messages from the emulator's origin and the window itself count.
 */
(function (window, document) {
  'use strict';

  var NEEDS_JQUERY = /*@needs-jquery*/ false;
  var SOURCE = 'iamport-emulator';
  var CANCELLED = { payment: '사용자가 결제를 취소하셨습니다', certification: '사용자가 본인인증을 취소하셨습니다' };
  var merchantCode = null;
  var pending = null;

  function absolute(url) {
    var a = document.createElement('a');
    a.href = url;
    return a.href;
  }

  // The emulator is wherever this script came from, so any host and port works.
  function scriptOrigin() {
    var script = document.currentScript;
    var scripts = document.getElementsByTagName('script');
    for (var i = scripts.length - 1; !script && i >= 0; i--) {
      if (/\/(js\/iamport\.payment-[\d.]+|v1\/iamport)\.js/.test(scripts[i].src)) script = scripts[i];
    }
    var a = document.createElement('a');
    a.href = script ? script.src : window.location.href;
    return a.protocol + '//' + a.host;
  }
  var ORIGIN = scriptOrigin();

  function jQueryReady() {
    var jq = window.jQuery;
    var version = jq && jq.fn && typeof jq.fn.jquery === 'string' ? jq.fn.jquery : '';
    return parseInt(version.split('.')[0], 10) >= 1;
  }

  function failure(code, message, merchantUid) {
    return { success: false, error_code: code, error_msg: message, imp_uid: null, merchant_uid: merchantUid || null };
  }

  // Callbacks always run after the call returned, whatever happened.
  function answer(callback, rsp) {
    if (typeof callback === 'function')
      window.setTimeout(function () {
        callback(rsp);
      }, 0);
  }

  function finish(request, rsp) {
    if (request.done) return;
    request.done = true;
    if (pending === request) pending = null;
    if (request.timer) window.clearInterval(request.timer);
    if (request.popup && !request.popup.closed) request.popup.close();
    if (request.layer && request.layer.parentNode) request.layer.parentNode.removeChild(request.layer);
    answer(request.callback, rsp);
  }

  // A mistake of the calling page: said in the console too, where its developer looks.
  function refuse(callback, code, message, merchantUid) {
    if (window.console) window.console.error('[IMP] ' + message);
    answer(callback, failure(code, message, merchantUid));
  }

  function cancel(request) {
    finish(request, failure('USER_CANCEL', CANCELLED[request.kind], request.merchantUid));
  }

  function showLayer(request, url) {
    var layer = document.createElement('div');
    layer.setAttribute(
      'style',
      'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483647;' +
        'background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center'
    );
    var frame = document.createElement('iframe');
    frame.src = url;
    frame.title = request.kind === 'payment' ? '결제창' : '본인인증 창';
    frame.setAttribute('style', 'width:100%;max-width:480px;height:100%;max-height:760px;border:0;background:#fff');
    var close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', frame.title + ' 닫기');
    // Its own colours (never the page's button styles): a dark × on a white disc with a border,
    // visible over the window and over the dimmed page alike.
    close.setAttribute(
      'style',
      'position:absolute;top:8px;right:8px;z-index:1;width:44px;height:44px;padding:0;font:24px/1 sans-serif;' +
        'color:#111;background:#fff;border:2px solid #111;border-radius:50%;cursor:pointer;' +
        'box-shadow:0 1px 4px rgba(0,0,0,.4)'
    );
    close.appendChild(document.createTextNode('\u00d7'));
    close.onclick = function () {
      cancel(request);
    };
    layer.appendChild(frame);
    layer.appendChild(close);
    document.body.appendChild(layer);
    request.layer = layer;
    request.frame = frame;
  }

  function opened(request, reply) {
    if (request.done) return;
    if (!reply)
      return finish(request, failure('NETWORK_ERROR', '결제 서버에 연결할 수 없습니다.', request.merchantUid));
    if (!reply.ok) {
      if (request.mode === 'redirect' && reply.redirect_url) return window.location.assign(reply.redirect_url);
      return finish(request, reply.rsp);
    }
    request.session = reply.session;
    if (request.mode === 'redirect') return window.location.assign(reply.url);
    if (request.mode === 'popup') request.popup.location.href = reply.url;
    else showLayer(request, reply.url);
  }

  function openWindow(request, body) {
    var xhr = new XMLHttpRequest();
    xhr.open('POST', ORIGIN + '/__emulator/windows', true);
    // text/plain keeps this a simple cross-origin request (no preflight); the body is JSON.
    xhr.setRequestHeader('Content-Type', 'text/plain;charset=UTF-8');
    xhr.onreadystatechange = function () {
      if (xhr.readyState !== 4) return;
      var reply = null;
      try {
        reply = xhr.status === 200 ? JSON.parse(xhr.responseText) : null;
      } catch (e) {
        reply = null;
      }
      opened(request, reply);
    };
    xhr.send(JSON.stringify(body));
  }

  // What the calling page got wrong, as [error_code, error_msg], or null.
  function misuse(param, callback) {
    if (NEEDS_JQUERY && !jQueryReady()) {
      return ['JQUERY_MISSING', 'jQuery 1.0 이상이 필요합니다. iamport.payment-1.1.8.js보다 먼저 jQuery를 불러오세요.'];
    }
    if (!merchantCode) return ['NOT_INITIALIZED', 'IMP.init(가맹점 식별코드)을 먼저 호출하세요.'];
    if (!param || typeof param !== 'object') return ['INVALID_PARAM', 'param은 객체여야 합니다.'];
    if (typeof callback !== 'function' && !param.m_redirect_url) {
      return ['INVALID_PARAM', 'callback 함수 또는 m_redirect_url이 필요합니다.'];
    }
    if (pending) return ['IN_PROGRESS', '이미 열려 있는 결제창(또는 인증창)이 있습니다.'];
    return null;
  }

  function start(kind, param, callback) {
    var merchantUid = param && typeof param === 'object' ? param.merchant_uid : null;
    var problem = misuse(param, callback);
    if (problem) return refuse(callback, problem[0], problem[1], merchantUid);
    var params = {};
    for (var key in param) if (Object.prototype.hasOwnProperty.call(param, key)) params[key] = param[key];
    if (kind === 'payment' && !params.merchant_uid) params.merchant_uid = 'merchant_' + new Date().getTime();
    if (typeof params.m_redirect_url === 'string' && params.m_redirect_url)
      params.m_redirect_url = absolute(params.m_redirect_url);
    var mobile = /Mobi|Android|iPhone|iPad|iPod/i.test(window.navigator.userAgent);
    var redirect = params.m_redirect_url && (mobile || typeof callback !== 'function');
    var request = {
      kind: kind,
      callback: callback,
      merchantUid: params.merchant_uid || null,
      done: false,
      mode: redirect ? 'redirect' : params.popup === true || params.popup === 'true' ? 'popup' : 'layer',
    };
    if (request.mode === 'popup') {
      // Opened now, inside the click that called us, or popup blockers refuse it.
      request.popup = window.open('', 'imp_window_' + new Date().getTime(), 'width=480,height=760');
      if (!request.popup)
        return refuse(callback, 'POPUP_BLOCKED', '팝업이 차단되었습니다. 팝업을 허용해 주세요.', merchantUid);
      request.timer = window.setInterval(function () {
        if (request.popup.closed) cancel(request);
      }, 300);
    }
    pending = request;
    openWindow(request, {
      kind: kind,
      merchant_code: merchantCode,
      mode: request.mode,
      params: params,
      channel: mobile ? 'mobile' : 'pc',
      page_url: window.location.href,
    });
  }

  window.addEventListener('message', function (event) {
    var request = pending;
    var data = event.data;
    if (!request || event.origin !== ORIGIN || !data || data.source !== SOURCE || data.type !== 'result') return;
    var from = request.mode === 'popup' ? request.popup : request.frame && request.frame.contentWindow;
    if (event.source !== from || data.session !== request.session) return;
    finish(request, data.rsp);
  });

  window.IMP = {
    init: function (code) {
      merchantCode = typeof code === 'string' && code ? code : null;
      if (!merchantCode && window.console)
        window.console.error('[IMP] IMP.init: 가맹점 식별코드(문자열)가 필요합니다.');
    },
    certification: function (param, callback) {
      start('certification', param, callback);
    },
    request_pay: function (param, callback) {
      start('payment', param, callback);
    },
  };
})(window, document);
