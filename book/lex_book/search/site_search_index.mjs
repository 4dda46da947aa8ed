// The search index of the built book (book/_ext/site_search.py runs it after each HTML build): reads
// {"output": folder, "records": [{"url", "html"}, ...]} on stdin, indexes each record with npm's pagefind (its
// Node API, which drives the Rust indexer of @pagefind/<os>-<cpu>), writes the index into the output folder and
// prints {"records": count, "files": count, "errors": [...]}. Pagefind's ready-made search interfaces (pagefind-ui,
// component-ui, modular-ui, highlight) are not written: the book's search page has its own (static_search/).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import * as pagefind from "pagefind";

const NOT_USED = /^pagefind-(ui|component-ui|modular-ui|highlight)\./;

const { output, records } = JSON.parse(readFileSync(0, "utf8"));
const errors = [];
let written = 0;
const { index, errors: createErrors } = await pagefind.createIndex({ forceLanguage: "en" });
errors.push(...createErrors);
if (index) {
  const added = await Promise.all(records.map(({ url, html }) => index.addHTMLFile({ url, content: html })));
  for (const response of added) errors.push(...response.errors);
  const { files, errors: fileErrors } = await index.getFiles();
  errors.push(...fileErrors);
  for (const { path, content } of files) {
    if (NOT_USED.test(basename(path))) continue;
    const target = join(output, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written += 1;
  }
}
await pagefind.close();
process.stdout.write(JSON.stringify({ records: records.length, files: written, errors }));
