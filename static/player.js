// Omen's player page: the table's public view, as the game master's phone words it.
//
// No Python runs here and no rule: the game master's Omen sends every line already in
// the player's language (omen/campaign/players.py). This page checks what arrives (the
// same envelope and view the Python codec checks), shows it as text only, keeps the
// last view for the next visit, and says how old it is and that it is not live.

const APP = "omen-table";
const VERSION = 1;
const MAX_PACKED = 6000; // characters of a packed link or answer
const MAX_TEXT = 64000; // characters of one message, or of unpacked JSON
const MAX_LINES = 60;
const MAX_STRING = 2000;
const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;
const B64 = /^[A-Za-z0-9_-]*$/;
const KEPT = "omen-player/view"; // the last view shown, for a visit with no link
const WORD_KEYS = ["clock", "lights", "facts", "results", "people", "asOf", "live", "notLive", "none"];
const VIEW_KEYS = ["lang", "game", "at", "clock", "lights", "facts", "results", "people", "words"];

// The few sentences this page says before any view has come (so before the game
// master's phone could word them): in English and Czech.
const OWN = {
  en: {
    damaged: "This link is damaged: part of it is missing or changed. Ask the game master for a fresh code.",
    newer: "This link comes from a newer Omen: reload this page, or ask for a fresh code.",
    empty: "Scan the code on the game master's phone, or open the link they send, to see the table.",
  },
  cs: {
    damaged: "Odkaz je poškozený: část chybí nebo je změněná. Požádejte vypravěče o nový kód.",
    newer: "Odkaz je z novějšího Omenu: načtěte stránku znovu, nebo požádejte o nový kód.",
    empty: "Naskenujte kód na telefonu vypravěče, nebo otevřete odkaz, který pošle, a uvidíte stav hry.",
  },
};

class Refused extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason; // a key of OWN
  }
}

const own = (key) => {
  const lang = (navigator.language || "en").toLowerCase().startsWith("cs") ? "cs" : "en";
  return OWN[lang][key];
};

// --- packing: zlib and base64url, as omen.campaign.players.pack writes it -------------

function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpack(text) {
  if (typeof text !== "string" || text.length > MAX_PACKED) throw new Refused("damaged");
  if (!B64.test(text) || text.length % 4 === 1) throw new Refused("damaged");
  let bytes;
  try {
    bytes = fromBase64url(text);
  } catch {
    throw new Refused("damaged");
  }
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const chunks = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_TEXT) {
        reader.cancel().catch(() => {});
        throw new Refused("damaged");
      }
      chunks.push(value);
    }
  } catch {
    throw new Refused("damaged");
  }
  const joined = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(joined);
  } catch {
    throw new Refused("damaged");
  }
}

export async function pack(message) {
  const raw = new TextEncoder().encode(JSON.stringify(message));
  const stream = new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

// --- checking: the envelope and the view, field by field ---------------------------

const isText = (value, limit = MAX_STRING) => typeof value === "string" && value.length <= limit;
const isWhole = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;
const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function exactly(value, keys) {
  if (!isRecord(value)) return false;
  const have = Object.keys(value);
  return have.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

function lines(value, limit = MAX_LINES) {
  if (!Array.isArray(value) || value.length > limit || !value.every((line) => isText(line))) {
    throw new Refused("damaged");
  }
  return value;
}

function list(value, limit = MAX_LINES) {
  if (!Array.isArray(value) || value.length > limit) throw new Refused("damaged");
  return value;
}

export function checkView(view) {
  if (!exactly(view, VIEW_KEYS)) throw new Refused("damaged");
  if (!["en", "cs"].includes(view.lang) || !isText(view.game, 100) || !isText(view.at, 20)) {
    throw new Refused("damaged");
  }
  for (const key of ["clock", "lights", "facts"]) lines(view[key]);
  for (const shown of list(view.results)) {
    if (!exactly(shown, ["title", "line", "who"]) || !["title", "line", "who"].every((k) => isText(shown[k]))) {
      throw new Refused("damaged");
    }
  }
  for (const person of list(view.people)) {
    if (!exactly(person, ["id", "name", "lines", "tests"])) throw new Refused("damaged");
    if (!isText(person.id, 100) || !isText(person.name, 200)) throw new Refused("damaged");
    lines(person.lines);
    for (const pair of list(person.tests, 12)) {
      if (!Array.isArray(pair) || pair.length !== 2 || !isText(pair[0], 40) || !isText(pair[1], 100)) {
        throw new Refused("damaged");
      }
    }
  }
  const words = view.words;
  if (!isRecord(words) || !Object.keys(words).every((k) => WORD_KEYS.includes(k) && isText(words[k], 200))) {
    throw new Refused("damaged");
  }
  return view;
}

const FIELDS = {
  join: ["offer", "view"],
  view: ["view"],
  declined: ["id", "reason"],
  bye: [],
};

// The envelope in ``text`` if it is a message of ``kinds`` this page takes.
export function readEnvelope(text, kinds, limit = MAX_TEXT) {
  if (typeof text !== "string" || text.length > limit) throw new Refused("damaged");
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Refused("damaged");
  }
  if (!exactly(data, ["app", "v", "kind", "token", "n", "data"]) || data.app !== APP) {
    throw new Refused("damaged");
  }
  if (!Number.isInteger(data.v) || data.v < 1) throw new Refused("damaged");
  if (data.v > VERSION) throw new Refused("newer");
  if (!kinds.includes(data.kind) || !Object.hasOwn(FIELDS, data.kind)) throw new Refused("damaged");
  if (!isText(data.token, 64) || !TOKEN.test(data.token) || !isWhole(data.n, 1, 1e9)) {
    throw new Refused("damaged");
  }
  const body = data.data;
  if (!exactly(body, FIELDS[data.kind])) throw new Refused("damaged");
  if (data.kind === "join" && !isText(body.offer, MAX_TEXT / 4)) throw new Refused("damaged");
  if (data.kind === "join" || data.kind === "view") checkView(body.view);
  if (data.kind === "declined" && (!isWhole(body.id, 1, 1e9) || !isText(body.reason))) {
    throw new Refused("damaged");
  }
  return data;
}

export async function readInvitation(fragment) {
  const text = fragment.startsWith("#join=") ? fragment.slice(6) : null;
  if (text === null) throw new Refused("damaged");
  return readEnvelope(await unpack(text), ["join"]);
}

// --- showing it: text only ---------------------------------------------------------

const bound = (name) => document.querySelector(`[data-bind="${name}"]`);

function fillLines(list, items, none) {
  const made = items.map((text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  });
  if (!made.length && none) {
    const item = document.createElement("li");
    item.className = "hint";
    item.textContent = none;
    made.push(item);
  }
  list.replaceChildren(...made);
}

function fillWord(word, text) {
  return text.replaceAll("{time}", word);
}

export function showStatus(view, live) {
  const words = view.words;
  const status = bound("status");
  const asOf = fillWord(view.at, words.asOf || "{time}");
  status.textContent = `${asOf} · ${live ? words.live || "" : words.notLive || ""}`;
  status.dataset.live = live ? "yes" : "no";
  status.hidden = false;
}

export function showView(view, live = false) {
  const words = view.words;
  document.documentElement.lang = view.lang;
  bound("error").hidden = true;
  bound("empty").hidden = true;
  bound("game").textContent = view.game;
  for (const heading of document.querySelectorAll("[data-word]")) {
    heading.textContent = words[heading.dataset.word] || "";
  }
  fillLines(bound("clock"), view.clock, words.none);
  fillLines(bound("lights"), view.lights, words.none);
  fillLines(bound("facts"), view.facts, null);
  document.querySelector('[data-part="facts"]').hidden = !view.facts.length;
  const people = view.people.map((person) => {
    const card = document.createElement("article");
    card.className = "character";
    const name = document.createElement("h3");
    name.textContent = person.name;
    const about = document.createElement("ul");
    about.className = "player-lines";
    fillLines(about, person.lines, null);
    card.replaceChildren(name, about);
    return card;
  });
  bound("people").replaceChildren(...people);
  document.querySelector('[data-part="people"]').hidden = !view.people.length;
  const results = view.results.map((shown) => {
    const item = document.createElement("li");
    item.className = "player-result";
    const title = document.createElement("p");
    title.className = "player-result-title";
    title.textContent = shown.title;
    const line = document.createElement("p");
    line.className = "detail";
    line.textContent = shown.line;
    item.replaceChildren(title, ...(shown.line ? [line] : []));
    return item;
  });
  if (!results.length) {
    const item = document.createElement("li");
    item.className = "hint";
    item.textContent = words.none || "";
    results.push(item);
  }
  bound("results").replaceChildren(...results);
  showStatus(view, live);
  bound("view").hidden = false;
}

function showError(reason) {
  bound("view").hidden = true;
  bound("status").hidden = true;
  bound("empty").hidden = true;
  bound("game").textContent = "";
  const banner = bound("error");
  banner.textContent = own(reason) || own("damaged");
  banner.hidden = false;
}

export function keep(view) {
  try {
    localStorage.setItem(KEPT, JSON.stringify(view));
  } catch {
    // a full or closed storage: the view is still shown, just not kept
  }
}

function kept() {
  try {
    const text = localStorage.getItem(KEPT);
    return text && text.length <= MAX_TEXT ? checkView(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export const page = { invitation: null };

async function start() {
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("player-sw.js", { scope: "./player.html" }).catch(() => {});
  }
  const fragment = location.hash;
  if (fragment) {
    try {
      page.invitation = await readInvitation(fragment);
    } catch (error) {
      showError(error instanceof Refused ? error.reason : "damaged");
      document.body.dataset.ready = "error";
      return;
    }
    keep(page.invitation.data.view);
    showView(page.invitation.data.view);
  } else {
    const last = kept();
    if (last) {
      showView(last);
    } else {
      const empty = bound("empty");
      empty.textContent = own("empty");
      empty.hidden = false;
    }
  }
  document.body.dataset.ready = "yes";
  document.dispatchEvent(new CustomEvent("omen-player-ready"));
}

start();
