// The page's colour mode, set before its style sheets apply (templates/layout.html loads this first in the head; a
// file, not an inline script, so that the site's Content-Security-Policy needs no 'unsafe-inline').
document.documentElement.dataset.mode = "light";
document.documentElement.dataset.theme = "light";
