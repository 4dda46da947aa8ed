/* The statute reader's controls (book/_ext/statute_reader.py, akn_render.py, note_nodes.py). Nothing is fetched.

   1. "Copy citation": every numbered provision has a permalink
        <a class="akn-permalink" href="#eId" aria-label="Link to s. 161(1)" data-akn-cite="s. 161(1)">¶</a>
      and this script adds right after it a button whose data-akn-cite is the full citation, the document's title
      (once in the page: <span id="akn-work" data-akn-title="Merchant Shipping Ordinance, 2001" hidden>) and the
      provision's ("Merchant Shipping Ordinance, 2001, s. 161(1)"), which it copies to the clipboard, and says so.
   2. Moved sections: a Part's or Chapter's page holds <script type="application/json" id="akn-moved"> mapping each of
      its sections' eIds to the section's page. A link into the Part from before sections had pages of their own
      (part-iv.html#part_IV__chp_11__sec_161__subsec_1) is sent on to that page and anchor.
   3. Notes: every note starts closed (a phone shows one line per note); on a wide screen the short notes written for
      the reader (details.lm-note-open-wide) are opened. */
(function () {
  "use strict";

  var WIDE = "(min-width: 60em)";

  function moved() {
    var table = document.getElementById("akn-moved");
    var hash = decodeURIComponent(window.location.hash.slice(1));
    if (!table || !hash || document.getElementById(hash)) return;
    var pages;
    try {
      pages = JSON.parse(table.textContent);
    } catch (error) {
      return;
    }
    var eid = hash;
    while (eid) {
      if (Object.prototype.hasOwnProperty.call(pages, eid)) {
        window.location.replace(pages[eid] + "#" + encodeURIComponent(hash));
        return;
      }
      var cut = eid.lastIndexOf("__");
      eid = cut > 0 ? eid.slice(0, cut) : "";
    }
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var done = false;
      try {
        done = document.execCommand("copy");
      } catch (error) {
        done = false;
      }
      document.body.removeChild(area);
      if (done) resolve();
      else reject(new Error("copy refused"));
    });
  }

  function citations() {
    var links = document.querySelectorAll("a.akn-permalink[data-akn-cite]");
    if (!links.length) return;
    var work = document.getElementById("akn-work");
    var title = work ? work.getAttribute("data-akn-title") : "";
    var status = document.createElement("p");
    status.className = "akn-visually-hidden";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    document.body.appendChild(status);
    links.forEach(function (link) {
      var cite = (title ? title + ", " : "") + link.getAttribute("data-akn-cite");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "akn-cite";
      button.textContent = "Cite";
      button.setAttribute("data-akn-cite", cite);
      button.setAttribute("aria-label", "Cite " + cite + " (copy the citation)"); // starts with the visible word
      button.addEventListener("click", function () {
        copyText(cite).then(
          function () {
            button.textContent = "Copied";
            status.textContent = "Copied: " + cite;
          },
          function () {
            button.textContent = "Copy failed";
            status.textContent = "Could not copy; the citation is " + cite;
          }
        );
        window.setTimeout(function () {
          button.textContent = "Cite";
        }, 2000);
      });
      link.insertAdjacentElement("afterend", button);
    });
  }

  function notes() {
    if (!window.matchMedia || !window.matchMedia(WIDE).matches) return;
    document.querySelectorAll("details.lm-note-open-wide").forEach(function (note) {
      note.open = true;
    });
  }

  /* A wide table (the s.256 penalty Table) as a card per item on a phone (statute_reader.css, below 40em): each
     cell is labelled with its column's heading, taken from the table's first heading row. A row whose cells do not
     fill the columns one by one (a spanning sub-row) is left as it is. */
  function cards() {
    document.querySelectorAll("table.akn-table-wide").forEach(function (table) {
      var heading = table.querySelector("thead tr");
      if (!heading) return;
      var names = Array.prototype.map.call(heading.children, function (cell) { return cell.textContent.trim(); });
      table.querySelectorAll("tbody tr").forEach(function (row) {
        var cells = Array.prototype.filter.call(row.children, function (cell) { return cell.tagName === "TD"; });
        if (cells.length !== names.length) return;
        cells.forEach(function (cell, index) { cell.setAttribute("data-label", names[index]); });
      });
      table.classList.add("akn-cards");
    });
  }

  /* A long list gets a jump list at its top: a statute's contents page its Parts (or Chapters), the glossary its
     letters A–Z. Each target gets an id; the list is a <nav> of links, wrapping on a phone. */
  function jumpList(label, targets, before) {
    if (targets.length < 3 || !before) return;
    var nav = document.createElement("nav");
    nav.className = "akn-jump";
    nav.setAttribute("aria-label", label);
    var title = document.createElement("span");
    title.className = "akn-jump-title";
    title.textContent = label + ":";
    nav.appendChild(title);
    targets.forEach(function (target) {
      var link = document.createElement("a");
      link.href = "#" + target.id;
      link.textContent = target.label;
      nav.appendChild(link);
    });
    before.parentNode.insertBefore(nav, before);
  }

  function jumps() {
    var contents = document.querySelector("ul.akn-contents");
    if (contents) {
      var parts = Array.prototype.filter.call(contents.children, function (item) { return item.tagName === "LI"; });
      jumpList("Jump to", parts.map(function (item, index) {
        var link = item.querySelector("a");
        item.id = item.id || "contents-" + (index + 1);
        return { id: item.id, label: link ? link.textContent.split(" — ")[0] : String(index + 1) };
      }), contents);
    }
    var glossary = document.querySelector("dl.statute-glossary");
    if (glossary) {
      var letters = [];
      glossary.querySelectorAll(":scope > dt").forEach(function (term) {
        var letter = term.textContent.trim().charAt(0).toUpperCase();
        if (!/[A-Z]/.test(letter) || letters.some(function (l) { return l.label === letter; })) return;
        term.id = term.id || "letter-" + letter;
        letters.push({ id: term.id, label: letter });
      });
      jumpList("Terms from", letters, glossary);
    }
  }

  function init() {
    moved();
    citations();
    notes();
    cards();
    jumps();
  }

  window.addEventListener("hashchange", moved);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
