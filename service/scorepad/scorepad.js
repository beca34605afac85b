// @ts-check
// The scorepad: a thin page over the public API. No framework, no build step: plain
// modules from the package, under a strict Content-Security-Policy.
import { setUpClub } from "./club.js";
import { loadVariants } from "./common.js";
import { openDeal, openGame, setUpDeal } from "./deal.js";
import { openLink, setUpHand } from "./hand.js";
import { setUpInstall } from "./install.js";
import { openOver, setUpKeep } from "./keep.js";
import { setUpPlay } from "./play.js";
import { setUpReview } from "./review.js";
import { setUpShare } from "./share.js";
import { setUpTabs } from "./tabs.js";
import { setUpTap } from "./tap.js";

// Installed and offline: said before anything is fetched.
setUpInstall();
// The variants' facts first: every section builds its seats and board from them.
await loadVariants();
setUpHand();
setUpPlay();
setUpDeal();
setUpTap();
setUpReview();
setUpClub();
setUpTabs();
// The game kept in this browser, back on the page once every section is set up.
setUpKeep();
// A share link in the address bar: the page filled from it and the ruling asked for (the
// game it replaces kept first).
await setUpShare(openDeal, openGame, openOver);
// A hand's link: its fields filled and counted.
await openLink();
// Set up: what a test (or a script) waits for before it types.
document.body.dataset.ready = "true";
