// Guestspot (decision 077): a page the site's server rendered is painted from its HTML and styles
// first; its scripts are fetched after that first paint, from the list the server wrote in
// <script type="application/json" id="gs-scripts"> (shell/server/page-hints.mjs afterPaint), so
// that a phone's bandwidth goes to the styles and the page's images before the scripts.
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
  // A tab opened in the background paints nothing (and runs no frames): it loads them at once.
  if (document.visibilityState === 'hidden') return load();
  // The frame that paints the page, then the task after that paint.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
})();
