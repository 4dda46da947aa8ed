/* The statute reader's controls (book/_ext/statute_reader.py, akn_render.py, note_nodes.py). Nothing is fetched.

   1. One ¶ menu per provision: every numbered provision has a permalink
        <a class="akn-permalink" href="#eId" aria-label="Link to s. 161(1)" data-akn-cite="s. 161(1)">¶</a>
      (a plain link without this script), set at the end of its first line (statute_reader.css) so that it never
      stands between a number and its words. This script makes it open one small menu, shared by the page: the full
      citation, the document's title (once in the page: <span id="akn-work" data-akn-title="Merchant Shipping
      Ordinance, 2001" hidden>) and the provision's ("Merchant Shipping Ordinance, 2001, s. 161(1)"), with "Copy
      citation", "Copy link" (the page's address with the provision's anchor) and "Go to" (the anchor). Escape, a
      click elsewhere or a second tap on the ¶ closes it; what was copied is said in a live region.
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

  function button(text, action) {
    var made = document.createElement("button");
    made.type = "button";
    made.textContent = text;
    made.setAttribute("data-akn-copy", action);
    return made;
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

    var menu = document.createElement("div");
    menu.className = "akn-cite-menu";
    menu.id = "akn-cite-menu";
    menu.hidden = true;
    menu.setAttribute("role", "dialog");
    var text = document.createElement("p");
    text.className = "akn-cite-menu-text";
    text.id = "akn-cite-menu-text";
    menu.setAttribute("aria-labelledby", text.id);
    var copyCite = button("Copy citation", "cite");
    var copyLink = button("Copy link", "link");
    var go = document.createElement("a");
    go.className = "akn-cite-menu-go";
    var actions = document.createElement("p");
    actions.className = "akn-cite-menu-actions";
    actions.append(copyCite, copyLink, go);
    menu.append(text, actions);
    document.body.appendChild(menu);
    var opener = null;

    function close(refocus) {
      if (!opener) return;
      opener.setAttribute("aria-expanded", "false");
      if (refocus) opener.focus();
      opener = null;
      menu.hidden = true;
    }

    function place(link) {
      var box = link.getBoundingClientRect();
      var width = Math.min(menu.offsetWidth, document.documentElement.clientWidth - 16);
      var left = Math.max(8, Math.min(box.right - width, document.documentElement.clientWidth - width - 8));
      menu.style.left = left + window.scrollX + "px";
      menu.style.top = box.bottom + window.scrollY + 4 + "px";
    }

    function open(link) {
      var cite = (title ? title + ", " : "") + link.getAttribute("data-akn-cite");
      var href = link.getAttribute("href");
      opener = link;
      text.textContent = cite;
      menu.setAttribute("data-akn-cite", cite);
      menu.setAttribute("data-akn-link", window.location.href.split("#")[0] + href);
      go.href = href;
      go.textContent = "Go to " + link.getAttribute("data-akn-cite");
      copyCite.textContent = "Copy citation";
      copyLink.textContent = "Copy link";
      link.setAttribute("aria-expanded", "true");
      menu.hidden = false;
      place(link);
      copyCite.focus();
    }

    links.forEach(function (link) {
      var label = link.getAttribute("data-akn-cite");
      link.setAttribute("role", "button");
      link.setAttribute("aria-haspopup", "dialog");
      link.setAttribute("aria-expanded", "false");
      link.setAttribute("aria-controls", menu.id);
      link.setAttribute("aria-label", "Cite or link " + label);
      link.addEventListener("click", function (event) {
        event.preventDefault();
        if (opener === link) close(true);
        else open(link);
      });
      link.addEventListener("keydown", function (event) {
        if (event.key === " ") {
          event.preventDefault();
          link.click();
        }
      });
    });

    menu.addEventListener("click", function (event) {
      var target = event.target.closest("[data-akn-copy]");
      if (target) {
        var what = target.getAttribute("data-akn-copy");
        var value = menu.getAttribute(what === "cite" ? "data-akn-cite" : "data-akn-link");
        copyText(value).then(
          function () {
            target.textContent = "Copied";
            status.textContent = "Copied: " + value;
          },
          function () {
            target.textContent = "Copy failed";
            status.textContent = "Could not copy; it reads " + value;
          }
        );
      } else if (event.target === go) {
        close(false);
      }
    });
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape") close(true);
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && opener) close(true);
    });
    document.addEventListener("click", function (event) {
      if (opener && !menu.contains(event.target) && event.target !== opener) close(false);
    });
    menu.addEventListener("focusout", function (event) {
      if (opener && event.relatedTarget && !menu.contains(event.relatedTarget) && event.relatedTarget !== opener) {
        close(false);
      }
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
