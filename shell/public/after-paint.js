// Guestspot (decision 077): a page the site's server rendered is painted from its HTML and styles
// first; its scripts are fetched after that first paint (as the Paint Timing API reports it),
// from the list the server wrote in <script type="application/json" id="gs-scripts">
// (shell/server/page-hints.mjs afterPaint), so that a phone's bandwidth goes to the styles and
// the page's images before the scripts.
(function () {
  var list = document.getElementById('gs-scripts');
  if (!list) return;
  var scripts = JSON.parse(list.textContent);
  // A few tags per task: inserting a tag starts its fetch, ~1 ms each of main thread on a
  // laptop, and thirty at once made one long task on a phone. Scripts inserted with async false
  // run in the order of insertion, whatever the task they were inserted in.
  var PER_TASK = 2;
  function load() {
    var tags = [];
    scripts.preload.forEach(function (hint) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = hint.as;
      link.href = hint.href;
      if (hint.crossorigin) link.crossOrigin = hint.crossorigin;
      tags.push(link);
    });
    scripts.run.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      tags.push(script);
    });
    (function insert(from) {
      tags.slice(from, from + PER_TASK).forEach(function (tag) {
        document.head.appendChild(tag);
      });
      if (from + PER_TASK < tags.length) setTimeout(insert, 0, from + PER_TASK);
    })(0);
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
