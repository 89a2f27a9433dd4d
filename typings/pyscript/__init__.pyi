# The names Omen's adapter imports from PyScript (see typings/README.md).
from typing import Any

document: Any  # the page's `document`
window: Any  # the page's `window` (globalThis)
