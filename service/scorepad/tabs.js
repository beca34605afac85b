// @ts-check
// The sections as tabs: the header's links each show their section alone (the table's
// settings stay above every one), so a phone shows one section, not one long scroll. A
// link opened with a section's fragment (/#deal) opens that section, and the section
// chosen is put in the fragment as a new history entry, so a reload stays on it and Back
// and Forward go through the sections as the address does (issue 30, item 3.2); any
// other fragment (a record's) is left as it is, to whoever reads it.
import { $ } from "./common.js";

function links() { return [...document.querySelectorAll("header nav a[href^='#']")]; }

function sectionOf(link) { return $(link.getAttribute("href").slice(1)); }

function isSection(id) { return links().some((link) => sectionOf(link).id === id); }

// Show the section with this id, and only it; say so on its link.
export function showSection(id) {
  for (const link of links()) {
    const section = sectionOf(link);
    if (!section) continue;
    const chosen = section.id === id;
    section.hidden = !chosen;
    if (chosen) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  }
}

// Go to a section as its link does: shown, and put in the fragment unless the fragment
// is a record's (a share link's). For a step that leads to another section: the game's
// review, a share link's ruling.
export function openSection(id) {
  showSection(id);
  if (location.hash === "") history.replaceState(history.state, "", `#${id}`);
  else if (isSection(location.hash.slice(1)) && location.hash !== `#${id}`) history.pushState(null, "", `#${id}`);
}

// The section the address names, or the first; a record's fragment leaves the tabs alone.
function follow() {
  const asked = location.hash.slice(1);
  if (isSection(asked)) showSection(asked);
  else if (asked === "") showSection(sectionOf(links()[0]).id);
}

export function setUpTabs() {
  for (const link of links()) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      openSection(sectionOf(link).id);
    });
  }
  // Back, Forward, and an address typed or followed: the tabs follow it.
  window.addEventListener("popstate", follow);
  window.addEventListener("hashchange", follow);
  const asked = location.hash.slice(1);
  showSection(isSection(asked) ? asked : sectionOf(links()[0]).id);
}
