// The playground's merchant-page logic: IMP.init with the code in the form, then IMP.* with the
// edited params; the callback's rsp (or the m_redirect_url query we came back with) is shown.
(() => {
  const rspView = document.getElementById('rsp');
  const show = (state, value) => {
    rspView.dataset.state = state;
    rspView.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  };

  if (window.jQuery) document.getElementById('jquery-version').textContent = window.jQuery.fn.jquery;

  const run = (method, paramField) => () => {
    let param;
    try {
      param = JSON.parse(document.getElementById(paramField).value);
    } catch (error) {
      show('error', `param JSON 형식 오류: ${error.message}`);
      return;
    }
    show('waiting', '창의 응답을 기다리는 중…');
    window.IMP.init(document.getElementById('merchant-code').value);
    window.IMP[method](param, (rsp) => show('done', rsp));
  };
  document.getElementById('run-certification').addEventListener('click', run('certification', 'certification-param'));
  document.getElementById('run-payment').addEventListener('click', run('request_pay', 'payment-param'));

  const query = new URLSearchParams(window.location.search);
  if (query.has('imp_success')) {
    document.getElementById('redirected').hidden = false;
    document.getElementById('redirect-query').textContent = JSON.stringify(Object.fromEntries(query), null, 2);
  }
})();
