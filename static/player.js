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
const MAX_RECAP = 16000; // characters of a session recap
const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;
const B64 = /^[A-Za-z0-9_-]*$/;
// A STUN server's address, as the game master's setting takes it (omen.campaign.settings.STUN):
// stun:, a host name, an IPv4 address or an IPv6 one in brackets, an optional port 1 to 65535.
const STUN =
  /^stun:(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)(:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?$/;
const MAX_SETTING = 200; // characters of a typed setting
const KEPT = "omen-player/view"; // the last view shown, for a visit with no link
const SEAT = "omen-player/seat"; // the seat the game master gave, to take the place back
const WORD_KEYS = [
  "clock", "lights", "facts", "results", "people", "asOf", "live", "notLive", "none", "join",
  "yourName", "answerHint", "answer", "copy", "ask", "askButton", "character", "characteristic",
  "push", "asked", "declined", "removed", "faces", "facesHint", "roll", "skill", "level", "modifiers",
  "rollOdds", "noRoll", "recap",
];
const VIEW_KEYS = ["lang", "game", "at", "clock", "lights", "facts", "results", "people", "words", "rolls"];

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
      if (
        !Array.isArray(pair) || pair.length !== 3 || !isText(pair[0], 40) || !isText(pair[1], 100) ||
        !isText(pair[2], 300)
      ) {
        throw new Refused("damaged");
      }
    }
  }
  for (const pair of list(view.rolls, 20)) {
    if (!Array.isArray(pair) || pair.length !== 2 || !isWhole(pair[0], 0, 100) || !isText(pair[1], 40)) {
      throw new Refused("damaged");
    }
  }
  const words = view.words;
  if (!isRecord(words) || !Object.keys(words).every((k) => WORD_KEYS.includes(k) && isText(words[k], 200))) {
    throw new Refused("damaged");
  }
  return view;
}

const FIELDS = {
  join: ["offer", "view", "stun"],
  view: ["view"],
  declined: ["id", "reason"],
  bye: [],
  seat: ["seat"],
  recap: ["text"],
};

// "" (no server) or a STUN server's address: anything else in an invitation is refused.
export const isStun = (value) => value === "" || (isText(value, MAX_SETTING) && STUN.test(value));

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
  if (data.kind === "join" && !isStun(body.stun)) throw new Refused("damaged");
  if (data.kind === "join" || data.kind === "view") checkView(body.view);
  if (data.kind === "declined" && (!isWhole(body.id, 1, 1e9) || !isText(body.reason))) {
    throw new Refused("damaged");
  }
  if (data.kind === "seat" && (!isText(body.seat, 64) || !TOKEN.test(body.seat))) {
    throw new Refused("damaged");
  }
  if (data.kind === "recap" && !isText(body.text, MAX_RECAP)) throw new Refused("damaged");
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
  page.view = view;
  fillAsk(view);
  fillRoll(view);
}

function showError(reason) {
  bound("view").hidden = true;
  bound("join").hidden = true;
  bound("ask").hidden = true;
  bound("roll").hidden = true;
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

// A new result came: a status still saying "Asked" is no longer true (the result is
// in view below).
function answered(view) {
  for (const where of ["ask-status", "roll-status"]) {
    const line = bound(where);
    if (line.textContent === view.words.asked) line.textContent = "";
  }
}

// The session recap the game master shared: plain text, shown as text.
function showRecap(text) {
  const words = page.view ? page.view.words : {};
  bound("recap-text").textContent = text;
  bound("recap").hidden = !text;
  const heading = bound("recap").querySelector("h2");
  heading.textContent = words.recap || heading.textContent;
}

// The seat this phone holds at the table, with the name it joined under: a fresh code
// from the game master then takes the same place back (the seat is the secret; a name
// alone is refused on the game master's phone).
function keptSeat() {
  try {
    const kept = JSON.parse(localStorage.getItem(SEAT) || "{}");
    const seat = isText(kept.seat, 64) && TOKEN.test(kept.seat) ? kept.seat : "";
    return { seat, name: isText(kept.name, 40) ? kept.name : "" };
  } catch {
    return { seat: "", name: "" };
  }
}

function keepSeat(seat, name) {
  try {
    localStorage.setItem(SEAT, JSON.stringify({ seat, name }));
  } catch {
    // a full or closed storage: this phone joins as a new player next time
  }
}

// A view this phone kept before the view gained the odds (each test's third item, and
// GURPS's "rolls"): brought up to today's shape, so the last state still shows. Nothing
// else is mended; the result is checked like any view.
export function upgradeKept(view) {
  if (!isRecord(view)) return view;
  const upgraded = { ...view };
  if (!("rolls" in upgraded)) upgraded.rolls = [];
  if (Array.isArray(upgraded.people)) {
    upgraded.people = upgraded.people.map((person) =>
      isRecord(person) && Array.isArray(person.tests)
        ? { ...person, tests: person.tests.map((pair) => (Array.isArray(pair) && pair.length === 2 ? [...pair, ""] : pair)) }
        : person,
    );
  }
  return upgraded;
}

function kept() {
  try {
    const text = localStorage.getItem(KEPT);
    return text && text.length <= MAX_TEXT ? checkView(upgradeKept(JSON.parse(text))) : null;
  } catch {
    return null;
  }
}

export const page = {
  invitation: null, // the checked invitation the page was opened with
  view: null, // the view on show
  channel: null, // the open data channel to the game master's phone
  connection: null,
  sent: 1, // this page's running number (its answer was 1)
  heard: 1, // the game master's last running number taken
  asks: 0,
  name: "", // the name this phone joined under
  asked: new Map(), // the status line of each request, by its number
};

// --- joining: the answer to the game master's offer, and the live channel ------------

function gathered(connection) {
  return new Promise((done) => {
    if (connection.iceGatheringState === "complete") {
      done();
      return;
    }
    const timer = setTimeout(done, 5000);
    connection.addEventListener("icegatheringstatechange", () => {
      if (connection.iceGatheringState === "complete") {
        clearTimeout(timer);
        done();
      }
    });
  });
}

const language = () => ((navigator.language || "en").toLowerCase().startsWith("cs") ? "cs" : "en");

async function drawQr(target, text) {
  const { default: qrcode } = await import("./vendor/qrcode-generator/qrcode.mjs");
  const code = qrcode(0, "L");
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  const quiet = 4;
  const total = size + 2 * quiet;
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${total} ${total}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", page.view ? page.view.words.answer || "" : "");
  svg.setAttribute("shape-rendering", "crispEdges");
  const back = document.createElementNS(svgNS, "rect");
  back.setAttribute("width", String(total));
  back.setAttribute("height", String(total));
  back.setAttribute("fill", "#ffffff");
  let moves = "";
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) if (code.isDark(y, x)) moves += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }
  const path = document.createElementNS(svgNS, "path");
  path.setAttribute("d", moves);
  path.setAttribute("fill", "#000000");
  svg.replaceChildren(back, path);
  target.replaceChildren(svg);
}

async function join(name) {
  const invitation = page.invitation;
  const stun = invitation.data.stun; // checked as the invitation was read
  const connection = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
  page.connection = connection;
  connection.addEventListener("datachannel", (event) => listen(event.channel));
  connection.addEventListener("connectionstatechange", () => {
    if (["failed", "disconnected", "closed"].includes(connection.connectionState)) dropped();
  });
  try {
    await connection.setRemoteDescription({ type: "offer", sdp: invitation.data.offer });
    await connection.setLocalDescription(await connection.createAnswer());
  } catch {
    connection.close();
    showError("damaged");
    return;
  }
  await gathered(connection);
  const answer = {
    app: APP,
    v: VERSION,
    kind: "answer",
    token: invitation.token,
    n: 1,
    data: { sdp: connection.localDescription.sdp, name, lang: language(), seat: keptSeat().seat },
  };
  const text = `omen-answer:${await pack(answer)}`;
  bound("answer-text").value = text;
  bound("answer").hidden = false;
  await drawQr(bound("answer-qr"), text);
}

function listen(channel) {
  channel.addEventListener("open", () => {
    page.channel = channel;
    bound("join").hidden = true;
    if (page.view) showView(page.view, true);
  });
  channel.addEventListener("close", dropped);
  channel.addEventListener("message", (event) => hear(event.data));
}

function dropped() {
  page.channel = null;
  bound("ask").hidden = true;
  bound("roll").hidden = true;
  if (page.view) showStatus(page.view, false);
}

function hear(text) {
  let message;
  try {
    message = readEnvelope(text, ["view", "declined", "bye", "seat", "recap"]);
  } catch {
    return; // refused: nothing changes
  }
  if (message.token !== page.invitation.token || message.n <= page.heard) return;
  page.heard = message.n;
  if (message.kind === "recap") {
    showRecap(message.data.text);
  } else if (message.kind === "seat") {
    keepSeat(message.data.seat, page.name);
  } else if (message.kind === "view") {
    keep(message.data.view);
    const before = page.view ? JSON.stringify(page.view.results) : "";
    showView(message.data.view, true);
    if (JSON.stringify(message.data.view.results) !== before) answered(message.data.view);
  } else if (message.kind === "declined") {
    const words = page.view.words;
    const where = page.asked.get(message.data.id) || "ask-status";
    bound(where).textContent = (words.declined || "{reason}").replaceAll("{reason}", message.data.reason);
  } else if (message.kind === "bye") {
    bound("ask-status").textContent = page.view.words.removed || "";
    if (page.channel) page.channel.close();
    dropped();
  }
}

function fillAsk(view) {
  const people = view.people.filter((person) => person.tests.length);
  const section = bound("ask");
  section.hidden = !(page.channel && people.length);
  if (section.hidden) return;
  const form = bound("ask-form");
  const who = form.elements.character;
  const chosen = who.value;
  who.replaceChildren(
    ...people.map((person) => {
      const option = document.createElement("option");
      option.value = person.id;
      option.textContent = person.name;
      return option;
    }),
  );
  if (people.some((person) => person.id === chosen)) who.value = chosen;
  fillCharacteristics(view);
}

function fillCharacteristics(view) {
  const form = bound("ask-form");
  const person = view.people.find((p) => p.id === form.elements.character.value);
  const what = form.elements.characteristic;
  const chosen = what.value;
  what.replaceChildren(
    ...(person ? person.tests : []).map(([key, words]) => {
      const option = document.createElement("option");
      option.value = key;
      option.textContent = words;
      return option;
    }),
  );
  if (person && person.tests.some(([key]) => key === chosen)) what.value = chosen;
  showOdds(view);
}

// The exact odds of the test chosen, as the game master's phone worded them.
function showOdds(view) {
  const form = bound("ask-form");
  const person = view.people.find((p) => p.id === form.elements.character.value);
  const test = person ? person.tests.find(([key]) => key === form.elements.characteristic.value) : null;
  bound("ask-odds").textContent = test ? test[2] : "";
}

function ask(event) {
  event.preventDefault();
  if (!page.channel) return;
  const form = bound("ask-form");
  page.sent += 1;
  page.asks += 1;
  const message = {
    app: APP,
    v: VERSION,
    kind: "ask",
    token: page.invitation.token,
    n: page.sent,
    data: {
      id: page.asks,
      test: {
        character: form.elements.character.value,
        characteristic: form.elements.characteristic.value,
        pool: form.elements.push.checked ? { pushed: true } : {},
        faces: form.elements.faces.value.slice(0, 60),
      },
    },
  };
  page.channel.send(JSON.stringify(message));
  page.asked.set(page.asks, "ask-status");
  form.elements.push.checked = false;
  form.elements.faces.value = "";
  bound("ask-status").textContent = page.view.words.asked || "";
}

// GURPS: a success roll with the player's skill, modifiers and dice. The odds come
// from the game master's phone (view.rolls, by effective skill); the page only adds
// the modifiers up to find the line, and the game master's phone checks everything.
function fillRoll(view) {
  const section = bound("roll");
  section.hidden = !(page.channel && view.rolls.length);
  if (!section.hidden) showRollOdds(view);
}

function effective(form) {
  const level = Number.parseInt(form.elements.level.value, 10);
  if (!Number.isInteger(level)) return null;
  const text = form.elements.modifiers.value.replace(/[\u2212\u2013]/g, "-");
  let total = level;
  for (const found of text.matchAll(/([+-]?)\s*([0-9]{1,3})/g)) {
    total += (found[1] === "-" ? -1 : 1) * Number(found[2]);
  }
  return total;
}

function showRollOdds(view) {
  const words = view.words;
  const level = effective(bound("roll-form"));
  const line = bound("roll-odds");
  if (level === null || !view.rolls.length) {
    line.textContent = "";
    return;
  }
  const lowest = view.rolls[0][0];
  if (level < lowest) {
    line.textContent = words.noRoll || "";
    return;
  }
  const pair = view.rolls.find(([at]) => at === level) || view.rolls[view.rolls.length - 1];
  line.textContent = (words.rollOdds || "")
    .replaceAll("{level}", String(level).replace("-", "\u2212"))
    .replaceAll("{chance}", pair[1]);
}

function askRoll(event) {
  event.preventDefault();
  if (!page.channel) return;
  const form = bound("roll-form");
  const level = Number.parseInt(form.elements.level.value, 10);
  if (!Number.isInteger(level)) return;
  page.sent += 1;
  page.asks += 1;
  const message = {
    app: APP,
    v: VERSION,
    kind: "roll",
    token: page.invitation.token,
    n: page.sent,
    data: {
      id: page.asks,
      skill: form.elements.skill.value.trim().slice(0, 80),
      level,
      modifiers: form.elements.modifiers.value.slice(0, 120),
      faces: form.elements.faces.value.slice(0, 60),
    },
  };
  page.channel.send(JSON.stringify(message));
  page.asked.set(page.asks, "roll-status");
  form.elements.faces.value = "";
  bound("roll-status").textContent = page.view.words.asked || "";
}

function wireForms() {
  bound("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = event.target.elements.name.value.trim();
    if (!name || !page.invitation) return;
    event.target.querySelector("button").disabled = true;
    page.name = name.slice(0, 40);
    join(page.name);
  });
  bound("answer-copy").addEventListener("click", () => {
    const field = bound("answer-text");
    field.select();
    navigator.clipboard?.writeText(field.value).catch(() => {});
  });
  bound("ask-form").addEventListener("submit", ask);
  bound("roll-form").addEventListener("submit", askRoll);
  bound("roll-form").addEventListener("input", () => page.view && showRollOdds(page.view));
  bound("ask-form").elements.character.addEventListener("change", () => page.view && fillCharacteristics(page.view));
  bound("ask-form").elements.characteristic.addEventListener("change", () => page.view && showOdds(page.view));
}

async function start() {
  wireForms();
  // A fresh code opened in this tab: a new invitation, so the page starts again.
  window.addEventListener("hashchange", () => location.reload());
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
    bound("join").hidden = false;
    const before = keptSeat();
    if (before.seat && before.name) bound("join-form").elements.name.value = before.name;
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
