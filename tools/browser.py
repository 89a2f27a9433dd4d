"""How Omen's tests and benchmarks start Chromium on machines like ours.

Debian's Chromium (``apt-get install chromium``), since ``playwright install`` cannot
download browsers here, with flags that keep it from reaching for the network; and
the first start's question answered, as tests and benchmarks start by default.
"""

import json

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

# Prefs format 3, as a game master has them after the first start's question, answered
# with the defaults: nothing else changed.
ANSWERED_PREFS = {
    "app": "omen",
    "kind": "prefs",
    "schema": 3,
    "data": {
        "language": "",
        "theme": "auto",
        "vibrate": True,
        "sound": False,
        "install_hint_seen": False,
        "game_asked": True,
    },
}
# An init script: only a profile with nothing of Omen's stored (a fresh one, or one a
# test cleared) is given them; whatever is stored already, damaged preferences included,
# stays as it is.
ANSWER_SCRIPT = (
    "(() => { try {"
    " if (!Object.keys(localStorage).some(k => k.startsWith('omen/')))"
    f" localStorage.setItem('omen/prefs', {json.dumps(json.dumps(ANSWERED_PREFS))});"
    " } catch (e) { /* a frame without storage */ } })();"
)
