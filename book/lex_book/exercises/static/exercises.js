/*
 * Lex Maritima: the exercises of a topic page, checked in the reader's browser with no Python and no WebAssembly.
 *
 * Each exercise (.lm-exercise, written when the book was built by book/_ext/exercise_boxes.py) carries, for each of
 * its variants, the facts and the salted SHA-256 digests of the answers its rule accepts (never an answer). This
 * script picks the variant (?variant=N in the address, else the one the student id typed once gives, kept in
 * localStorage, else the book's), puts what the student typed in the canonical form of widgets/exercise_check.py
 * (read_number, read_yes_no, read_text, grid_point: the same steps, line for line, with the table of words a number
 * may carry written into the page from widgets.exercise_check.WORDS), hashes it and compares.
 * After a check the root's data-verdict is "correct" or "incorrect". The worked solutions are in a file of
 * _static/exercises/ (the page itself holds none): by default each variant's is sealed with its right answer
 * (widgets/exercise_check.py seal/unseal: PBKDF2 and HMAC-SHA256, here by WebCrypto) and offered after a right answer,
 * opened with the canonical form the student typed; a wrong try gets the hint only. An instructor's after-try
 * edition writes the file plain and offers it after any try. Each exercise and variant answered
 * right is kept in localStorage ("lm-exercise-progress"): the exercise shows it is done (data-done), and a line
 * above the page's first exercise says "3 of 5 done", with a button that clears this browser's progress.
 */
(function () {
  "use strict";

  var STUDENT_KEY = "lm-student-id";

  /* --- SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, as hex: crypto.subtle is missing on plain-http pages ---- */
  var K = [];
  (function () {
    var n = 2, found = 0;
    function frac(x) { return ((x - Math.floor(x)) * 4294967296) >>> 0; }
    while (found < 64) {
      var prime = true;
      for (var d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
      if (prime) K[found++] = frac(Math.pow(n, 1 / 3));
      n++;
    }
  })();

  function sha256(text) {
    var bytes = new TextEncoder().encode(text);
    var length = bytes.length;
    var words = new Array(((length + 9 + 63) >> 6) << 4).fill(0);
    for (var i = 0; i < length; i++) words[i >> 2] |= bytes[i] << (24 - (i % 4) * 8);
    words[length >> 2] |= 0x80 << (24 - (length % 4) * 8);
    words[words.length - 1] = length * 8;
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var w = new Array(64);
    function rotr(x, r) { return (x >>> r) | (x << (32 - r)); }
    for (var block = 0; block < words.length; block += 16) {
      for (var t = 0; t < 64; t++) {
        if (t < 16) w[t] = words[block + t] | 0;
        else {
          var s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
          var s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
          w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
        }
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (t = 0; t < 64; t++) {
        var t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h = [h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + k].map(function (x) {
        return x | 0;
      });
    }
    return h.map(function (x) { return ("00000000" + (x >>> 0).toString(16)).slice(-8); }).join("");
  }

  /* --- the canonical forms (widgets/exercise_check.py) ------------------------------------------------------- */
  var YES = ["yes", "y", "true", "t", "proved", "deemed proved"];
  var NO = ["no", "n", "false", "f", "not proved", "none"];
  /* The words a number may carry (widgets.exercise_check.WORDS, written into the page by exercise_boxes.py): a
     currency, a scale as a power of ten ("1.5 lakh", "2 crore", "150k"), a unit, the ledger's "/-" ending. */
  function either(list) {
    var squeezed = list.map(function (w) { return w.replace(/\s/g, ""); }).filter(function (w, i, all) {
      return all.indexOf(w) === i;
    });
    squeezed.sort(function (a, b) { return b.length - a.length || (a < b ? -1 : a > b ? 1 : 0); });
    return squeezed.map(function (w) { return w.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&"); }).join("|");
  }

  var patterns = [];
  function numberPattern(table) {
    for (var i = 0; i < patterns.length; i++) if (patterns[i][0] === table) return patterns[i][1];
    var pattern = new RegExp("^(?:" + either(table.currency) + ")?([+-]?)([0-9]*)(?:\\.([0-9]*))?(?:(" +
      either(Object.keys(table.scale)) + "))?(?:" + either(table.currency.concat(table.unit)) + ")?(?:" +
      either(table.ending) + ")?$");
    patterns.push([table, pattern]);
    return pattern;
  }

  function readNumber(text, table) {
    var cleaned = String(text).replace(/\u2212/g, "-").toLowerCase().replace(/[,\s_]/g, "");
    var match = numberPattern(table).exec(cleaned);
    if (!match) return null;
    var sign = match[1], whole = match[2], fraction = match[3] || "", scale = match[4];
    if (!whole && !fraction) return null;
    if (scale) { // the decimal point moved in the digits as typed: "1.1 lakh" is exactly 110000, as in Python
      var shift = table.scale[scale];
      while (fraction.length < shift) fraction += "0";
      whole += fraction.slice(0, shift);
      fraction = fraction.slice(shift);
    }
    return parseFloat(sign + (whole || "0") + "." + (fraction || "0"));
  }

  function words(text) {
    return String(text).trim().toLowerCase().split(/\s+/).filter(Boolean);
  }

  function readYesNo(text) {
    var said = words(text).join(" ");
    return YES.indexOf(said) >= 0 ? "yes" : NO.indexOf(said) >= 0 ? "no" : null;
  }

  function readText(text) {
    var list = words(String(text).replace(/-/g, " "));
    if (list.length && list[0] === "the") list = list.slice(1);
    return list.length ? list.join(" ") : null;
  }

  function canonical(spec, text, table) {
    if (spec.kind === "yes-no") return readYesNo(text);
    if (spec.kind === "text") return readText(text);
    var value = readNumber(text, table);
    if (value === null || !isFinite(value)) return null;
    if (spec.kind === "count") return Number.isInteger(value) ? String(value) : "not-whole:" + value;
    return String(Math.floor(value / spec.step + 0.5));
  }

  /* --- a sealed solution (widgets/exercise_check.py unseal, line for line) ------------------------------------ */
  var ENCODE = new TextEncoder();

  function hexBytes(hex) {
    var out = new Uint8Array(hex.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
    return out;
  }

  function toHex(bytes) {
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function xor(a, b) {
    var out = new Uint8Array(a.length);
    for (var i = 0; i < a.length; i++) out[i] = a[i] ^ b[i];
    return out;
  }

  function hmac(subtle, key, data) {
    return subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]).then(function (k) {
      return subtle.sign("HMAC", k, data);
    }).then(function (mac) { return new Uint8Array(mac); });
  }

  function unseal(salt, form, sealed, iterations) {
    var subtle = window.crypto && window.crypto.subtle;
    if (!subtle) return Promise.reject(new Error("this browser's cryptography needs the site's https address"));
    var wrap = sealed.wraps[sha256(salt + ":" + form).slice(0, 16)];
    if (!wrap) return Promise.resolve(null);
    var body = Uint8Array.from(atob(sealed.body), function (c) { return c.charCodeAt(0); });
    var content;
    return subtle.importKey("raw", ENCODE.encode(form), "PBKDF2", false, ["deriveBits"]).then(function (base) {
      var params = { name: "PBKDF2", hash: "SHA-256", salt: ENCODE.encode(salt + ":solution"), iterations: iterations };
      return subtle.deriveBits(params, base, 256);
    }).then(function (bits) {
      return hmac(subtle, new Uint8Array(bits), ENCODE.encode("wrap"));
    }).then(function (pad) {
      content = xor(hexBytes(wrap), pad);
      return hmac(subtle, content, ENCODE.encode("mac"));
    }).then(function (macKey) {
      return hmac(subtle, macKey, body);
    }).then(function (tag) {
      if (toHex(tag.slice(0, 16)) !== sealed.tag) return null;
      return hmac(subtle, content, ENCODE.encode("enc")).then(function (encKey) {
        var blocks = [];
        for (var i = 0; i * 32 < body.length; i++) {
          blocks.push(hmac(subtle, encKey, new Uint8Array([i >>> 24, (i >>> 16) & 255, (i >>> 8) & 255, i & 255])));
        }
        return Promise.all(blocks);
      }).then(function (blocks) {
        var stream = new Uint8Array(blocks.length * 32);
        blocks.forEach(function (block, i) { stream.set(block, i * 32); });
        return new TextDecoder().decode(xor(body, stream));
      });
    });
  }

  function whatToType(spec) {
    return { number: "a number", count: "a whole number", "yes-no": "yes or no", text: "one of the choices" }[spec.kind];
  }

  /* --- the variant shown -------------------------------------------------------------------------------------- */
  function storedStudent() {
    try { return window.localStorage.getItem(STUDENT_KEY) || ""; } catch (error) { return ""; }
  }

  function storeStudent(id) {
    try {
      if (id) window.localStorage.setItem(STUDENT_KEY, id);
      else window.localStorage.removeItem(STUDENT_KEY);
    } catch (error) { /* private mode: the id lasts for this page only */ }
  }

  /* --- progress: each exercise and variant answered right, kept in this browser ------------------------------- */
  var PROGRESS_KEY = "lm-exercise-progress";

  function storedProgress() {
    try {
      var kept = JSON.parse(window.localStorage.getItem(PROGRESS_KEY) || "{}");
      return kept && typeof kept === "object" ? kept : {};
    } catch (error) { return {}; }
  }

  function storeProgress(progress) {
    try {
      if (Object.keys(progress).length) window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
      else window.localStorage.removeItem(PROGRESS_KEY);
    } catch (error) { /* private mode or full: progress lasts for this page only */ }
  }

  var progress = {};

  function isDone(exerciseId, variant) {
    return !!(progress[exerciseId] && progress[exerciseId][variant] === "correct");
  }

  function record(exerciseId, variant, right) {
    var kept = progress[exerciseId] || (progress[exerciseId] = {});
    if (right) kept[variant] = "correct";
    else if (kept[variant] !== "correct") kept[variant] = "tried";
    storeProgress(progress);
  }

  function studentVariant(student, exerciseId, count) {
    var digest = sha256("student:" + student.trim().toLowerCase() + ":" + exerciseId);
    return 1 + (parseInt(digest.slice(0, 8), 16) % (count - 1));
  }

  function addressVariant() {
    var raw = new URLSearchParams(window.location.search).get("variant");
    return raw !== null && /^\d+$/.test(raw) ? parseInt(raw, 10) : null;
  }

  function siteRoot() {
    var root = document.documentElement.dataset.content_root;
    return new URL(root === undefined ? "./" : root, window.location.href);
  }

  function Exercise(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector("script[data-exercise-data]").textContent);
    this.id = root.dataset.exerciseId;
    this.input = root.querySelector("input[name=answer]");
    this.verdict = root.querySelector(".lm-ex-verdict");
    this.showButton = root.querySelector("[data-show-solution]");
    this.solution = root.querySelector("[data-solution]");
    this.note = root.querySelector("[data-variant-note]");
    this.tried = false;
    var self = this;
    root.querySelector("form.lm-ex-form").addEventListener("submit", function (event) {
      event.preventDefault();
      self.check();
    });
    this.showButton.addEventListener("click", function () { self.showSolution(); });
    var studentBox = root.querySelector("input[name=student]");
    studentBox.value = storedStudent();
    function useStudent() {
      storeStudent(studentBox.value.trim());
      everyExercise.forEach(function (other) { other.choose(null); });
    }
    root.querySelector("[data-student-use]").addEventListener("click", useStudent);
    studentBox.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); useStudent(); }
    });
    root.querySelector("[data-student-clear]").addEventListener("click", function () {
      storeStudent("");
      everyExercise.forEach(function (other) {
        other.root.querySelector("input[name=student]").value = "";
        other.choose(null);
      });
    });
  }

  Exercise.prototype.choose = function (fromAddress) {
    var count = this.data.variants.length;
    var student = storedStudent();
    var variant = 0, why = "The book's facts.";
    if (fromAddress !== null && fromAddress < count) {
      variant = fromAddress;
      why = "Variant " + variant + " of " + (count - 1) + ", chosen by the page's address.";
    } else if (fromAddress !== null) {
      why = "There is no variant " + fromAddress + " (0 to " + (count - 1) + "): the book's facts.";
    } else if (student) {
      variant = studentVariant(student, this.id, count);
      why = "Your facts, for student id “" + student + "” (variant " + variant + ").";
    }
    this.show(variant, why);
  };

  Exercise.prototype.show = function (variant, why) {
    var chosen = this.data.variants[variant];
    this.variant = variant;
    this.root.dataset.variant = String(variant);
    this.root.dataset.facts = JSON.stringify(chosen.facts);
    delete this.root.dataset.verdict;
    this.root.querySelector("[data-facts-list]").innerHTML = chosen.factsHtml;
    this.note.firstChild.textContent = why + " ";
    this.verdict.textContent = "";
    this.verdict.className = "lm-ex-verdict";
    this.tried = false;
    this.rightForm = null;
    this.showButton.hidden = true;
    this.solution.hidden = true;
    this.solution.innerHTML = "";
    var shown = document.querySelector('[data-solution-for="' + this.id + '"]');
    var all = document.querySelector('script[data-solutions-for="' + this.id + '"]');
    if (shown && all) shown.innerHTML = JSON.parse(all.textContent)[variant];
    if (isDone(this.id, variant)) {
      this.root.dataset.done = "true";
      this.verdict.className = "lm-ex-verdict lm-ex-correct";
      this.verdict.textContent = "✓ Done: you answered these facts correctly before (kept in this browser).";
      this.tried = true;
      if (this.data.solutions) this.showButton.hidden = false;
    } else delete this.root.dataset.done;
    summarise();
  };

  Exercise.prototype.check = function () {
    var spec = this.data.answer;
    var typed = this.input.value;
    var form = typed.trim() ? canonical(spec, typed, this.data.words) : null;
    var chosen = this.data.variants[this.variant];
    var right = form !== null && chosen.digests.indexOf(sha256(chosen.salt + ":" + form).slice(0, 16)) >= 0;
    this.root.dataset.verdict = right ? "correct" : "incorrect";
    this.verdict.className = "lm-ex-verdict lm-ex-" + (right ? "correct" : "incorrect");
    if (right) this.verdict.textContent = "✓ Correct.";
    else if (form === null) {
      this.verdict.textContent = "✗ Could not read “" + typed + "” as " + whatToType(spec) + ": please answer with " +
        whatToType(spec) + ".";
    } else this.verdict.textContent = "✗ Not quite." + (spec.hint ? " Hint: " + spec.hint : "");
    this.input.setAttribute("aria-invalid", right ? "false" : "true");
    this.tried = true;
    record(this.id, this.variant, right);
    if (right) this.root.dataset.done = "true";
    summarise();
    if (right) this.rightForm = form;
    var offered = this.data.solutionsAfter === "try" || (this.data.solutionsAfter === "right" && right);
    if (this.data.solutions && this.solution.hidden && offered) this.showButton.hidden = false;
  };

  Exercise.prototype.showSolution = function () {
    var self = this;
    var sealed = this.data.solutionsAfter === "right";
    if (!this.tried || !this.data.solutions || (sealed && !this.rightForm)) return;
    var variant = this.variant, form = this.rightForm, salt = this.data.variants[variant].salt;
    this.showButton.disabled = true;
    fetch(new URL(this.data.solutions, siteRoot()).href).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    }).then(function (file) {
      if (!sealed) return file.solutions[variant];
      return unseal(salt, form, file.sealed[variant], file.iterations).then(function (text) {
        if (text === null) throw new Error("the answer does not open it");
        return text;
      });
    }).then(function (text) {
      if (self.variant !== variant) return;
      self.solution.innerHTML = "<h5>Worked solution</h5>" + text;
      self.solution.hidden = false;
      self.showButton.hidden = true;
    }).catch(function (error) {
      self.verdict.textContent = "The worked solution could not be loaded (" + error.message + ").";
    }).then(function () {
      self.showButton.disabled = false;
    });
  };

  var everyExercise = [];
  var summary = null;

  /* "3 of 5 done" for the page's exercises (the variant each shows), with a way to forget this browser's answers. */
  function summarise() {
    if (!summary) return;
    var done = everyExercise.filter(function (exercise) { return isDone(exercise.id, exercise.variant); }).length;
    var total = everyExercise.length;
    summary.querySelector("[data-progress-count]").textContent = done + " of " + total + " done";
    summary.dataset.done = String(done);
    summary.querySelector("[data-progress-clear]").hidden = !Object.keys(progress).length;
  }

  function makeSummary(first) {
    var box = document.createElement("div");
    box.className = "lm-ex-progress";
    box.setAttribute("role", "status");
    box.tabIndex = -1;
    box.innerHTML = "<span>Exercises on this page: <b data-progress-count></b> " +
      "<small>(kept in this browser only)</small></span> " +
      "<button type='button' data-progress-clear>Clear my progress</button>";
    var host = first.closest(".exercise, .admonition") || first;
    host.parentNode.insertBefore(box, host);
    box.querySelector("[data-progress-clear]").addEventListener("click", function () {
      progress = {};
      storeProgress(progress);
      everyExercise.forEach(function (exercise) {
        exercise.input.value = "";
        exercise.input.removeAttribute("aria-invalid");
        delete exercise.root.dataset.verdict;
        exercise.show(exercise.variant, exercise.note.firstChild.textContent.trim());
      });
      box.focus(); // the button is gone: focus stays on the line that now says "0 of 5 done"
    });
    return box;
  }

  function init() {
    var fromAddress = addressVariant();
    document.querySelectorAll(".lm-exercise[data-exercise-id]").forEach(function (root) {
      everyExercise.push(new Exercise(root));
    });
    progress = storedProgress();
    if (everyExercise.length) summary = makeSummary(everyExercise[0].root);
    everyExercise.forEach(function (exercise) { exercise.choose(fromAddress); });
    summarise();
    document.documentElement.dataset.lmExercises = "ready";
  }

  window.lmExercises = { canonical: canonical, sha256: sha256, studentVariant: studentVariant, unseal: unseal };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
