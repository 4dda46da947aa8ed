// The search index of the built book (book/_ext/site_search.py runs it after each HTML build): reads
// {"output": folder, "records": [{"url", "html"}, ...]} on stdin, indexes each record with npm's pagefind (its
// Node API, which drives the Rust indexer of @pagefind/<os>-<cpu>), writes the index into the output folder and
// prints {"records": count, "errors": [...]}.
import { readFileSync } from "node:fs";
import * as pagefind from "pagefind";

const { output, records } = JSON.parse(readFileSync(0, "utf8"));
const errors = [];
const { index, errors: createErrors } = await pagefind.createIndex({ forceLanguage: "en" });
errors.push(...createErrors);
if (index) {
  const added = await Promise.all(records.map(({ url, html }) => index.addHTMLFile({ url, content: html })));
  for (const response of added) errors.push(...response.errors);
  const written = await index.writeFiles({ outputPath: output });
  errors.push(...written.errors);
}
await pagefind.close();
process.stdout.write(JSON.stringify({ records: records.length, errors }));
