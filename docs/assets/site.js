// What axe-core asks of the theme (tests/page/test_docs_site.py): a wide table scrolls
// in its own region, which the keyboard must reach; the search dialog has a name. The
// theme wraps the tables once a page is shown, so this runs after it (document$).
function mend() {
  const regions = document.querySelectorAll(".md-typeset__scrollwrap");
  regions.forEach((region, i) => {
    region.tabIndex = 0;
    region.setAttribute("role", "region");
    region.setAttribute("aria-label", `Table ${i + 1}`);
  });
  for (const dialog of document.querySelectorAll("[role='dialog']:not([aria-label])")) {
    dialog.setAttribute("aria-label", "Search");
  }
}
if (window.document$) {
  window.document$.subscribe(mend);
} else {
  document.addEventListener("DOMContentLoaded", mend);
}
