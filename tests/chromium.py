"""Debian's chromium as every browser test launches it (through playwright; never `playwright install`)."""

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
