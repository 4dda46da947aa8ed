// The search index of the built book (lex_book/search/site_search.py runs it after each HTML build): reads
// {"output": folder, "exclude": [selector, ...], "records": [{"url", "html"}, ...], "pages": [{"url", "html"}, ...]}
// on stdin. The records are the statutes' sections and pages, written from the corpus; the pages are the built
// pages as they are, of which Pagefind keeps those with a data-pagefind-body (every other page it leaves out) and
// leaves out, inside them, the elements "exclude" names. Indexes both with npm's pagefind (its Node API, which drives
// the Rust indexer of @pagefind/<os>-<cpu>), writes the index into the output folder and prints
// {"records": count, "pages": count kept, "files": count, "errors": [...]}. Pagefind's ready-made search interfaces
// (pagefind-ui, component-ui, modular-ui, highlight) are not written: the book's search page has its own (static/).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import * as pagefind from "pagefind";

const NOT_USED = /^pagefind-(ui|component-ui|modular-ui|highlight)\./;

const { output, exclude, records, pages } = JSON.parse(readFileSync(0, "utf8"));
const errors = [];
let written = 0;
let kept = 0;
const { index, errors: createErrors } = await pagefind.createIndex({ forceLanguage: "en", excludeSelectors: exclude });
errors.push(...createErrors);
if (index) {
  const added = await Promise.all(records.map(({ url, html }) => index.addHTMLFile({ url, content: html })));
  const read = await Promise.all(pages.map(({ url, html }) => index.addHTMLFile({ url, content: html })));
  for (const response of [...added, ...read]) errors.push(...response.errors);
  const { files, errors: fileErrors } = await index.getFiles();
  errors.push(...fileErrors);
  // the pages Pagefind kept (those marked data-pagefind-body): the index's count less the records
  const entry = files.find(({ path }) => basename(path) === "pagefind-entry.json");
  const languages = entry ? Object.values(JSON.parse(Buffer.from(entry.content).toString("utf8")).languages) : [];
  kept = languages.reduce((sum, { page_count }) => sum + page_count, 0) - records.length;
  for (const { path, content } of files) {
    if (NOT_USED.test(basename(path))) continue;
    const target = join(output, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written += 1;
  }
}
await pagefind.close();
process.stdout.write(JSON.stringify({ records: records.length, pages: kept, files: written, errors }));
