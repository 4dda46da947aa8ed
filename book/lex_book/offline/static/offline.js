/*
 * Lex Maritima: the book offline (lex_book/offline/). Registers the site's service worker (sw.js at the site's root)
 * and, on the landing page, shows "Save for offline", which asks the worker to fetch the chapters, the statutes'
 * contents pages, the search index and the calculators' Python (offline.json) and says how it goes.
 * window.lmOffline.controlled resolves once the worker controls the page (or at once where there is none, after 3 s
 * at most), so that the calculators' Python, started after it, is kept by the worker on its first download.
 */
(function () {
  "use strict";

  function siteRoot() {
    var root = document.documentElement.dataset.content_root;
    return new URL(root === undefined ? "./" : root, window.location.href);
  }

  var supported = "serviceWorker" in navigator && window.location.protocol !== "file:" && window.isSecureContext;
  var registration = supported
    ? navigator.serviceWorker.register(new URL("sw.js", siteRoot()).href, { scope: siteRoot().pathname })
    : Promise.reject(new Error("no service worker here"));
  registration.catch(function () {});

  /* The page and what it loaded before the worker took control (its first visit): the worker keeps them too. */
  function keepThisPage() {
    var here = window.location.href.split("#")[0];
    var loaded = performance.getEntriesByType("resource").map(function (entry) { return entry.name; })
      .filter(function (url) { return url.indexOf(window.location.origin + "/") === 0; });
    navigator.serviceWorker.controller.postMessage({ type: "keep", urls: [here].concat(loaded) });
  }

  var controlled = new Promise(function (resolve) {
    if (!supported || navigator.serviceWorker.controller) {
      resolve();
      return;
    }
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      keepThisPage();
      resolve();
    }, { once: true });
    registration.catch(resolve);
    window.setTimeout(resolve, 3000);
  });

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(0);
  }

  function saveBox(box) {
    if (!supported) return;
    box.hidden = false;
    box.innerHTML = "<p><b>Read offline.</b> Save the chapters, the statutes' contents pages, the search and the " +
      "calculators on this device, to read and work them out with no connection (pages you read are kept too).</p>" +
      "<p><button type='button' data-save>Save for offline</button> <span data-save-status role='status'></span></p>";
    var button = box.querySelector("[data-save]");
    var status = box.querySelector("[data-save-status]");
    fetch(new URL("offline.json", siteRoot()).href).then(function (r) { return r.json(); }).then(function (list) {
      button.textContent = "Save for offline (about " + megabytes(list.bytes) + " MB)";
    }, function () {});
    button.addEventListener("click", function () {
      button.disabled = true;
      status.textContent = "Saving…";
      navigator.serviceWorker.ready.then(function (ready) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) {
          var message = event.data;
          if (message.type !== "saved") return;
          if (!message.finished) {
            status.textContent = "Saving: " + message.done + " of " + message.total + " files…";
            return;
          }
          box.dataset.saved = message.failed ? "partly" : "true";
          status.textContent = message.failed
            ? "Saved " + (message.total - message.failed) + " of " + message.total + " files; " + message.failed +
              " could not be fetched: press the button again when the connection is better."
            : "Saved: the book reads and works offline on this device.";
          button.disabled = false;
        };
        ready.active.postMessage({ type: "save" }, [channel.port2]);
      });
    });
  }

  function init() {
    var box = document.querySelector("[data-save-offline]");
    if (box) saveBox(box);
  }

  window.lmOffline = { controlled: controlled, registration: registration };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
