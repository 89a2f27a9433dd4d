"""How Omen's tests and benchmarks start Chromium on machines like ours.

Debian's Chromium (``apt-get install chromium``), since ``playwright install`` cannot
download browsers here, with flags that keep it from reaching for the network.
"""

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
