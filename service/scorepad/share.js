// @ts-check
// A ruling you can send: the record packed into the link's fragment (docs/notation.md,
// "Share links"), opened on any device by filling the page and asking the referee again.
// The server writes the link and reads it back (POST /v1/notation/write and /read): the
// fragment is sent in a request's body, never in a URL, and nothing is kept. The link is
// also drawn as a QR code while it fits one a phone reads off a screen, and the ruling
// has a print view (share.css).
import { $, el } from "./common.js";
import { openSection } from "./tabs.js";
import qrcode from "./vendor/qrcode.js";

// The largest QR code drawn: version 25 (117 modules a side) at level M holds 997
// characters, and a phone camera still reads it off a phone's screen.
export const QR_VERSION = 25;
export const QR_LEVEL = "M";

// Ask the server about a record or a link: it writes the link and reads it back, so the
// page keeps no copy of the notation or the link format. A link's fragment goes in the
// body, never in a URL. The answer, or {problem} in the server's words, or null offline.
async function shared(path, body) {
  try {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const answer = await response.json();
    return response.ok ? answer : { problem: answer };
  } catch (error) {
    return null;
  }
}

// --- on the page ---------------------------------------------------------------------------

export function linkOf(fragment) {
  return `${location.origin}${location.pathname}#${fragment}`;
}

// The link as a QR code on a canvas, or null when it does not fit the largest one drawn.
export function qrCanvas(link) {
  let code;
  try {
    code = qrcode(0, QR_LEVEL);
    code.addData(link, "Byte");
    code.make();
  } catch (error) {
    return null;
  }
  const modules = code.getModuleCount();
  const version = (modules - 17) / 4;
  if (version > QR_VERSION) return null;
  const scale = 4;
  const quiet = 4;
  const size = (modules + 2 * quiet) * scale;
  const canvas = el("canvas", { width: size, height: size, class: "qr", role: "img", id: "share-qr",
    "data-version": version, "aria-label": "The share link as a QR code, to open on a phone" });
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#fff";
  pen.fillRect(0, 0, size, size);
  pen.fillStyle = "#000";
  for (let r = 0; r < modules; r += 1) {
    for (let c = 0; c < modules; c += 1) {
      if (code.isDark(r, c)) pen.fillRect((c + quiet) * scale, (r + quiet) * scale, scale, scale);
    }
  }
  return canvas;
}

// The share panel under a ruling: the link, the QR code while it fits, and print. The
// server writes the record as the link; its answer (the record read, and the seats of
// the next deal) is returned, or null when it could not be asked.
export async function offerShare(out, text, settings) {
  const written = await shared("/v1/notation/write",
    { notation: text, ruleset: settings.ruleset ?? $("ruleset").value, muggins: settings.muggins ?? $("muggins").checked });
  if (written === null || written.problem || written.link === null) {
    const why = written === null ? "the referee could not be reached"
      : written.problem ? (written.problem.errors || [{ detail: written.problem.detail }])[0].detail : written.no_link;
    out.append(el("p", { class: "note", id: "share-none" }, `This ruling cannot be sent as a link: ${why}.`));
    return written && !written.problem ? written : null;
  }
  const fragment = written.link;
  const link = linkOf(fragment);
  const qr = qrCanvas(link);
  const copy = el("button", { type: "button", class: "secondary", id: "share-copy" }, "Copy the link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = "Copied.";
    } catch (error) {
      status.textContent = "The browser would not copy: select the link and copy it.";
    }
  });
  const print = el("button", { type: "button", class: "secondary", id: "share-print" }, "Print the ruling");
  print.addEventListener("click", () => { document.body.classList.add("share-printing"); window.print(); });
  const status = el("span", { class: "note", "aria-live": "polite" });
  out.append(el("div", { class: "share", id: "share" },
    el("h3", {}, "Send this ruling"),
    el("p", { class: "note" }, "The link holds the whole record; opened on any device, the page asks the referee again. "
      + "Nothing is kept on the server."),
    el("p", {}, el("a", { id: "share-link", href: link, "data-length": link.length }, link)),
    qr || el("p", { class: "note", id: "share-no-qr" }, `The link (${link.length} characters) is too long for a QR code a phone reads off a screen: send the link.`),
    el("div", { class: "buttons" }, copy, print, status)));
  return written;
}

function problem(message) {
  let box = $("share-problem");
  if (!box) {
    box = el("div", { id: "share-problem", class: "error problems-box", role: "alert", tabindex: "-1" });
    $("table").before(box);
  }
  box.replaceChildren(el("p", {}, el("strong", {}, "This share link cannot be opened. "), message));
  box.hidden = false;
  box.focus();
}

// Open the link in the address bar, if it is one: fill the page, then ask the referee.
// `over(open)` runs the opening (keep.js keeps the game it replaces first).
export async function openShared(openDeal, openGame, over = (open) => open()) {
  const hash = location.hash;
  if (!/^#r\d/.test(hash)) return;
  // The ruling is the deal's, on its tab; a link that cannot be opened is told there too.
  openSection("deal");
  const old = $("share-problem");
  if (old) old.hidden = true;
  const record = await shared("/v1/notation/read", { link: hash.slice(1) });
  if (record === null || record.problem) {
    problem(record === null ? "The referee could not be reached to read it: try again once it is back."
      : (record.problem.errors || [{ detail: record.problem.detail }])[0].detail);
    return;
  }
  await over(async () => {
    $("variant").value = record.variant;
    $("variant").dispatchEvent(new Event("change"));
    $("ruleset").value = record.ruleset;
    $("ruleset").dispatchEvent(new Event("change"));
    $("muggins").checked = record.muggins;
    $("muggins").dispatchEvent(new Event("change"));
    if (record.kind === "game") await openGame(record);
    else await openDeal(record, record.deals[0]);
  });
}

export function setUpShare(openDeal, openGame, over) {
  window.addEventListener("afterprint", () => document.body.classList.remove("share-printing"));
  window.addEventListener("hashchange", () => openShared(openDeal, openGame, over));
  return openShared(openDeal, openGame, over);
}
