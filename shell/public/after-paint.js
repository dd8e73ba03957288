// Guestspot (decision 077): a page the site's server rendered is painted from its HTML and styles
// first; its scripts are fetched after that first paint (as the Paint Timing API reports it),
// from the list the server wrote in <script type="application/json" id="gs-scripts">
// (shell/server/page-hints.mjs afterPaint), so that a phone's bandwidth goes to the styles and
// the page's images before the scripts.
(function () {
  var list = document.getElementById('gs-scripts');
  if (!list) return;
  var scripts = JSON.parse(list.textContent);
  function load() {
    // One insertion for every tag, in order.
    var tags = document.createDocumentFragment();
    scripts.preload.forEach(function (hint) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = hint.as;
      link.href = hint.href;
      if (hint.crossorigin) link.crossOrigin = hint.crossorigin;
      tags.appendChild(link);
    });
    scripts.run.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      tags.appendChild(script);
    });
    document.head.appendChild(tags);
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    load();
  }
  // After the browser says it painted (Paint Timing). A frame callback is not that: a new tab's
  // first frames can run long before anything is on screen, and the scripts then held the first
  // paint back by a second.
  var Observer = window.PerformanceObserver;
  if (
    Observer &&
    Observer.supportedEntryTypes &&
    Observer.supportedEntryTypes.indexOf('paint') >= 0
  ) {
    if (performance.getEntriesByType('paint').length > 0) return start();
    new Observer(function (_entries, observer) {
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // A tab opened in the background paints nothing until it is shown: it loads them anyway.
  setTimeout(start, 3000);
})();
