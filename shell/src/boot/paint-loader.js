// The page's only script tag (emitted by the shell build as /paint-loader.<hash>.js; shell/webpack.config.js puts it
// in <head> with the shell's entry in data-main). Issue 31: on a page the server painted (#root[data-first-paint]),
// the browser's first frame must not wait for the shell's scripts. A deferred script that is already downloaded runs
// as soon as the parser is done, before Chromium's first frame, and its work (boot, hydration) holds that frame
// back. So the entry is added here only after the first frame: requestAnimationFrame runs just before a frame is
// drawn, a task queued from it runs after that frame. A page with nothing painted (no server render, a dev server)
// loads the entry at once: its first frame is the script's. A file, not an inline script: the page's CSP has no
// 'unsafe-inline'.
// The entry's chunks (data-preload) are preloaded from here, with the entry: on a painted page the server takes their
// <link rel=preload> out of the head, because fetching and parsing them (V8 parses on a background thread) competed
// with the stylesheets and the first frame on two cores (docs/ARCHITECTURE.md, "Scripts after the first paint").
(function () {
  var me = document.currentScript;
  var src = me && me.getAttribute('data-main');
  if (!src) return;
  var chunks = (me.getAttribute('data-preload') || '').split(' ');
  function load() {
    for (var i = 0; i < chunks.length; i++) {
      if (!chunks[i] || document.querySelector('link[rel=preload][href="' + chunks[i] + '"]')) continue;
      var l = document.createElement('link');
      l.rel = 'preload';
      l.as = 'script';
      l.href = chunks[i];
      document.head.appendChild(l);
    }
    var s = document.createElement('script');
    s.src = src;
    document.head.appendChild(s);
  }
  var root = document.getElementById('root');
  var painted = root && root.hasAttribute('data-first-paint');
  // The server paints for a signed-out visitor; with a stored session (lib/session-key.ts) the shell will show another
  // page, so it should come as soon as it can rather than after a frame of the painted one.
  var stored = false;
  try {
    stored = !!localStorage.getItem('lendline.session');
  } catch (e) {
    stored = false;
  }
  // A hidden page draws no frame (requestAnimationFrame would wait until it is shown): nothing to wait for.
  if (!painted || stored || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
