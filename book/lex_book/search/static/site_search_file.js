// The search page opened from the file system (lex_book/search/site_search.py): a browser runs no module script from
// a file:// address and fetches no index there, so the page would stay silently empty. This classic script shows
// the search page's note that the search needs the site served, and how, and turns the search field off.
(function () {
  if (location.protocol !== "file:") return;
  const note = document.getElementById("lm-search-needs-server");
  if (!note) return;
  note.hidden = false;
  const input = document.getElementById("lm-search-query");
  if (input) input.setAttribute("aria-describedby", note.id);
  const status = document.getElementById("lm-search-status");
  if (status) status.textContent = "Search is not available from a file:// address.";
})();
