// The scorepad: a thin page over the public API. No framework, no build step: plain
// modules from the package, under a strict Content-Security-Policy.
import { setUpClub } from "./club.js";
import { loadVariants } from "./common.js";
import { setUpDeal } from "./deal.js";
import { setUpHand } from "./hand.js";
import { setUpPlay } from "./play.js";
import { setUpReview } from "./review.js";
import { setUpTabs } from "./tabs.js";
import { setUpTap } from "./tap.js";

// The variants' facts first: every section builds its seats and board from them.
await loadVariants();
setUpHand();
setUpPlay();
setUpDeal();
setUpTap();
setUpReview();
setUpClub();
setUpTabs();
// Set up: what a test (or a script) waits for before it types.
document.body.dataset.ready = "true";
