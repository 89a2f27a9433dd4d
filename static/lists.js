// What Python asks of the page in one call (py/omen_web/kit/dom.py: `items`, `texts`;
// py/omen_web/kit/focus.py: `reveal_result`, `refuse`; py/omen_web/kit/storage.py: `LocalBackend`).
//
// Each call from Python into the page costs tens of microseconds at full speed, four
// times that on a mid-range phone, and a Log entry is a dozen of them one by one: its
// time, its title and one item per step. Here they are one call each. Text goes in as
// text (textContent), never as markup; a selector that finds nothing throws, as a
// wiring bug should.

// Replace the items of `list` with one <li> per text.
globalThis.omenItems = (list, texts) => {
  const items = [];
  for (const text of texts) {
    const item = document.createElement("li");
    item.textContent = String(text);
    items.push(item);
  }
  list.replaceChildren(...items);
};

// Set the text of elements inside `root`: `pairs` holds [selector, text] pairs.
globalThis.omenTexts = (root, pairs) => {
  for (const [selector, text] of pairs) {
    const node = root.querySelector(selector);
    if (node === null) throw new Error(`nothing in the page matches ${selector}`);
    node.textContent = String(text);
  }
};

// The element that shows the result of an action (`data-result="next-turn draw-attention"`
// in the page's markup names the actions whose result it shows; a screen may mark one it
// builds). Where a part of the page is built more than once (GURPS's two sides, each
// with its "Use this SM"), the result nearest the button is its own: the first one
// inside the closest of its ancestors that holds one.
function resultOf(action) {
  const name = action.dataset.action;
  if (!/^[a-z0-9-]+$/.test(name)) return undefined;
  const selector = `[data-result~="${name}"]`;
  for (let node = action.parentElement; node !== null; node = node.parentElement) {
    const found = node.querySelector(selector);
    if (found !== null) return found;
  }
  return undefined;
}

// Scroll `node` to the top of the free part of the page (under the header, above
// `bars`) when any of it is out of it; true when it was scrolled.
function bring(node, bars) {
  const box = node.getBoundingClientRect();
  const top = document.querySelector("header.top").getBoundingClientRect().bottom;
  let bottom = window.innerHeight;
  for (const bar of document.querySelectorAll(bars)) {
    const edge = bar.getBoundingClientRect();
    if (edge.height > 0) bottom = Math.min(bottom, edge.top);
  }
  if (box.top >= top && box.bottom <= bottom) return false;
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  node.scrollIntoView({ block: "start", behavior: calm ? "auto" : "smooth" });
  return true;
}

globalThis.omenRevealResult = (target, bars) => {
  const action = target instanceof Element ? target.closest("[data-action]") : null;
  if (action === null) return false;
  const result = resultOf(action);
  if (result === undefined) return false;
  // A result in a step folded since (it is finished): its one-line summary says it.
  const folded = result.closest("details:not([open])");
  const shown = folded === null ? result : folded.querySelector(":scope > summary");
  if (shown === null || shown.getClientRects().length === 0) return false;
  return bring(shown, bars);
};

// A refusal, or a request for more input, of the action tapped at `target`, said where
// its result would have gone (py/omen_web/kit/focus.py: `refuse`): in place of the
// action's result element (hidden meanwhile, so an older result never reads as the
// answer to this tap), else just above the action bar it was tapped in, else just after
// the control; announced (role="alert") and brought into view. False when the tap has no
// place on show (the app says it in a notice instead).
globalThis.omenRefuse = (target, text, bars) => {
  const action = target instanceof Element ? target.closest("[data-action]") : null;
  if (action === null || action.getClientRects().length === 0) return false;
  globalThis.omenClearRefusals();
  const note = document.createElement("p");
  note.className = "refusal";
  note.setAttribute("role", "alert");
  note.textContent = String(text);
  const result = resultOf(action);
  const bar = action.closest(".actions");
  if (result !== undefined && result.parentElement.getClientRects().length > 0) {
    result.before(note);
    result.dataset.refused = "";
  } else if (bar !== null) {
    bar.before(note);
  } else {
    (action.closest("label, .ose-buttons, .buttons") || action).after(note);
  }
  bring(note, bars);
  return true;
};

// Take away the refusals on show, and show again the results they stood in for.
globalThis.omenClearRefusals = () => {
  for (const note of document.querySelectorAll("p.refusal")) note.remove();
  for (const node of document.querySelectorAll("[data-refused]")) delete node.dataset.refused;
};

// localStorage, remembering what this page last read or wrote under each of the keys it
// used lately, so that whether another tab wrote there since is answered here, without
// the text (the log's newest page: ten thousand characters or more) crossing into Python
// to be compared. `unchanged` answers null for a key not remembered (Python then reads
// and compares). `put` throws as setItem does (storage full or switched off),
// remembering nothing new.
const seenInStorage = new Map(); // the newest last
const KEYS_REMEMBERED = 16;
function remember(key, text) {
  seenInStorage.delete(key);
  seenInStorage.set(key, text);
  if (seenInStorage.size > KEYS_REMEMBERED) seenInStorage.delete(seenInStorage.keys().next().value);
}
globalThis.omenStorage = {
  kept: KEYS_REMEMBERED,
  get(key) {
    const text = localStorage.getItem(key);
    remember(key, text);
    return text;
  },
  put(key, text) {
    localStorage.setItem(key, text);
    // What storage now holds, as it hands it out: one flat string, where the text
    // Python handed over is pieces joined (kept, its pieces would all stay in memory).
    remember(key, localStorage.getItem(key));
  },
  drop(key) {
    localStorage.removeItem(key);
    remember(key, null);
  },
  names() {
    return Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  },
  unchanged(key) {
    if (!seenInStorage.has(key)) return null;
    return localStorage.getItem(key) === seenInStorage.get(key);
  },
};
