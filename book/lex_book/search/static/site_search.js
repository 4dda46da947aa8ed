// The search page of the book (lex_book/search/site_search.py): search.html?q=QUERY lists the results as links, best first.
// The Pagefind index (pagefind/ at the site's root) is loaded in chunks as the query needs them. A citation in the
// query ("161", "s.161", "s 161", "section 161 pakistan", "cl. 69 msb") puts the sections of that number first: those
// whose record also holds the query's other words (the statute's names are words of each of its sections), else all
// of them in the book's order; the word results follow.

const ROOT = new URL("../", import.meta.url); // this file is _static/site_search.js
const SHOWN = 20;
const MARKER = "(?:ss?|secs?|sections?|cl|clauses?|§)";
const CITATION = new RegExp(
  `(?:^|\\s)(?:(${MARKER})\\.?\\s*)?(\\d{1,4}[a-z]?)((?:\\([0-9a-z]{1,6}\\))*)(?=$|[\\s,;.])`,
  "gi",
);

/** The citations a query may hold, those marked "s." or "section" first: [{number, parts, rest}] (parts: "(1)(a)",
 * rest: the query's other words). */
export function citations(query) {
  const found = [];
  for (const match of query.matchAll(CITATION)) {
    const rest = (query.slice(0, match.index) + " " + query.slice(match.index + match[0].length))
      .replace(/\s+/g, " ")
      .trim();
    found.push({ number: match[2].toLowerCase(), parts: match[3].toLowerCase(), rest, marked: Boolean(match[1]) });
  }
  return found.sort((a, b) => Number(b.marked) - Number(a.marked));
}

let pagefind;
async function engine() {
  if (!pagefind) {
    pagefind = await import(new URL("pagefind/pagefind.js", ROOT).href);
    // pageLength 0: a record's length does not count against it, or every short section would outrank the chapter
    // that treats its subject ("wages": the wages chapter first, then the sections headed "Wages ...").
    await pagefind.options({ baseUrl: ROOT.pathname, ranking: { pageLength: 0 } });
  }
  return pagefind;
}

/** The results of a query, best first: [{url, title, statute, excerpt}]. */
export async function search(query) {
  const pf = await engine();
  const results = [];
  let cited = "";
  for (const { number, parts, rest } of citations(query)) {
    const filters = { section: number };
    let found = rest ? (await pf.search(rest, { filters })).results : [];
    if (!found.length) found = (await pf.search(null, { filters, sort: { order: "asc" } })).results;
    if (found.length) {
      results.push(...found);
      cited = parts;
      break;
    }
  }
  results.push(...(await pf.search(query)).results);
  const seen = new Set();
  const shown = [];
  for (const result of results) {
    if (seen.has(result.id)) continue;
    seen.add(result.id);
    shown.push(result);
    if (shown.length === SHOWN) break;
  }
  return Promise.all(
    shown.map(async (result) => {
      const data = await result.data();
      let { url, title } = { url: data.url, title: data.meta.title };
      // A section found by its number alone: the excerpt is the record's first words, its title again.
      const excerpt = data.excerpt.startsWith(title) ? data.excerpt.slice(title.length).trim() : data.excerpt;
      // "s.161(1)(a)": the section's sub-provision of that number, when it has one, is where the link lands.
      const part = cited && subProvision(data.meta.parts || "", cited);
      if (part) {
        url += part;
        title = title.replace(/^(s\. [0-9a-z]+)\./i, `$1${cited}.`);
      }
      return { url, title, statute: data.meta.statute || "", excerpt };
    }),
  );
}

/** The eId tail of the sub-provision "(1)(a)" in a record's parts ("(1)=__subsec_1 (1)(a)=__subsec_1__para_a"). */
function subProvision(parts, cited) {
  for (const entry of parts.split(" ")) {
    const [key, tail] = entry.split("=");
    if (key === cited) return tail;
  }
  return "";
}

function item({ url, title, statute, excerpt }) {
  const li = document.createElement("li");
  const link = document.createElement("a");
  link.href = url;
  link.textContent = title;
  li.append(link);
  if (statute) {
    const where = document.createElement("span");
    where.className = "lm-search-where";
    where.textContent = statute;
    li.append(" ", where);
  }
  const text = document.createElement("p");
  text.innerHTML = excerpt; // Pagefind's excerpt: the page's text, escaped, with <mark> around the query's words
  li.append(text);
  return li;
}

async function show(query, status, list) {
  list.replaceChildren();
  if (!query.trim()) {
    status.textContent = "";
    return;
  }
  status.textContent = "Searching…";
  const results = await search(query);
  if (query !== current) return; // a newer query has started
  list.replaceChildren(...results.map(item));
  status.textContent = results.length ? `Results for “${query}”` : `Nothing found for “${query}”`;
}

let current = "";
function start() {
  const input = document.getElementById("lm-search-query");
  const status = document.getElementById("lm-search-status");
  const list = document.getElementById("lm-search-results");
  // from file:// no index can be fetched: site_search_file.js has said so (a browser that runs this module there)
  if (!input || !status || !list || location.protocol === "file:") return;
  current = new URLSearchParams(location.search).get("q") || "";
  input.value = current;
  input.focus();
  let timer;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      current = input.value;
      const url = new URL(location.href);
      url.searchParams.set("q", current);
      history.replaceState(null, "", url);
      show(current, status, list);
    }, 250);
  });
  show(current, status, list);
}

start();
