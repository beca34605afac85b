// A real Muggins server for the tests: gunicorn with the production config (`python -m
// service` from the project's venv), on a free loopback port, stopped when the tests end.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail()));
    });
  });
}

export interface Running {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startServer(): Promise<Running> {
  const port = await freePort();
  const python = process.env.MUGGINS_PYTHON ?? resolve(ROOT, ".venv/bin/python");
  const child: ChildProcess = spawn(python, ["-m", "service"], {
    cwd: ROOT,
    env: { ...process.env, BIND: `127.0.0.1:${port}`, WEB_CONCURRENCY: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => { log = (log + chunk.toString()).slice(-4000); });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${log}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the server did not answer in 30 s: ${log}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    baseUrl,
    stop: () => new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
    }),
  };
}
