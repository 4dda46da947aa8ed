/* A defined term's definition in a popover (book/_ext/definition_popover.py).

   Each page holds the definitions its terms link to once, in a hidden block:
     <div class="akn-definitions" hidden>
       <p data-akn-href="part-i.html#…" data-akn-source="…, s. 2(47)">text</p>
     </div>
   A term is a link to its definition (a.akn-term, same href). A tap, a click, Enter or Space on it opens the popover:
   the term, the definition's text, any editorial remark of the clause (data-akn-remark: "Editorial correction: the
   source reads …") as a labelled note apart from the text, and a link to the clause. Escape, the close button, a tap elsewhere or moving the
   focus out of it closes it, and the focus returns to the term when the popover had it. A click with a modifier key
   (a new tab) and a page without JavaScript follow the link as before. Nothing is fetched. */
(function () {
  "use strict";

  var ID = "akn-term-popover";
  var GAP = 6; // px between the term and the popover
  var MARGIN = 8; // px kept free at the edges of the window
  var popover, title, text, remark, remarkLabel, remarkText, link, closeButton;
  var current = null; // the term whose definition is open

  function definitions() {
    var found = new Map();
    document.querySelectorAll(".akn-definitions [data-akn-href]").forEach(function (p) {
      if (!found.has(p.getAttribute("data-akn-href"))) found.set(p.getAttribute("data-akn-href"), p);
    });
    return found;
  }

  function build() {
    popover = document.createElement("div");
    popover.id = ID;
    popover.className = "akn-term-popover";
    popover.setAttribute("role", "dialog");
    popover.setAttribute("aria-labelledby", ID + "-title");
    popover.tabIndex = -1;
    popover.hidden = true;
    popover.innerHTML =
      '<div class="akn-term-popover-head">' +
      '<span class="akn-term-popover-title" id="' + ID + '-title"></span>' +
      '<button type="button" class="akn-term-popover-close" aria-label="Close the definition">\u00d7</button>' +
      "</div>" +
      '<p class="akn-term-popover-text"></p>' +
      '<p class="akn-term-popover-remark" hidden><span class="akn-term-popover-remark-label"></span> ' +
      '<span class="akn-term-popover-remark-text"></span></p>' +
      '<p class="akn-term-popover-source"><a class="akn-term-popover-link"></a></p>';
    title = popover.querySelector(".akn-term-popover-title");
    text = popover.querySelector(".akn-term-popover-text");
    remark = popover.querySelector(".akn-term-popover-remark");
    remarkLabel = popover.querySelector(".akn-term-popover-remark-label");
    remarkText = popover.querySelector(".akn-term-popover-remark-text");
    link = popover.querySelector(".akn-term-popover-link");
    closeButton = popover.querySelector(".akn-term-popover-close");
    document.body.appendChild(popover);

    closeButton.addEventListener("click", function () {
      close(true);
    });
    link.addEventListener("click", function () {
      close(false); // the browser follows the link (to this page's anchor or another page)
    });
    popover.addEventListener("keydown", function (event) {
      if (event.key !== "Tab") return;
      var active = document.activeElement;
      if (event.shiftKey ? active === closeButton || active === popover : active === link) {
        // leaving the popover: back to the term (Shift+Tab), or on from the term in the page's own order (Tab)
        var term = current;
        close(true);
        if (event.shiftKey || document.activeElement !== term) event.preventDefault();
      }
    });
    popover.addEventListener("focusout", function (event) {
      var to = event.relatedTarget;
      if (current && to && !popover.contains(to) && to !== current) close(false);
    });
  }

  function place() {
    if (!current) return;
    var rects = current.getClientRects();
    var first = rects[0] || current.getBoundingClientRect();
    var last = rects[rects.length - 1] || first;
    var width = document.documentElement.clientWidth;
    var height = window.innerHeight;
    var box = popover.getBoundingClientRect();
    var left = Math.max(MARGIN, Math.min(first.left, width - box.width - MARGIN));
    var top = last.bottom + GAP;
    if (top + box.height > height - MARGIN && first.top - GAP - box.height >= MARGIN) {
      top = first.top - GAP - box.height; // no room below the term, room above it
    }
    popover.style.left = left + window.scrollX + "px";
    popover.style.top = top + window.scrollY + "px";
  }

  function open(term, definition) {
    if (current && current !== term) current.setAttribute("aria-expanded", "false");
    current = term;
    title.textContent = term.textContent;
    text.textContent = definition.textContent;
    var note = definition.getAttribute("data-akn-remark") || "";
    var colon = note.indexOf(":");
    var labelled = colon > 0 && colon < 40; // "Editorial correction: the source reads …"
    remarkLabel.textContent = labelled ? note.slice(0, colon) + ":" : "Editorial note:";
    remarkText.textContent = labelled ? note.slice(colon + 1).trim() : note;
    remark.hidden = !note;
    link.href = term.getAttribute("href");
    link.textContent = "Defined in " + definition.getAttribute("data-akn-source") + " \u2192";
    popover.hidden = false;
    term.setAttribute("aria-expanded", "true");
    place();
    popover.focus({ preventScroll: true });
  }

  function close(returnFocus) {
    if (!current) return;
    var term = current;
    current = null;
    popover.hidden = true;
    term.setAttribute("aria-expanded", "false");
    if (returnFocus) term.focus({ preventScroll: true });
  }

  function toggle(term, definition) {
    if (current === term) close(true);
    else open(term, definition);
  }

  function init() {
    var found = definitions();
    if (!found.size) return;
    var terms = [];
    document.querySelectorAll("a.akn-term[href]").forEach(function (term) {
      var definition = found.get(term.getAttribute("href"));
      if (!definition) return;
      terms.push(term);
      term.setAttribute("role", "button");
      term.setAttribute("aria-haspopup", "dialog");
      term.setAttribute("aria-expanded", "false");
      term.setAttribute("aria-controls", ID);
      term.addEventListener("click", function (event) {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        toggle(term, definition);
      });
      term.addEventListener("keydown", function (event) {
        if (event.key === " " || event.key === "Spacebar") {
          event.preventDefault(); // a button opens on Space too (Enter is the link's own click)
          toggle(term, definition);
        }
      });
    });
    if (!terms.length) return;
    build();
    document.addEventListener("keydown", function (event) {
      if (current && (event.key === "Escape" || event.key === "Esc")) {
        event.preventDefault();
        close(true);
      }
    });
    document.addEventListener("click", function (event) {
      if (current && !popover.contains(event.target) && !current.contains(event.target)) {
        if (!event.target.closest || !event.target.closest("a.akn-term")) close(false);
      }
    });
    window.addEventListener("resize", place);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
