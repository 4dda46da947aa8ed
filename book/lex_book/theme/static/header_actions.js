/*
 * Lex Maritima: the article header's print and full-screen buttons (templates/article-header-buttons.html), bound
 * here rather than by inline onclick attributes, which a strict Content-Security-Policy refuses.
 */
(function () {
  "use strict";
  var ACTIONS = {
    "window.print()": function () { window.print(); },
    "toggleFullScreen()": function () { if (typeof window.toggleFullScreen === "function") window.toggleFullScreen(); },
  };
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-lm-action]");
    if (!button) return;
    var action = ACTIONS[button.getAttribute("data-lm-action")];
    if (action) { event.preventDefault(); action(); }
  });
})();
