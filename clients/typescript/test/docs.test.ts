// The TypeScript example of the documentation (docs/tutorials/embed.md) runs: its code is
// the body of `example` below, word for word (a test compares them), type-checked by tsc
// with the rest and run against a real server, what it logs held to what the page says.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { createMuggins as create, MugginsError } from "../src/index.js";
import { ROOT, startServer, type Running } from "./server.js";

const PAGE = resolve(ROOT, "docs/tutorials/embed.md");
const SOURCE = resolve(ROOT, "clients/typescript/test/docs.test.ts");

let server: Running;
before(async () => { server = await startServer(); });
after(async () => { await server.stop(); });

// The page's app asks the service on 127.0.0.1:8000; here the same code asks the test's
// server, and what it logs is kept to be checked.
async function example(baseUrl: string, logged: unknown[][]): Promise<void> {
  const createMuggins = (_: { baseUrl: string }) => create({ baseUrl });
  const console = { log: (...values: unknown[]) => { logged.push(values); } };
  // --- the example ---
  const muggins = createMuggins({ baseUrl: "http://127.0.0.1:8000" });
  const { data, requestId } = await muggins.checkHand(
    { hand: ["5H", "5C", "5S", "JD"], starter: "5D", claimed: 28 });
  console.log(data.total, data.verdict, requestId);   // 29 "undercount" and a fresh id

  try {
    await muggins.checkHand({ hand: ["5H", "ZZ", "5S", "JD"], starter: "5D" },
                            { requestId: "table-7:deal-3" });
  } catch (error) {
    if (error instanceof MugginsError) {
      console.log(error.status, error.errors, error.requestId);
      // 422 [{ pointer: "#/hand/1", detail: "…", code: "invalid-card" }] "table-7:deal-3"
    }
  }
  // --- end of the example ---
}

function dedent(lines: string[]): string {
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join("\n").trim();
}

describe("the documentation's TypeScript example", () => {
  it("is the code this test runs", () => {
    const page = readFileSync(PAGE, "utf8");
    const block = /^```ts\n([\s\S]*?)^```$/m.exec(page)?.[1] ?? "";
    const [imports, ...code] = block.trim().split("\n");
    assert.equal(imports, 'import { createMuggins, MugginsError } from "muggins-client";');
    const source = readFileSync(SOURCE, "utf8");
    const body = /\/\/ --- the example ---\n([\s\S]*?)\n\s*\/\/ --- end of the example ---/
      .exec(source)?.[1] ?? "";
    assert.ok(body, "no example in the test");
    assert.equal(dedent(code), dedent(body.split("\n")));
  });

  it("logs what the page says it logs", async () => {
    const logged: unknown[][] = [];
    await example(server.baseUrl, logged);
    assert.equal(logged.length, 2);
    const [total, verdict, requestId] = logged[0]!;
    assert.equal(total, 29);
    assert.equal(verdict, "undercount");
    assert.match(String(requestId), /^[0-9a-f]{32}$/);
    const [status, errors, id] = logged[1]!;
    assert.equal(status, 422);
    assert.deepEqual((errors as { pointer: string; code: string }[])
      .map((e) => [e.pointer, e.code]), [["#/hand/1", "invalid-card"]]);
    assert.equal(id, "table-7:deal-3");
  });
});
