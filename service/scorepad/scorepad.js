// The scorepad: a thin page over the public API. No framework, no build step: plain
// modules from the package, under a strict Content-Security-Policy.
import { setUpClub } from "./club.js";
import { setUpDeal } from "./deal.js";
import { setUpHand } from "./hand.js";
import { setUpPlay } from "./play.js";
import { setUpReview } from "./review.js";

setUpHand();
setUpPlay();
setUpDeal();
setUpReview();
setUpClub();
