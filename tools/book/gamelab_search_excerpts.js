// The search results' excerpts, made from the page text written at build
// time (_static/gamelab_page_text.js, see tools/book/gamelab_search.py)
// instead of fetching every page: it works from a web server and from the
// folder opened on disk (file://) alike.
(function () {
  "use strict";
  var WIDTH = 240;

  function terms() {
    var q = new URLSearchParams(window.location.search).get("q") || "";
    return q.toLowerCase().split(/\s+/).filter(function (t) { return t.length > 0; });
  }

  function docname(href) {
    var path = href.split("#")[0].split("?")[0];
    var root = document.documentElement.dataset.content_root || "";
    var base = new URL(root || "./", window.location.href).href;
    if (path.indexOf(base) === 0) { path = path.slice(base.length); }
    return decodeURIComponent(path.replace(/\.html$/, "").replace(/\/$/, "/index"));
  }

  function excerpt(text, words) {
    var lower = text.toLowerCase();
    var at = -1;
    words.forEach(function (w) {
      var i = lower.indexOf(w);
      if (i > -1 && (at < 0 || i < at)) { at = i; }
    });
    var start = Math.max((at < 0 ? 0 : at) - WIDTH / 2, 0);
    var head = start === 0 ? "" : "…";
    var tail = start + WIDTH < text.length ? "…" : "";
    return head + text.substr(start, WIDTH).trim() + tail;
  }

  function addExcerpt(item, words) {
    var link = item.querySelector("a");
    var texts = window.GAMELAB_PAGE_TEXT || {};
    if (!link || item.querySelector("p.context")) { return; }
    var text = texts[docname(link.href)];
    if (!text) { return; }
    var p = document.createElement("p");
    p.className = "context";
    p.textContent = excerpt(text, words);
    item.appendChild(p);
    if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED &&
        typeof _highlightText === "function") {
      words.forEach(function (w) { _highlightText(p, w, "highlighted"); });
    }
  }

  function watch() {
    var results = document.getElementById("search-results");
    if (!results) { return; }
    var words = terms();
    var scan = function () {
      results.querySelectorAll("ul.search > li").forEach(function (li) { addExcerpt(li, words); });
    };
    new MutationObserver(scan).observe(results, { childList: true, subtree: true });
    scan();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }
})();
