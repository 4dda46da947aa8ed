/*
 * Lex Maritima: a "Run live" control beside each calculator of a topic page, and "Open in JupyterLab".
 *
 * A code cell whose source calls calculator("<document>/<provision>") gets the two controls. "Run live" opens the
 * lite site's REPL (lite/repl/, built by lite/build.py) in a frame under the cell and runs the same call there, with
 * lex_maritima_live.calculator: Python in the reader's browser (Pyodide). Nothing of Pyodide is fetched before the
 * click. A change to the static calculator's controls greys its result and says that it is not recalculated there.
 * The static calculator stays until the live one is on screen; if it cannot start (no WebAssembly, an error,
 * a time-out) the static calculator and the page's worked examples stay, and the control says why.
 * "Open in JupyterLab" opens the page's notebook (lite/files/chapters/<page>.ipynb) in the lite lab.
 */
(function () {
  "use strict";

  var CALL = /\bcalculator\(\s*["']([a-z0-9-]+\/[a-z0-9-]+)["']/;
  var START_TIMEOUT_MS = 180000;
  var POLL_MS = 250;

  function siteRoot() {
    var root = document.documentElement.dataset.content_root;
    return new URL(root === undefined ? "./" : root, window.location.href);
  }

  /* "book/chapters/wages-on-wreck" for this page, relative to the book's root. */
  function pageName() {
    var path = window.location.pathname;
    var rootPath = siteRoot().pathname;
    var name = path.indexOf(rootPath) === 0 ? path.slice(rootPath.length) : path;
    return decodeURIComponent(name.replace(/\.html$/, "").replace(/\/$/, "/index"));
  }

  function liteUrl(path) {
    return new URL("lite/" + path, siteRoot()).href;
  }

  function replUrl(source) {
    var params = new URLSearchParams({
      kernel: "python",
      toolbar: "0",
      showBanner: "0",
      hideCodeInput: "1",
      execute: "1",
    });
    params.set("code", "from lex_maritima_live import calculator\n" + source);
    return liteUrl("repl/index.html?" + params.toString());
  }

  function labUrl() {
    var match = /^book\/chapters\/([^/]+)$/.exec(pageName());
    return match ? liteUrl("lab/index.html?path=chapters/" + encodeURIComponent(match[1]) + ".ipynb") : null;
  }

  function say(bar, text, state) {
    var status = bar.querySelector(".lm-live-status");
    status.textContent = text;
    bar.dataset.state = state;
  }

  function liveCalculator(frame) {
    try {
      return frame.contentDocument && frame.contentDocument.querySelector(".lm-calculator");
    } catch (error) {
      return null;
    }
  }

  function fit(frame, calculator) {
    var height = Math.ceil(calculator.getBoundingClientRect().bottom) + 48;
    frame.style.height = Math.max(320, Math.min(height, 2400)) + "px";
  }

  function start(cell, bar, source) {
    var button = bar.querySelector("button");
    button.disabled = true;
    say(bar, "Starting Python in your browser (about 25 MB the first time; cached after)…", "loading");
    var frame = document.createElement("iframe");
    frame.className = "lm-live-frame";
    frame.title = "Live calculator (Python in your browser)";
    frame.src = replUrl(source);
    cell.appendChild(frame);
    var started = Date.now();
    var timer = window.setInterval(function () {
      var calculator = liveCalculator(frame);
      if (calculator) {
        window.clearInterval(timer);
        var output = cell.querySelector(".cell_output");
        if (output) output.hidden = true;
        frame.classList.add("lm-live-ready");
        fit(frame, calculator);
        new ResizeObserver(function () {
          fit(frame, calculator);
        }).observe(calculator);
        say(bar, "Live: change any fact and the result is worked out again in your browser.", "live");
      } else if (Date.now() - started > START_TIMEOUT_MS) {
        window.clearInterval(timer);
        frame.remove();
        button.disabled = false;
        say(bar, "The live calculator did not start; the calculator and worked examples on this page still apply.",
            "failed");
      }
    }, POLL_MS);
  }

  function controls(cell, source) {
    var bar = document.createElement("div");
    bar.className = "lm-live";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "lm-live-run";
    button.textContent = "Run live";
    var status = document.createElement("span");
    status.className = "lm-live-status";
    status.setAttribute("role", "status");
    bar.appendChild(button);
    var lab = labUrl();
    if (lab) {
      var link = document.createElement("a");
      link.className = "lm-live-lab";
      link.href = lab;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = "Open in JupyterLab";
      bar.appendChild(link);
    }
    bar.appendChild(status);
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      button.disabled = true;
      say(bar, "Running it live needs WebAssembly, which this browser lacks: the calculator and the worked examples " +
          "on this page were computed when the book was built.", "unsupported");
    } else {
      button.addEventListener("click", function () {
        start(cell, bar, source);
      });
    }
    var output = cell.querySelector(".cell_output");
    cell.insertBefore(bar, output);
    if (output) staleOnEdit(output, bar);
  }

  /* The calculator embedded in the page was worked out when the book was built: its controls can be changed, but
     nothing recalculates without Python. On the first change, say so and grey the result until it runs live. */
  function staleOnEdit(output, bar) {
    function edited() {
      if (bar.dataset.state === "live" || bar.dataset.state === "loading") return;
      output.classList.add("lm-stale");
      var text = "The result below is the book's, for the facts it opened with: it is not worked out again here.";
      if (bar.dataset.state !== "unsupported") text += " Press Run live to work it out for the facts you set.";
      say(bar, text, bar.dataset.state === "unsupported" ? "unsupported" : "stale");
    }
    output.addEventListener("input", edited, true);
    output.addEventListener("change", edited, true);
  }

  function init() {
    document.querySelectorAll("div.cell").forEach(function (cell) {
      var input = cell.querySelector(".cell_input pre");
      var source = input ? input.textContent.trim() : "";
      if (CALL.test(source)) controls(cell, source);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
