/* A page printed (book/lex_book/theme/print_handout.py): its footer and the foot of every printed page carry the
   page's full address, unknown when the page was written, and the day it is printed; a page shown dark is printed
   light (paper is white). Nothing is fetched; no inline handler. */
(function () {
  "use strict";

  function address() {
    return window.location.href.split("#")[0];
  }

  function today() {
    var now = new Date();
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return now.getFullYear() + "-" + two(now.getMonth() + 1) + "-" + two(now.getDate());
  }

  function cssString(text) {
    return '"' + text.replace(/[\\"<]/g, function (c) { return "\\" + c.charCodeAt(0).toString(16) + " "; }) + '"';
  }

  function fill() {
    var footer = document.querySelector("footer.lm-print-footer");
    if (!footer) return;
    var url = footer.querySelector(".lm-print-url");
    if (url && !/^https?:/.test(url.textContent) && /^https?:$/.test(window.location.protocol)) url.textContent = address();
    var printed = footer.querySelector(".lm-print-printed");
    if (printed) printed.textContent = "; printed on " + today();
    var page = document.getElementById("lm-print-page");
    if (page) {
      var foot = footer.getAttribute("data-lm-cite") + " · built " + footer.getAttribute("data-lm-built") +
        " · " + (url ? url.textContent : address());
      page.textContent = "@page { @bottom-left { content: " + cssString(foot) + "; } }";
    }
  }

  /* What a handout must show that a screen keeps folded: the law beside a calculator. */
  var UNFOLD = ".bd-article details.lm-law:not([open])";
  var shown = null;
  var opened = [];
  function light() {
    shown = document.documentElement.dataset.theme;
    fill();
    if (shown === "dark") document.documentElement.dataset.theme = "light";
    opened = Array.prototype.slice.call(document.querySelectorAll(UNFOLD));
    opened.forEach(function (details) { details.open = true; });
  }
  function back() {
    if (shown === "dark") document.documentElement.dataset.theme = shown;
    shown = null;
    opened.forEach(function (details) { details.open = false; });
    opened = [];
  }

  window.addEventListener("beforeprint", light);
  window.addEventListener("afterprint", back);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill);
  else fill();
})();
