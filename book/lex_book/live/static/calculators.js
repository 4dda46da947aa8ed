/*
 * Lex Maritima: the calculators and what-if cells of a topic page, worked out again in the reader's browser.
 *
 * Each calculator (.lm-calc, HTML written when the book was built by widgets.views.page) shows the book's result for
 * the facts it opened with (data-state="static"). One Python for the whole page (worker.js: Pyodide in a Web Worker)
 * starts when a calculator first comes into view, so that it is ready by the time the reader has read the form — or,
 * when the browser asks to save data (navigator.connection.saveData), only on the first touch of a calculator or
 * what-if cell. Nothing of it is fetched on a page the reader does not scroll to a calculator on. On a repeat visit
 * (the worker keeps a memory snapshot of its Python) it starts as the page opens instead, from the snapshot, so that
 * it is ready by the first edit (startIfKept). While it starts (data-state="starting") the
 * facts typed are kept, and once it is ready every calculator that was edited is worked out for its facts. After
 * that each edit recomputes in place (data-state="live"); a bad fact shows the rule's message beside its field and
 * an error panel in place of the result. While Python downloads, each status says how much has arrived of the
 * runtime's bytes (runtime.json; worker.js counts them), and no timer fails a download that is still receiving. If
 * Python cannot run here (no WebAssembly, no Web Workers, a file:// page, a missing file, offline with nothing saved,
 * a connection that kept dropping) the page says so at once (data-state="error", data-failure: the kind), with what to
 * do and, where it may pass, a Try again button; the result stays, marked as the book's example.
 *
 * A Python that is gone or stuck: every request to the ready worker has a deadline (COMPUTE_MS for a calculator,
 * whose answer takes milliseconds; RUN_MS for a what-if cell), counted from when the worker could start on it (its
 * last answer or the request, whichever is later), so it never runs while Python downloads or starts. When it passes,
 * the worker is ended (a cell in an endless loop is stopped so) and a new one started (from the memory snapshot of
 * worker.js, about a second): the cell says it was stopped, and every calculator whose edit was not answered says
 * Python was started again and is worked out anew. Twice in a row with no answer between, and Python cannot run here.
 * An edit marks the figure stale at once (data-state="working", "Working out…"): the words "Worked out in your
 * browser for the facts above" are only ever shown under the figure worked out for the facts above.
 *
 * What-if cells (tagged what-if) get an editor and a Run button: the edited code runs in the same Python.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var here = new URL("./", script ? script.src : window.location.href);
  var STATIC = "Worked out when the book was built, for the facts shown. Change a fact to work it out again.";
  var STARTING = "Starting Python in your browser to work out your facts (once per page)…";
  var LIVE = "Worked out in your browser for the facts above.";
  var WORKING = "Working out your facts…";
  var COMPUTE_MS = 6000;
  var RUN_MS = 10000;
  var RESTARTED = "This page's Python stopped answering, so it was started again: working out your facts…";
  var CELL_RESTARTED = "A what-if cell's code ran too long and was stopped; this page's Python was started again: " +
    "working out your facts…";
  var HINT = "lex-live-snapshot"; // localStorage: the runtime digest of the snapshot the worker keeps (startIfKept)
  var QUIET_MS = 90000; // the worker says how its download goes at least every few seconds while bytes arrive, and
  // asks again by itself for a stalled file (worker.js, STALL_MS): this long with no word at all is a hung start
  var ADVICE = {
    missing: "Part of the site's Python is missing: please tell the site's maintainers.",
    offline: "Connect to the internet and press Try again (once it has run, it also works offline).",
    dropped: "Press Try again to carry on when the connection is back.",
    broken: "Reloading the page may help.",
  };

  var worker = null;
  var ready = null; // a Promise once started
  var failure = null; // why Python cannot run here, once known
  var waiting = {}; // request id -> {callback, kind: "compute" or "run", owner: its calculator's root or cell}
  var nextId = 1;
  var deadline = null; // the timer of the oldest request not answered
  var restarts = 0; // new workers since the last answer
  var marks = {}; // when each step of the first start ended, in ms since the page's navigation (benchmarks/live.py)

  /* The page's own steps, and the worker's (milliseconds since 1970, worker.js), as ms since the navigation. */
  function mark(name, workerMarks) {
    if (!(name in marks)) marks[name] = Math.round(performance.now());
    Object.keys(workerMarks || {}).forEach(function (step) {
      if (!(step in marks)) marks[step] = Math.round(workerMarks[step] - performance.timeOrigin);
    });
    document.documentElement.dataset.lmStartMarks = JSON.stringify(marks);
  }

  function siteRoot() {
    var root = document.documentElement.dataset.content_root;
    return new URL(root === undefined ? "./" : root, window.location.href);
  }

  /* "book/chapters/wages-on-wreck", this page relative to the book's root. */
  function pageName() {
    var path = decodeURIComponent(window.location.pathname);
    var rootPath = decodeURIComponent(siteRoot().pathname);
    var name = path.indexOf(rootPath) === 0 ? path.slice(rootPath.length) : path.replace(/^\//, "");
    return name.replace(/\.html$/, "").replace(/\/$/, "/index");
  }

  function pageFolder() {
    var name = pageName();
    return name.indexOf("/") < 0 ? "." : name.slice(0, name.lastIndexOf("/"));
  }

  function unsupported() {
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      return "this browser cannot run WebAssembly";
    }
    if (typeof Worker !== "function") return "this browser cannot run Web Workers";
    if (window.location.protocol === "file:") return "the page was opened from a file, not served";
    return null;
  }

  function setState(root, state, text) {
    root.dataset.state = state;
    var status = root.querySelector(".lm-calc-status, .lm-cell-status");
    if (status && text !== undefined) status.textContent = text;
  }

  function everyRoot() {
    return Array.prototype.slice.call(document.querySelectorAll(".lm-calc[data-provision-id], .lm-what-if"));
  }

  function failed(reason, kind) {
    failure = reason;
    var retry = kind === "offline" || kind === "dropped" || kind === "broken";
    everyRoot().forEach(function (root) {
      var isCell = root.classList.contains("lm-what-if");
      setState(
        root,
        "error",
        "Python cannot run on this page (" + reason + "), so nothing is worked out again here: " +
          (isCell ? "the output below is the book's, for the code as printed." :
            "the result below is the book's example, for the facts it opened with.") +
          (ADVICE[kind] ? " " + ADVICE[kind] : "")
      );
      root.dataset.failure = kind || "unsupported";
      var button = root.querySelector(".lm-run");
      if (button) button.disabled = true;
      var status = root.querySelector(".lm-calc-status, .lm-cell-status");
      if (retry && status) {
        var again = document.createElement("button");
        again.type = "button";
        again.className = "lm-try-again";
        again.textContent = "Try again";
        again.addEventListener("click", tryAgain);
        status.appendChild(document.createTextNode(" "));
        status.appendChild(again);
      }
    });
  }

  /* After a failure that may pass (offline, a dropped connection): a new worker, and every edited calculator again. */
  function tryAgain() {
    stop();
    failure = null;
    restarts = 0;
    everyRoot().forEach(function (root) {
      delete root.dataset.failure;
      var button = root.querySelector(".lm-run");
      if (button) button.disabled = false;
      setState(root, "starting", STARTING);
    });
    start().then(function () {
      document.querySelectorAll(".lm-calc[data-provision-id]").forEach(function (root) {
        compute(root);
      });
      document.querySelectorAll(".lm-what-if").forEach(function (box) {
        setState(box, "static", "Ready: press Run to run the code in your browser.");
      });
    }, function () {});
  }

  /* The worker ended, with every request it had. */
  function stop() {
    if (worker) worker.terminate();
    worker = null;
    ready = null;
    settled = false;
    waiting = {};
    window.clearTimeout(deadline);
    deadline = null;
    rearm = null;
  }

  function failure_(message, kind) {
    var error = new Error(message);
    error.kind = kind;
    return error;
  }

  /* Python for the page: a worker started (once), ready when its promise is. `early` (startIfKept: the hint's
     runtime digest): before the reader wants it, so the worker goes no further than restoring a snapshot until a
     later call says it is wanted. */
  function start(early) {
    if (!early && !wanted) {
      wanted = true;
      if (worker) worker.postMessage({ type: "go" });
      if (rearm) rearm();
    }
    if (ready) return ready;
    var controlled = window.lmOffline ? window.lmOffline.controlled : Promise.resolve();
    mark("start");
    ready = controlled.then(function () { return new Promise(function (resolve, reject) {
      var reason = unsupported();
      if (reason) {
        reject(failure_(reason, "unsupported"));
        return;
      }
      try {
        mark("worker");
        worker = new Worker(new URL("worker.js", here), { type: "module" });
      } catch (error) {
        reject(failure_("the worker could not start: " + error.message, "unsupported"));
        return;
      }
      var watchdog = window.setTimeout(quiet, QUIET_MS);
      function quiet() {
        reject(failure_("Python said nothing for " + QUIET_MS / 1000 + " s while starting", "broken"));
      }
      rearm = function () { // the worker goes on after waiting (start): it says how it goes again
        window.clearTimeout(watchdog);
        watchdog = window.setTimeout(quiet, QUIET_MS);
      };
      worker.onmessage = function (event) {
        var message = event.data;
        window.clearTimeout(watchdog);
        if (message.type === "progress") watchdog = window.setTimeout(quiet, QUIET_MS);
        if (message.type === "waiting") {
          mark("waited");
          hint(null); // no snapshot after all: nothing goes on until the reader wants Python (no watchdog till then)
          if (wanted) rearm();
        } else if (message.type === "ready") {
          mark("ready-seen", message.marks);
          if (message.from !== "snapshot") hint(null);
          var data = document.documentElement.dataset;
          data.lmRuntimeMs = String(message.ms);
          data.lmRuntimePhases = JSON.stringify(message.phases);
          data.lmRuntimeStart = message.from; // "snapshot" or "fresh" (worker.js)
          if (message.discarded) data.lmSnapshotDiscarded = message.discarded;
          resolve(message);
        } else if (message.type === "snapshot") {
          document.documentElement.dataset.lmSnapshot = message.state === "saved"
            ? "saved " + message.bytes + " bytes (" + message.kept + " kept) in " + message.ms + " ms"
            : "failed: " + message.error;
          if (message.state === "saved") hint(message.digest);
        } else if (message.type === "failed") {
          reject(failure_(message.error, message.kind));
        } else if (message.type === "progress") {
          if (message.total) {
            document.documentElement.dataset.lmRuntimeReceived = String(message.received);
            document.documentElement.dataset.lmRuntimeTotal = String(message.total);
          }
          everyRoot().forEach(function (root) {
            if (root.dataset.state === "starting") {
              setState(root, "starting", message.text + " Until then the result below is the book's example.");
            }
          });
        } else if (waiting[message.id]) {
          var request = waiting[message.id];
          delete waiting[message.id];
          restarts = 0;
          watch();
          request.callback(message);
        }
      };
      worker.onerror = function (event) {
        event.preventDefault();
        if (settled) {
          restart(null); // the ready worker failed outside Python's own errors: it is gone
          return;
        }
        if (navigator.onLine === false) {
          reject(failure_("you are offline, and this page's Python is not saved on this device", "offline"));
        } else reject(failure_(event.message || "the worker could not load its files", "missing"));
      };
      worker.postMessage({ type: "init", folder: pageFolder(), eager: wanted ? null : early });
    }); }); // after the site's service worker controls the page (offline.js), so that it keeps the runtime
    var starting = ready;
    ready.then(function () {
      settled = true;
    }, function (error) {
      if (ready !== starting) return; // a worker since ended (restart, Try again)
      stop();
      failed(error.message, error.kind);
    });
    return ready;
  }
  var settled = false; // the current worker has said it is ready
  var wanted = false; // the reader wants Python (an edit, a calculator seen): not only an early start (startIfKept)
  var rearm = null; // the current start's watchdog, set again

  function ask(message, callback, owner) {
    message.id = nextId++;
    waiting[message.id] = { callback: callback, kind: message.type, owner: owner };
    worker.postMessage(message);
    if (!deadline) watch();
    return message.id;
  }

  /* The deadline of the oldest request not answered, from now: the worker answers in order, so it starts on that
     request when it has answered the one before (or when it is sent). */
  function watch() {
    window.clearTimeout(deadline);
    deadline = null;
    var ids = Object.keys(waiting).map(Number);
    if (!ids.length) return;
    var oldest = Math.min.apply(null, ids);
    var request = waiting[oldest];
    deadline = window.setTimeout(function () {
      deadline = null;
      if (waiting[oldest] === request) restart(request);
    }, request.kind === "run" ? RUN_MS : COMPUTE_MS);
  }

  /* A page the browser froze or hid (a phone's other app) froze its worker too: the deadline counts again from its
     return, so that time away is never taken for a stuck Python. */
  function rewatch() {
    if (deadline && document.visibilityState === "visible") watch();
  }
  document.addEventListener("visibilitychange", rewatch);
  document.addEventListener("resume", rewatch);

  /* The worker is stuck on `culprit` (a request; null: the worker failed) or gone: a new one, and every request the
     old one held asked again (a what-if cell's is not: it is what was stopped, or its reader runs it again). */
  function restart(culprit) {
    var held = waiting;
    stop();
    restarts += 1;
    var cell = culprit && culprit.kind === "run" ? culprit.owner : null;
    if (restarts > 1) {
      failed("it stopped answering again after it was started afresh", "broken");
      return;
    }
    var roots = [];
    Object.keys(held).forEach(function (id) {
      var request = held[id];
      if (request.kind === "compute") {
        if (roots.indexOf(request.owner) < 0) roots.push(request.owner);
      } else if (request.owner === cell) {
        request.owner.stopped();
      } else {
        request.owner.cancelled();
      }
    });
    roots.forEach(function (root) {
      compute(root, cell ? CELL_RESTARTED : RESTARTED);
    });
    if (!roots.length) start(); // the next edit or Run finds Python ready
  }

  /* --- calculators ------------------------------------------------------------------------------------------- */

  function formValues(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name) return;
      if (element.type === "checkbox") values[element.name] = element.checked ? "true" : "false";
      else if (element.type === "radio") {
        if (element.checked) values[element.name] = element.value;
      } else values[element.name] = element.value;
    });
    return values;
  }

  function showProblems(root, problems) {
    var bad = {};
    problems.forEach(function (problem) {
      bad[problem[0]] = (bad[problem[0]] ? bad[problem[0]] + "; " : "") + problem[1];
    });
    root.querySelectorAll("[data-error-for]").forEach(function (slot) {
      var name = slot.getAttribute("data-error-for");
      slot.textContent = bad[name] || "";
      slot.hidden = !bad[name];
      root.querySelectorAll('[name="' + name + '"]').forEach(function (control) {
        if (bad[name]) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
      });
    });
  }

  function compute(root, why) {
    if (failure) return;
    var result = root.querySelector("[data-result]");
    var form = root.querySelector("form");
    if (root.dataset.state === "static") setState(root, "starting", STARTING);
    else if (root.dataset.state !== "starting" || why) setState(root, "working", why || WORKING);
    var summary = root.querySelector("[data-summary]");
    if (summary) summary.classList.add("lm-stale");
    result.classList.add("lm-stale");
    result.setAttribute("aria-busy", "true");
    mark("edit");
    start().then(function () {
      mark("asked");
      var id = ask({ type: "compute", pid: root.dataset.provisionId, form: formValues(form) }, function (answer) {
        if (String(id) !== root.dataset.request) return; // a later edit has been sent since
        mark("answered", answer.marks);
        if (answer.type === "crashed") {
          result.innerHTML = "";
          setState(root, "error", "The calculator failed on these facts: " + answer.error);
          return;
        }
        result.innerHTML = answer.html;
        if (summary) {
          summary.textContent = answer.summary || "";
          summary.classList.remove("lm-stale");
        }
        result.classList.remove("lm-stale");
        result.removeAttribute("aria-busy");
        result.dataset.live = "true";
        showProblems(root, answer.problems);
        setState(root, "live", answer.problems.length ? "Please check the facts marked above." : LIVE);
        mark("shown");
      }, root);
      root.dataset.request = String(id);
    }, function () {});
  }

  function labLink() {
    var match = /^book\/chapters\/([^/]+)$/.exec(pageName());
    if (!match) return null;
    var link = document.createElement("a");
    link.className = "lm-lab";
    link.href = new URL("lite/lab/index.html?path=chapters/" + encodeURIComponent(match[1]) + ".ipynb",
      siteRoot()).href;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = "Open this chapter in JupyterLab";
    return link;
  }

  /* Every edit is sent at once (a computation takes a few milliseconds); an answer to an edit that a later one has
     overtaken is dropped when it arrives (compute, data-request). */
  function calculator(root) {
    var form = root.querySelector("form");
    function edited() {
      compute(root);
    }
    form.addEventListener("input", edited);
    form.addEventListener("change", edited);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      compute(root);
    });
    // the first touch starts Python, so that it is ready by the time the reader has typed
    form.addEventListener("focusin", function () {
      if (!failure) start();
    });
    form.addEventListener("pointerdown", function () {
      if (!failure) start();
    });
    var lab = labLink();
    if (lab) root.appendChild(lab);
    floatSummary(root);
  }

  /* The summary line floats at the foot of the screen while its calculator is on screen and the line's own place
     is below the screen's foot (the form being edited); it is laid over the calculator's width. */
  function floatSummary(root) {
    var summary = root.querySelector("[data-summary]");
    if (!summary || typeof IntersectionObserver !== "function") return;
    var anchor = document.createElement("span");
    anchor.className = "lm-summary-anchor";
    summary.parentNode.insertBefore(anchor, summary);
    var sectionIn = false, anchorBelow = false;
    function place() {
      var floating = sectionIn && anchorBelow;
      summary.classList.toggle("lm-floating", floating);
      if (floating) {
        var box = root.getBoundingClientRect();
        summary.style.left = Math.max(0, box.left) + "px";
        summary.style.width = Math.min(box.width, window.innerWidth) + "px";
      } else {
        summary.style.left = "";
        summary.style.width = "";
      }
    }
    new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { sectionIn = entry.isIntersecting; });
      place();
    }).observe(root);
    new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        anchorBelow = !entry.isIntersecting && entry.boundingClientRect.top > 0;
      });
      place();
    }).observe(anchor);
    window.addEventListener("resize", place);
  }

  /* --- what-if cells ----------------------------------------------------------------------------------------- */

  function whatIf(cell) {
    var pre = cell.querySelector(".cell_input pre");
    if (!pre) return;
    var output = cell.querySelector(".cell_output");
    if (!output) {
      output = document.createElement("div");
      output.className = "cell_output";
      cell.appendChild(output);
    }
    var source = pre.textContent.replace(/\n$/, "");
    var box = document.createElement("div");
    box.className = "lm-what-if";
    box.dataset.state = "static";
    var label = document.createElement("label");
    var editorId = "lm-what-if-" + Math.random().toString(36).slice(2, 9);
    label.setAttribute("for", editorId);
    label.className = "lm-what-if-label";
    label.textContent = "Edit the code, then Run (Ctrl+Enter):";
    var editor = document.createElement("textarea");
    editor.id = editorId;
    editor.className = "lm-editor";
    editor.spellcheck = false;
    editor.value = source;
    editor.rows = Math.min(12, source.split("\n").length + 1);
    var run = document.createElement("button");
    run.type = "button";
    run.className = "lm-run";
    run.textContent = "Run";
    var reset = document.createElement("button");
    reset.type = "button";
    reset.className = "lm-reset";
    reset.textContent = "Reset";
    var status = document.createElement("p");
    status.className = "lm-cell-status";
    status.setAttribute("role", "status");
    status.textContent = "The output below was worked out when the book was built.";
    var bar = document.createElement("div");
    bar.className = "lm-what-if-bar";
    bar.appendChild(run);
    bar.appendChild(reset);
    box.appendChild(label);
    box.appendChild(editor);
    box.appendChild(bar);
    box.appendChild(status);
    pre.closest(".cell_input").hidden = true;
    cell.insertBefore(box, output);
    output.setAttribute("data-result", "");
    output.setAttribute("aria-live", "polite");

    function execute() {
      if (failure) return;
      setState(box, "starting", STARTING);
      output.classList.add("lm-stale");
      start().then(function () {
        ask({ type: "run", source: editor.value }, function (answer) {
          output.classList.remove("lm-stale");
          output.innerHTML = answer.type === "crashed" ? "" : answer.html;
          output.dataset.live = "true";
          setState(box, answer.error || answer.type === "crashed" ? "error" : "live",
            answer.error ? "The code stopped with an error (shown below)." : "Run in your browser.");
        }, owner);
      }, function () {});
    }
    var owner = {
      stopped: function () { // its code ran past RUN_MS: the worker running it was ended
        var note = document.createElement("pre");
        note.className = "lm-cell-error";
        note.setAttribute("role", "alert");
        note.textContent = "Stopped: the code was still running after " + RUN_MS / 1000 + " s.";
        output.classList.remove("lm-stale");
        output.replaceChildren(note);
        output.dataset.live = "true";
        setState(box, "error", "The code ran for more than " + RUN_MS / 1000 + " s (an endless loop?), so it was " +
          "stopped and this page's Python started again. Edit the code and press Run, or Reset.");
      },
      cancelled: function () { // another request stopped the worker before this one was run
        output.classList.remove("lm-stale");
        setState(box, "static", "This page's Python was started again before this code ran: press Run.");
      },
    };
    run.addEventListener("click", execute);
    reset.addEventListener("click", function () {
      editor.value = source;
      execute();
    });
    editor.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey || event.shiftKey)) {
        event.preventDefault();
        execute();
      }
    });
    editor.addEventListener("focus", function () {
      if (!failure) start();
    });
  }

  /* A repeat visit: this browser keeps a memory snapshot of the page's Python (worker.js), so Python starts as the
     page opens, to be ready by the first edit: nothing is downloaded, and the start takes a fraction of a second of
     the phone's time. The page knows of the snapshot by a hint in localStorage (HINT: set when the worker says it
     kept one, cleared when it started without one), read at once where the Cache API would take a while to list;
     a hint that is out of date (the snapshot deleted with an earlier build's runtime) costs nothing: such an early
     start finds no snapshot and waits, with nothing downloaded, for the reader to want Python (start, "go"). Not
     when the browser asks to save data. */
  function startIfKept() {
    var connection = navigator.connection;
    if (failure || (connection && connection.saveData)) return;
    if (!document.querySelector(".lm-calc[data-provision-id]") || !hinted()) return;
    start(hinted());
  }

  function hinted() {
    try {
      return window.localStorage.getItem(HINT);
    } catch (error) {
      return null; // no storage here
    }
  }

  function hint(kept) {
    try {
      if (kept) window.localStorage.setItem(HINT, kept);
      else window.localStorage.removeItem(HINT);
    } catch (error) {
      /* no storage here: Python starts when a calculator is seen, as on a first visit */
    }
  }

  /* Start Python when a calculator comes into view (not when the browser asks to save data). */
  function startWhenSeen() {
    var connection = navigator.connection;
    if (failure || typeof IntersectionObserver !== "function" || (connection && connection.saveData)) return;
    var seen = new IntersectionObserver(function (entries) {
      if (entries.some(function (entry) { return entry.isIntersecting; })) {
        seen.disconnect();
        start();
      }
    });
    document.querySelectorAll(".lm-calc[data-provision-id]").forEach(function (root) {
      seen.observe(root);
    });
  }

  /* The theme's "Back to top" pill never covers a control a reader may be using: while it would overlap one (or a
     control has the focus) it is hidden, and it shows again once it covers nothing. */
  function keepBackToTopClear() {
    var pill = document.getElementById("pst-back-to-top");
    if (!pill) return;
    var pending = false;
    function covers() {
      var box = pill.getBoundingClientRect();
      if (!box.width || !box.height) return false;
      var controls = document.querySelectorAll(
        ".lm-calc input, .lm-calc select, .lm-calc button, .lm-calc-summary, .lm-what-if textarea, " +
        ".lm-what-if button, .lm-exercise input, .lm-exercise button");
      for (var i = 0; i < controls.length; i++) {
        var r = controls[i].getBoundingClientRect();
        if (r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom) return true;
      }
      return false;
    }
    function check() {
      pending = false;
      var focused = document.activeElement && document.activeElement.closest &&
        document.activeElement.closest(".lm-calc, .lm-what-if, .lm-exercise");
      var hide = !!focused || covers();
      var wanted = hide ? "hidden" : "";
      pill.dataset.lmHidden = hide ? "true" : "false";
      if (pill.style.visibility !== wanted) pill.style.visibility = wanted; // unchanged: no mutation, no loop
    }
    function soon() {
      if (!pending) {
        pending = true;
        window.requestAnimationFrame(check);
      }
    }
    window.addEventListener("scroll", soon, { passive: true });
    window.addEventListener("resize", soon);
    document.addEventListener("focusin", soon);
    document.addEventListener("focusout", soon);
    new MutationObserver(soon).observe(pill, { attributes: true, attributeFilter: ["style", "class"] });
  }

  function init() {
    mark("init");
    keepBackToTopClear();
    document.querySelectorAll(".lm-calc[data-provision-id]").forEach(calculator);
    document.querySelectorAll("div.cell.tag_what-if").forEach(whatIf);
    var reason = unsupported();
    if (reason) failed(reason);
    document.querySelectorAll(".lm-calc .lm-calc-status").forEach(function (status) {
      if (!failure) status.textContent = STATIC;
    });
    startIfKept();
    startWhenSeen();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
