// early.js -- the page's look before its first paint: a classic, blocking script in <head>
// (index.html loads it from a file, so 'self' in a strict CSP allows it; silk-embed.html
// inlines it under its hash). It reads the URL as params.mjs will and sets, on <html>:
//   class "embed"             ?embed=1 (silk-embed.html: unless ?embed=0): no header, no
//                             dashboard, the canvas filling the frame, from the first paint
//   data-theme                "dark" | "light" (?theme=, auto: prefers-color-scheme, page: a
//                             same-origin frame's parent page, roughly; page-theme.mjs exactly)
//   data-background           ?background=transparent
//   class "js"                scripts run (silk-embed.html hides its CSP message with it)
// Without it the page painted its light header and a white canvas, then the modules switched
// to the embed's dark frame: a white flash in a dark post and a layout shift in the frame.
// app.mjs applies the same settings again once the modules have loaded (and validates them).
(function () {
  var html = document.documentElement;
  var q = new URLSearchParams(location.search);
  var get = function (name) { var v = q.get(name); return v === null ? null : v.trim(); };
  var e = get('embed');
  var embed = e === '1' || e === 'true' || (e === null && html.getAttribute('data-embed') === 'default');
  html.classList.add('js');
  if (embed) html.classList.add('embed');
  var theme = get('theme');
  var system = !!window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = theme === 'dark' || ((theme === 'auto' || theme === 'page') && system);
  if (theme === 'page') { // a same-origin frame: the first opaque background around the <iframe>
    try {
      for (var n = window.frameElement; n; n = n.parentElement) {
        var m = /rgba?\(([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?/.exec(n.ownerDocument.defaultView.getComputedStyle(n).backgroundColor);
        if (m && (m[4] === undefined || +m[4] >= 0.5)) { dark = 0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3] < 118; break; }
      }
    } catch (err) { /* another origin: as auto */ }
  }
  html.setAttribute('data-theme', dark ? 'dark' : 'light');
  if (get('background') === 'transparent') html.setAttribute('data-background', 'transparent');
})();
