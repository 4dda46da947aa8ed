/* "Print the whole Act" on a statute's contents page (book/lex_book/reader/statute_print.py). The page holds the
   statute's print plan, written by the build from the corpus's page map:
     <div class="lm-print-statute" data-lm-kind="Act" hidden><button>…</button>…
       <script type="application/json" class="lm-print-statute-plan">[{"h": "Part IV — SEAMEN", "l": 1},
         ["section-161.html#part_IV__chp_11__sec_161", 2], {"p": "the-schedule.html#att_1", "l": 0, "k": "attachment"},
         {"p": "chapter-vii.html", "ids": ["chp_VII__hcontainer_1"], "l": 1}, …]</script></div>
   A click fetches those pages of the site (six at a time, put together in the plan's order; "12 of 452 sections"
   as they come), takes from each the law it shows into a container on this page (its Parts' and Chapters' headings
   from the plan) and calls window.print(). A page that cannot be had (a 404, or offline and not saved) stops it:
   the message says which and what to do, and nothing is printed. Offline, the service worker answers from the
   pages it kept. No inline handler; nothing from another site. */
(function () {
  "use strict";

  var AT_ONCE = 6; // pages fetched at the same time: what a browser asks of one HTTP/1.1 host at once
  /* What a section's page shows that is not the law: dropped from the printed statute (its notes, amendment history
     and tables stay). */
  var NOT_LAW = [
    ".lm-status", ".akn-breadcrumb", ".akn-cite-line", ".akn-calculators", ".akn-pager", "#akn-work",
    ".toctree-wrapper", "a.headerlink", "a.akn-permalink", "script", "footer", ".akn-definitions", "button",
  ].join(",");

  function heading(level, text, className) {
    var h = document.createElement("h" + Math.min(6, Math.max(2, level)));
    h.className = className;
    h.textContent = text;
    return h;
  }

  function pageOf(entry) {
    if (Array.isArray(entry)) return { url: entry[0], depth: entry[1], kind: "section" };
    if (entry.p) return { url: entry.p, depth: entry.l, kind: entry.k || "division", ids: entry.ids };
    return null;
  }

  /* The law a fetched page shows, as nodes of this document; null if the page is not the one planned. */
  function lawOf(html, page) {
    // only the page's article is parsed: the rest of a section's page (its sidebar's table of contents) is most of
    // its weight, and parsing it 452 times was most of the time taken
    var start = html.indexOf("<article");
    var end = html.lastIndexOf("</article>");
    if (start >= 0 && end > start) html = "<!DOCTYPE html><html><body>" + html.slice(start, end + 10) + "</body></html>";
    var doc = new DOMParser().parseFromString(html, "text/html");
    var anchor = decodeURIComponent(page.url.split("#")[1] || "");
    var out = document.createElement("div");
    if (page.ids) {
      for (var i = 0; i < page.ids.length; i++) {
        var part = doc.getElementById(page.ids[i]);
        if (!part) return null;
        out.appendChild(document.importNode(part, true));
      }
      return out;
    }
    var article = doc.querySelector("article.bd-article");
    var main = article && article.querySelector("section");
    if (!main || (anchor && !doc.getElementById(anchor))) return null;
    Array.prototype.forEach.call(main.querySelectorAll(NOT_LAW), function (el) {
      el.parentNode.removeChild(el);
    });
    var title = main.querySelector("h1");
    if (title) title.parentNode.removeChild(title);
    var section = document.createElement("section");
    section.className = "lm-ps-page lm-ps-" + page.kind;
    if (anchor) section.setAttribute("data-eid", anchor);
    var level = page.kind === "attachment" ? 2 : page.depth + 2;
    if (title) section.appendChild(heading(level, title.textContent.trim(), "lm-ps-title"));
    Array.prototype.forEach.call(main.childNodes, function (node) {
      section.appendChild(document.importNode(node, true));
    });
    // the notes a section's page opens on a wide screen (written for the reader) print; folded ones do not, as there
    Array.prototype.forEach.call(section.querySelectorAll("details.lm-note-open-wide"), function (details) {
      details.open = true;
    });
    return section;
  }

  function say(status, text, failed) {
    status.textContent = text;
    status.classList.toggle("lm-print-statute-failed", !!failed);
    status.setAttribute("role", failed ? "alert" : "status");
  }

  function setUp(box) {
    var plan;
    try {
      plan = JSON.parse(box.querySelector("script.lm-print-statute-plan").textContent);
    } catch (error) {
      return;
    }
    var button = box.querySelector("button.lm-print-statute-button");
    var status = box.querySelector(".lm-print-statute-status");
    var kind = box.getAttribute("data-lm-kind") || "statute";
    var pages = plan.map(pageOf).filter(Boolean);
    var onlySections = pages.every(function (p) { return p.kind === "section"; });
    var noun = onlySections ? "sections" : "pages";
    var assembled = null;
    var running = false;
    box.hidden = false;

    function where(page) {
      return page.url.split("#")[0];
    }

    function failure(page, reason) {
      var what = reason === "offline"
        ? " is not saved on this device, and there is no connection. Connect to the internet and press"
        : (reason === "missing"
          ? " is not the page expected (the site may have changed since this page was opened). Reload this page and press"
          : " could not be fetched (the site answered " + reason.trim() + "). Reload this page and press");
      return "Nothing was printed: " + where(page) + what + " “Print the whole " + kind + "” again. Nothing is" +
        " printed until all " + pages.length + " " + noun + " can be read.";
    }

    function gather() {
      return new Promise(function (resolve, reject) {
        var results = new Array(pages.length);
        var next = 0;
        var done = 0;
        var stopped = false;
        function one() {
          if (stopped || next >= pages.length) return;
          var index = next++;
          var page = pages[index];
          fetch(where(page), { credentials: "same-origin" })
            .then(
              function (response) {
                if (!response.ok) throw { reason: response.status + " " + (response.statusText || "") };
                return response.text();
              },
              function () { throw { reason: "offline" }; }
            )
            .then(function (html) {
              if (stopped) return;
              var law = lawOf(html, page);
              if (!law) throw { reason: "missing" };
              results[index] = law;
              done++;
              say(status, "Gathering the " + kind + ": " + done + " of " + pages.length + " " + noun + "…");
              if (done === pages.length) resolve(results);
              else one();
            })
            .catch(function (error) {
              if (stopped) return;
              stopped = true;
              reject(failure(page, (error && error.reason) || "offline"));
            });
        }
        say(status, "Gathering the " + kind + ": 0 of " + pages.length + " " + noun + "…");
        for (var i = 0; i < Math.min(AT_ONCE, pages.length); i++) one();
        if (!pages.length) resolve(results);
      });
    }

    function assemble(results) {
      var holder = document.createElement("div");
      holder.className = "lm-statute-print";
      holder.id = "lm-statute-print";
      var at = 0;
      var seen = Object.create(null);
      results.forEach(function (law) { // an id every section's page has (its history's) is kept once
        Array.prototype.forEach.call(law.querySelectorAll("[id]"), function (el) {
          if (seen[el.id] || document.getElementById(el.id)) el.removeAttribute("id");
          else seen[el.id] = true;
        });
      });
      plan.forEach(function (entry) {
        if (pageOf(entry)) {
          var law = results[at++];
          if (law.tagName === "SECTION") holder.appendChild(law);
          else while (law.firstChild) holder.appendChild(law.firstChild);
        } else {
          holder.appendChild(heading(entry.l + 1, entry.h, entry.c ? "lm-ps-crossheading" : "lm-ps-division"));
        }
      });
      var contents = document.getElementById("contents");
      var old = document.getElementById("lm-statute-print");
      if (old) old.parentNode.removeChild(old);
      if (contents) contents.parentNode.insertBefore(holder, contents);
      else box.parentNode.appendChild(holder);
      document.documentElement.classList.add("lm-statute-assembled");
      return holder;
    }

    button.addEventListener("click", function () {
      if (running) return;
      if (assembled) {
        window.print();
        return;
      }
      running = true;
      button.disabled = true;
      var started = Date.now();
      gather()
        .then(function (results) {
          assembled = assemble(results);
          var seconds = ((Date.now() - started) / 1000).toFixed(1);
          // a browser may refuse a print dialog the tap did not open itself (the gathering took too long): the
          // button, pressed again, prints at once
          say(status, "The whole " + kind + " is ready to print: " + pages.length + " " + noun + " gathered in " +
            seconds + " s. If no print dialog opened, press “Print the whole " + kind + "” again.");
          box.setAttribute("data-lm-assembled-ms", String(Date.now() - started));
          window.print();
        }, function (message) {
          say(status, message, true);
        })
        .then(function () {
          running = false;
          button.disabled = false;
        });
    });
  }

  function start() {
    if (!window.fetch || !window.DOMParser || !window.Promise) return;
    Array.prototype.forEach.call(document.querySelectorAll(".lm-print-statute"), setUp);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
