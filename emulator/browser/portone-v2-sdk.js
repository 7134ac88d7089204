/* biome-ignore-all lint: plain ES5 on purpose, like the V1 client script (var, function expressions, no optional chaining) */
/*
 * The emulator's PortOne V2 browser script, served at /v2/browser-sdk.js: what
 * `@portone/browser-sdk/v2` loads once the page called setPortOneJsSdkUrl() with this URL. It sets
 * window.PortOne with requestPayment, requestIssueBillingKey, requestIssueBillingKeyAndPay and
 * requestIdentityVerification, each returning a promise of the SDK's response shape.
 *
 * A call is checked here (what the real SDK refuses before anything opens), then the emulator is
 * asked to open a window (POST /v2/windows, where the store, channel and payment are checked); the
 * window is shown as a layer (an iframe over this page; windowType IFRAME, the default on a PC), a
 * popup (POPUP) or the whole page (REDIRECTION, the default on a mobile browser when redirectUrl
 * is given; the promise then never settles, as with the real SDK). The window posts
 * { source: 'portone-emulator', type: 'result', session, rsp } back; only messages from the
 * emulator's origin and that window count.
 */
(function (window, document) {
  'use strict';

  var SOURCE = 'portone-emulator';
  var pending = null;

  // The emulator is wherever this script came from, so any host and port works.
  function scriptOrigin() {
    var script = document.currentScript;
    var scripts = document.getElementsByTagName('script');
    for (var i = scripts.length - 1; !script && i >= 0; i--) {
      if (/\/v2\/browser-sdk\.js/.test(scripts[i].src)) script = scripts[i];
    }
    var a = document.createElement('a');
    a.href = script ? script.src : window.location.href;
    return a.protocol + '//' + a.host;
  }
  var ORIGIN = scriptOrigin();

  var KINDS = {
    payment: {
      transactionType: 'PAYMENT',
      title: '결제창',
      cancelled: '사용자가 결제를 취소하였습니다',
      required: ['storeId', 'paymentId', 'orderName', 'totalAmount', 'currency', 'payMethod'],
    },
    'billing-key': {
      transactionType: 'ISSUE_BILLING_KEY',
      title: '빌링키 발급 창',
      cancelled: '사용자가 빌링키 발급을 취소하였습니다',
      required: ['storeId'],
    },
    'billing-key-and-pay': {
      transactionType: 'ISSUE_BILLING_KEY_AND_PAY',
      title: '결제창',
      cancelled: '사용자가 결제를 취소하였습니다',
      required: ['storeId', 'paymentId', 'orderName', 'totalAmount', 'currency', 'billingKeyAndPayMethod'],
    },
    'identity-verification': {
      transactionType: 'IDENTITY_VERIFICATION',
      title: '본인인증 창',
      cancelled: '사용자가 본인인증을 취소하였습니다',
      required: ['storeId', 'identityVerificationId'],
    },
  };

  function absolute(url) {
    var a = document.createElement('a');
    a.href = url;
    return a.href;
  }

  // The SDK's response: the transaction's ids, plus code and message when it failed.
  function response(kind, request, fields) {
    var out = { transactionType: KINDS[kind].transactionType };
    if (kind === 'identity-verification') {
      out.identityVerificationId = request.identityVerificationId;
      out.identityVerificationTxId = fields.txId || '';
    } else if (kind !== 'billing-key') {
      out.paymentId = request.paymentId;
      out.txId = fields.txId || '';
    }
    for (var key in fields)
      if (Object.prototype.hasOwnProperty.call(fields, key) && key !== 'txId') out[key] = fields[key];
    return out;
  }

  // What the calling page got wrong, as a message, or null.
  function misuse(kind, request) {
    if (!request || typeof request !== 'object') return '요청 객체가 필요합니다.';
    var required = KINDS[kind].required;
    for (var i = 0; i < required.length; i++) {
      var value = request[required[i]];
      if (value === undefined || value === null || value === '') return required[i] + ': 필수 항목입니다.';
    }
    if (!request.channelKey) {
      if (request.channelGroupId)
        return 'channelGroupId: 에뮬레이터는 채널 그룹을 지원하지 않습니다. channelKey를 지정하세요.';
      return 'channelKey: 필수 항목입니다.';
    }
    if (
      request.totalAmount !== undefined &&
      (typeof request.totalAmount !== 'number' || request.totalAmount % 1 !== 0 || request.totalAmount < 0)
    ) {
      return 'totalAmount: 0 이상의 정수여야 합니다.';
    }
    if (request.redirectUrl !== undefined && !/^https?:/i.test(absolute(String(request.redirectUrl)))) {
      return 'redirectUrl: http(s) URL이어야 합니다.';
    }
    if (pending) return '이미 열려 있는 결제창(또는 인증창)이 있습니다.';
    return null;
  }

  function finish(call, rsp) {
    if (call.done) return;
    call.done = true;
    if (pending === call) pending = null;
    if (call.timer) window.clearInterval(call.timer);
    if (call.popup && !call.popup.closed) call.popup.close();
    if (call.layer && call.layer.parentNode) call.layer.parentNode.removeChild(call.layer);
    call.resolve(rsp);
  }

  function cancel(call) {
    var message = KINDS[call.kind].cancelled;
    finish(
      call,
      response(call.kind, call.request, {
        txId: call.txId,
        code: 'FAILURE_TYPE_PG',
        message: message,
        pgCode: 'USER_CANCEL',
        pgMessage: message,
      }),
    );
  }

  function showLayer(call, url) {
    var layer = document.createElement('div');
    layer.setAttribute(
      'style',
      'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483647;' +
        'background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center',
    );
    var frame = document.createElement('iframe');
    frame.src = url;
    frame.title = KINDS[call.kind].title;
    frame.setAttribute('style', 'width:100%;max-width:480px;height:100%;max-height:760px;border:0;background:#fff');
    var close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', frame.title + ' 닫기');
    close.setAttribute(
      'style',
      'position:absolute;top:8px;right:8px;z-index:1;width:44px;height:44px;padding:0;font:24px/1 sans-serif;' +
        'color:#111;background:#fff;border:2px solid #111;border-radius:50%;cursor:pointer;' +
        'box-shadow:0 1px 4px rgba(0,0,0,.4)',
    );
    close.appendChild(document.createTextNode('\u00d7'));
    close.onclick = function () {
      cancel(call);
    };
    layer.appendChild(frame);
    layer.appendChild(close);
    document.body.appendChild(layer);
    call.layer = layer;
    call.frame = frame;
  }

  function opened(call, reply) {
    if (call.done) return;
    if (!reply) {
      return finish(
        call,
        response(call.kind, call.request, { code: 'PORTONE_ERROR', message: '결제 서버에 연결할 수 없습니다.' }),
      );
    }
    if (!reply.ok) return finish(call, reply.rsp);
    call.session = reply.session;
    call.txId = reply.tx_id;
    if (call.mode === 'redirect') return window.location.assign(reply.url);
    if (call.mode === 'popup') call.popup.location.href = reply.url;
    else showLayer(call, reply.url);
  }

  function post(call, body) {
    var xhr = new XMLHttpRequest();
    xhr.open('POST', ORIGIN + '/v2/windows', true);
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
      opened(call, reply);
    };
    xhr.send(JSON.stringify(body));
  }

  function modeOf(request, mobile) {
    var types = request.windowType && typeof request.windowType === 'object' ? request.windowType : {};
    var type = mobile ? types.mobile : types.pc;
    if (request.forceRedirect === true && request.redirectUrl) return 'redirect';
    if (type === 'POPUP') return 'popup';
    if (type === 'REDIRECTION' || (!type && mobile && request.redirectUrl)) return 'redirect';
    return 'layer';
  }

  function start(kind, request) {
    return new Promise(function (resolve) {
      var problem = misuse(kind, request);
      if (problem) {
        if (window.console) window.console.error('[PortOne] ' + problem);
        return resolve(response(kind, request || {}, { code: 'PORTONE_ERROR', message: problem }));
      }
      var copy = JSON.parse(JSON.stringify(request));
      if (copy.redirectUrl) copy.redirectUrl = absolute(copy.redirectUrl);
      var mobile = /Mobi|Android|iPhone|iPad|iPod/i.test(window.navigator.userAgent);
      var call = { kind: kind, request: copy, resolve: resolve, done: false, mode: modeOf(copy, mobile), txId: '' };
      if (call.mode === 'redirect' && !copy.redirectUrl) {
        return resolve(
          response(kind, copy, { code: 'PORTONE_ERROR', message: 'redirectUrl: 리디렉션 방식에는 필수 항목입니다.' }),
        );
      }
      if (call.mode === 'popup') {
        // Opened now, inside the click that called us, or popup blockers refuse it.
        call.popup = window.open('', 'portone_window_' + new Date().getTime(), 'width=480,height=760');
        if (!call.popup) {
          return resolve(
            response(kind, copy, { code: 'PORTONE_ERROR', message: '팝업이 차단되었습니다. 팝업을 허용해 주세요.' }),
          );
        }
        call.timer = window.setInterval(function () {
          if (call.popup.closed) cancel(call);
        }, 300);
      }
      pending = call;
      post(call, {
        kind: kind,
        request: copy,
        mode: call.mode,
        channel: mobile ? 'mobile' : 'pc',
        page_url: window.location.href,
      });
    });
  }

  window.addEventListener('message', function (event) {
    var call = pending;
    var data = event.data;
    if (!call || event.origin !== ORIGIN || !data || data.source !== SOURCE || data.type !== 'result') return;
    var from = call.mode === 'popup' ? call.popup : call.frame && call.frame.contentWindow;
    if (event.source !== from || data.session !== call.session) return;
    finish(call, data.rsp);
  });

  function unsupported(name) {
    return function () {
      return Promise.reject(new Error('[PortOne] ' + name + ': 에뮬레이터는 이 기능을 지원하지 않습니다.'));
    };
  }

  window.PortOne = {
    requestPayment: function (request) {
      return start('payment', request);
    },
    requestIssueBillingKey: function (request) {
      return start('billing-key', request);
    },
    requestIssueBillingKeyAndPay: function (request) {
      return start('billing-key-and-pay', request);
    },
    requestIdentityVerification: function (request) {
      return start('identity-verification', request);
    },
    loadPaymentUI: unsupported('loadPaymentUI'),
    loadIssueBillingKeyUI: unsupported('loadIssueBillingKeyUI'),
    updateLoadPaymentUIRequest: unsupported('updateLoadPaymentUIRequest'),
    updateLoadIssueBillingKeyUIRequest: unsupported('updateLoadIssueBillingKeyUIRequest'),
  };
})(window, document);
