// The package against the contract: the version follows the API's, every operation has
// its function, nothing in the generated types fell back to `unknown`, and `npm pack`
// makes a tarball that installs and imports.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { OPERATIONS } from "../src/index.js";
import { ROOT } from "./server.js";

const PACKAGE = resolve(ROOT, "clients/typescript");
const CONTRACT = readFileSync(resolve(ROOT, "openapi.yaml"), "utf8");

describe("the package follows the contract", () => {
  it("has the API's version (openapi.yaml info.version)", () => {
    const api = /^info:\n(?:  .*\n)*?  version: "?([^"\s]+)"?$/m.exec(CONTRACT)?.[1];
    const pkg = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as { version: string };
    assert.ok(api, "openapi.yaml has no info.version");
    assert.equal(pkg.version, api);
  });

  it("has one function for every operationId", () => {
    const ids = [...CONTRACT.matchAll(/^ {6}operationId: (\S+)$/gm)].map((m) => m[1]);
    assert.ok(ids.length >= 16);
    assert.deepEqual([...OPERATIONS].sort(), ids.sort());
  });

  it("is described to app developers, every function named (docs/tutorials/embed.md)", () => {
    const page = readFileSync(resolve(ROOT, "docs/tutorials/embed.md"), "utf8");
    const section = /^## TypeScript client\n([\s\S]*?)^#{1,2} /m.exec(page)?.[1] ?? "";
    assert.ok(section.includes("npm pack"), "docs/tutorials/embed.md has no TypeScript client section");
    const missing = OPERATIONS.filter((name) => !section.includes(`\`${name}\``));
    assert.deepEqual(missing, []);
  });

  it("generates types with no `unknown` but headers' open sets and the batch's items", () => {
    const types = readFileSync(join(PACKAGE, "src/schema.ts"), "utf8");
    const unknowns = types.split("\n").map((line) => line.trim())
      .filter((line) => /\bunknown\b/.test(line) && !line.startsWith("*") && !line.startsWith("/*"))
      .filter((line) => line !== "[name: string]: unknown;");
    // Each item of a batch may be anything: an invalid one is answered in its slot.
    assert.deepEqual(unknowns, ["hands: unknown[];"]);
  });
});

describe("npm pack", () => {
  it("makes a tarball that installs into an app and imports", () => {
    const work = mkdtempSync(join(tmpdir(), "muggins-client-"));
    try {
      const quiet = ["--silent", "--no-audit", "--no-fund"];
      const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", work],
        { cwd: PACKAGE, encoding: "utf8" }).trim().split("\n").pop() ?? "";
      assert.match(tarball, /^muggins-client-\d+\.\d+\.\d+\.tgz$/);
      const listed = execFileSync("tar", ["-tzf", join(work, tarball)], { encoding: "utf8" });
      assert.ok(listed.includes("package/dist/src/index.js"));
      assert.ok(listed.includes("package/dist/src/schema.d.ts"));
      assert.ok(!listed.includes("package/dist/test/"));
      const app = join(work, "app");
      execFileSync("mkdir", [app]);
      writeFileSync(join(app, "package.json"), '{"name": "app", "private": true, "type": "module"}');
      execFileSync("npm", ["install", ...quiet, "--prefer-offline", join(work, tarball)], { cwd: app });
      writeFileSync(join(app, "main.js"), [
        'import { createMuggins, MugginsError, OPERATIONS } from "muggins-client";',
        'const muggins = createMuggins({ baseUrl: "http://127.0.0.1:9" });',
        "console.log(typeof muggins.checkHand, typeof MugginsError, OPERATIONS.length);",
      ].join("\n"));
      const printed = execFileSync("node", ["main.js"], { cwd: app, encoding: "utf8" }).trim();
      assert.equal(printed, `function function ${OPERATIONS.length}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
