// @ts-check
// The page's notices (#notices, at the top of the page): what the director should know
// about the page itself, not about a hand. Storage that will not keep the work, a game
// this page cannot open, the network gone.
import { $, el } from "./common.js";

// Say `words` under `id`, replacing what that notice said; no words take it away.
export function notice(id, words) {
  const old = $(id);
  if (!words) {
    if (old) old.remove();
    return;
  }
  const node = el("p", { id, class: "notice" }, words);
  if (old) old.replaceWith(node); else $("notices").append(node);
}
