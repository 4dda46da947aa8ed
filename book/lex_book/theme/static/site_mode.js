// The page's colour mode, set before its style sheets apply (templates/layout.html loads this first in the head; a
// file, not an inline script, so that the site's Content-Security-Policy needs no 'unsafe-inline'). The mode is
// _config.yml's default_mode, "auto": the reader's system (a phone's dark mode); a choice stored by the theme's
// switch (not drawn) is never read.
document.documentElement.dataset.mode = "auto";
document.documentElement.dataset.theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
