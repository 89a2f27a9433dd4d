// Omen's player page: the table's public view, as the game master's phone words it.
//
// No Python runs here and no rule: the game master's Omen sends every line already in
// the player's language (omen/campaign/players.py). This page checks what arrives (the
// same envelope and view the Python codec checks), shows it as text only, keeps the
// last view for the next visit, and says how old it is and that it is not live.

const APP = "omen-table";
const VERSION = 1;
const MAX_PACKED = 1100; // characters of a code (the largest a valid one can be: 1012)
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
// master's phone could word them): in English and Czech. The joining form's words are
// the view's own (omen.campaign.players.WORDS), in the same two languages.
const OWN = {
  en: {
    damaged: "This link is damaged: part of it is missing or changed. Ask the game master for a fresh code.",
    newer: "This link comes from a newer Omen: reload this page, or ask for a fresh code.",
    older: "This link comes from an older Omen: ask the game master for a fresh code.",
    empty: "Scan the code on the game master's phone, or open the link they send, to see the table.",
    connecting: "connecting…",
    notConnected: "not connected: ask the game master for a fresh code",
    join: "Join the table",
    yourName: "Your name",
    answerHint:
      "Show this code to the game master, or copy the text and send it: on their phone it goes under “Add a player”.",
    answer: "Your answer for the game master",
    copy: "Copy",
  },
  cs: {
    damaged: "Odkaz je poškozený: část chybí nebo je změněná. Požádejte vypravěče o nový kód.",
    newer: "Odkaz je z novějšího Omenu: načtěte stránku znovu, nebo požádejte o nový kód.",
    older: "Odkaz je ze staršího Omenu: požádejte vypravěče o nový kód.",
    empty: "Naskenujte kód na telefonu vypravěče, nebo otevřete odkaz, který pošle, a uvidíte stav hry.",
    connecting: "připojování…",
    notConnected: "nepřipojeno: požádejte vypravěče o nový kód",
    join: "Připojit se ke hře",
    yourName: "Vaše jméno",
    answerHint:
      "Ukažte tento kód vypravěči, nebo text zkopírujte a pošlete mu ho: v jeho telefonu patří pod „Přidat hráče“.",
    answer: "Vaše odpověď pro vypravěče",
    copy: "Kopírovat",
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

// --- base32 (RFC 4648, no padding), as omen.campaign.players.pack writes a code ------

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function toBase32(bytes) {
  let text = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      text += B32[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += B32[(value << (5 - bits)) & 31];
  return text;
}

// The bytes of a base32 code (either case), or null when it is not one.
export function fromBase32(text) {
  if (!/^[A-Za-z2-7]+$/.test(text) || [1, 3, 6].includes(text.length % 8)) return null;
  const bytes = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase()) {
    value = ((value << 5) | B32.indexOf(char)) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

// --- the code: connection details cut to what WebRTC needs --------------------------
//
// As omen/campaign/sdp.py and omen.campaign.players.pack write it (the rule of what is
// kept, and its sources, is in sdp.py's docstring): the format's number (2), the kind's
// (1: an invitation, 2: an answer), the token, the ICE fragment and password, the DTLS
// fingerprint (SHA-256) and role, the mid, the UDP candidates; in an answer the
// language, the seat and the name; an Adler-32 checksum. Every field is checked here
// before a description is built from it.

const PACKED = 2;
const MAX_CANDIDATES = 8;
const KINDS = ["host", "srflx", "relay", "prflx"];
const PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const ROLES = ["actpass", "active", "passive"];
const ICE = /^[A-Za-z0-9+/]+$/;
const MID = /^[A-Za-z0-9_.-]{1,16}$/;
const MDNS = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/;
const FINGERPRINT = /^(?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/;
const FORMS = { 4: 4, 6: 16, 1: 16 }; // an address's form: IPv4, IPv6, mDNS name; its bytes

export function adler32(bytes) {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const isIce = (text, shortest) => typeof text === "string" && text.length >= shortest && text.length <= 64 && ICE.test(text);

function ipv4Bytes(text) {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function ipv6Bytes(text) {
  if (!/^[0-9A-Fa-f:]{2,39}$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return null;
  return all.flatMap((group) => [Number.parseInt(group, 16) >> 8, Number.parseInt(group, 16) & 255]);
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  let best = -1;
  let length = 1;
  for (let i = 0; i < 8; i += 1) {
    let j = i;
    while (j < 8 && groups[j] === "0") j += 1;
    if (j - i > length) [best, length] = [i, j - i];
  }
  if (best < 0) return groups.join(":");
  return `${groups.slice(0, best).join(":")}::${groups.slice(best + length).join(":")}`;
}

const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

// An address's form and bytes, or null when no peer can have it.
function addressBytes(text) {
  if (MDNS.test(text)) {
    const digits = text.slice(0, -6).replace(/-/g, "");
    return [1, digits.match(/../g).map((pair) => Number.parseInt(pair, 16))];
  }
  const four = ipv4Bytes(text);
  if (four) return fitAddress(4, four) ? [4, four] : null;
  const six = ipv6Bytes(text);
  return six && fitAddress(6, six) ? [6, six] : null;
}

function fitAddress(form, bytes) {
  if (form === 4) return bytes[0] !== 0 && bytes[0] < 224;
  if (form === 6) return bytes.some((byte) => byte !== 0) && bytes[0] !== 0xff;
  return true;
}

function addressText(form, bytes) {
  if (form === 4) return bytes.join(".");
  if (form === 6) return ipv6Text(bytes);
  const digits = hex(bytes);
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}.local`;
}

// The details of a browser's description: what sdp.py's Details.from_sdp keeps.
export function detailsOf(sdp) {
  const found = {};
  const candidates = [];
  for (const line of sdp.split(/\r?\n/)) {
    const at = line.indexOf(":");
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (key === "a=candidate") {
      const fields = value.split(/\s+/);
      if (fields.length < 8 || fields[2].toLowerCase() !== "udp" || fields[6] !== "typ") continue;
      const port = /^[0-9]{1,5}$/.test(fields[5]) ? Number(fields[5]) : 0;
      const address = addressBytes(fields[4]);
      if (!KINDS.includes(fields[7]) || port < 1 || port > 65535 || !address) continue;
      if (candidates.length < MAX_CANDIDATES) candidates.push({ kind: fields[7], form: address[0], bytes: address[1], port });
    } else if (["a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup", "a=mid"].includes(key) && !(key in found)) {
      found[key] = value;
    }
  }
  const [algorithm, hexes] = (found["a=fingerprint"] || "").split(" ");
  if ((algorithm || "").toLowerCase() !== "sha-256" || !FINGERPRINT.test(hexes || "")) throw new Refused("damaged");
  const details = {
    ufrag: found["a=ice-ufrag"] || "",
    pwd: found["a=ice-pwd"] || "",
    fingerprint: hexes.split(":").map((pair) => Number.parseInt(pair, 16)),
    setup: found["a=setup"] || "",
    mid: found["a=mid"] || "",
    candidates,
  };
  checkDetails(details);
  return details;
}

function checkDetails(details) {
  if (!isIce(details.ufrag, 4) || !isIce(details.pwd, 22) || details.fingerprint.length !== 32) {
    throw new Refused("damaged");
  }
  if (!ROLES.includes(details.setup) || !MID.test(details.mid)) throw new Refused("damaged");
  if (details.candidates.length > MAX_CANDIDATES) throw new Refused("damaged");
}

// A whole description built back from the details, as sdp.py's Details.sdp writes it.
export function sdpOf(details) {
  const lines = [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", `a=group:BUNDLE ${details.mid}`,
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${details.ufrag}`, `a=ice-pwd:${details.pwd}`,
    `a=fingerprint:sha-256 ${hex(details.fingerprint).toUpperCase().match(/../g).join(":")}`,
    `a=setup:${details.setup}`, `a=mid:${details.mid}`, "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  details.candidates.forEach((candidate, number) => {
    const priority = PREFERENCE[candidate.kind] * 2 ** 24 + (65535 - number) * 256 + 255;
    const related = ["srflx", "relay"].includes(candidate.kind) ? " raddr 0.0.0.0 rport 0" : "";
    const address = addressText(candidate.form, candidate.bytes);
    lines.push(`a=candidate:${number + 1} 1 udp ${priority} ${address} ${candidate.port} typ ${candidate.kind}${related}`);
  });
  lines.push("a=end-of-candidates");
  return `${lines.join("\r\n")}\r\n`;
}

const ascii = (text) => Array.from(text, (char) => char.charCodeAt(0));

function short(bytes) {
  if (bytes.length > 255) throw new Refused("damaged");
  return [bytes.length, ...bytes];
}

function detailsBytes(details) {
  const out = [...short(ascii(details.ufrag)), ...short(ascii(details.pwd)), ...details.fingerprint];
  out.push(ROLES.indexOf(details.setup), ...short(ascii(details.mid)), details.candidates.length);
  for (const candidate of details.candidates) {
    out.push((KINDS.indexOf(candidate.kind) << 4) | candidate.form, ...candidate.bytes);
    out.push(candidate.port >> 8, candidate.port & 255);
  }
  return out;
}

// Bytes read in order; reading past their end, or a field that does not fit, refuses.
class Bytes {
  constructor(bytes, at = 0) {
    this.bytes = bytes;
    this.at = at;
  }

  take(count) {
    if (this.at + count > this.bytes.length) throw new Refused("damaged");
    const part = Array.from(this.bytes.subarray(this.at, this.at + count));
    this.at += count;
    return part;
  }

  byte() {
    return this.take(1)[0];
  }

  text(limit) {
    const length = this.byte();
    if (length > limit) throw new Refused("damaged");
    const part = this.take(length);
    if (part.some((byte) => byte > 127)) throw new Refused("damaged");
    return String.fromCharCode(...part);
  }
}

function readDetails(reader) {
  const ufrag = reader.text(64);
  const pwd = reader.text(64);
  const fingerprint = reader.take(32);
  const role = reader.byte();
  const mid = reader.text(16);
  const count = reader.byte();
  if (role >= ROLES.length || count > MAX_CANDIDATES) throw new Refused("damaged");
  const candidates = [];
  for (let i = 0; i < count; i += 1) {
    const head = reader.byte();
    const kind = head >> 4;
    const form = head & 15;
    if (kind >= KINDS.length || !(form in FORMS)) throw new Refused("damaged");
    const bytes = reader.take(FORMS[form]);
    const port = reader.byte() * 256 + reader.byte();
    if (port < 1 || !fitAddress(form, bytes) || (form === 4 && bytes.join(".") === "255.255.255.255")) {
      throw new Refused("damaged");
    }
    candidates.push({ kind: KINDS[kind], form, bytes, port });
  }
  const details = { ufrag, pwd, fingerprint, setup: ROLES[role], mid, candidates };
  checkDetails(details);
  return details;
}

// An invitation's code: its token and the offer built back, or a refusal.
export function readCode(text) {
  if (typeof text !== "string" || !text || text.length > MAX_PACKED) throw new Refused("damaged");
  const bytes = fromBase32(text);
  if (!bytes) {
    // format 1: a zlib-packed envelope (its first byte 0x78), in base64url
    throw new Refused(B64.test(text) && text.startsWith("e") ? "older" : "damaged");
  }
  if (bytes[0] > PACKED && bytes[0] <= 15) throw new Refused("newer");
  if (bytes.length < 7 || bytes[0] !== PACKED) throw new Refused("damaged");
  const body = bytes.subarray(0, bytes.length - 4);
  const sum = bytes.subarray(bytes.length - 4);
  if (((sum[0] << 24) | (sum[1] << 16) | (sum[2] << 8) | sum[3]) >>> 0 !== adler32(body)) {
    throw new Refused("damaged");
  }
  const reader = new Bytes(body, 1);
  if (reader.byte() !== 1) throw new Refused("damaged"); // only an invitation opens this page
  const token = reader.text(64);
  if (!TOKEN.test(token)) throw new Refused("damaged");
  const offer = sdpOf(readDetails(reader));
  const stun = reader.text(MAX_SETTING); // the STUN server to ask too, or "" for none
  if (!isStun(stun)) throw new Refused("damaged");
  if (reader.at !== body.length) throw new Refused("damaged");
  return { token, offer, stun };
}

// The player's answer as a code: as omen.campaign.players.pack writes an answer.
export function answerCode(token, sdp, lang, seat, name) {
  const out = [PACKED, 2, ...short(ascii(token)), ...detailsBytes(detailsOf(sdp))];
  out.push(...ascii(lang), ...short(ascii(seat)), ...short(Array.from(new TextEncoder().encode(name))));
  const sum = adler32(out);
  out.push(sum >>> 24, (sum >>> 16) & 255, (sum >>> 8) & 255, sum & 255);
  return toBase32(out);
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
  if (data.kind === "view") checkView(body.view);
  if (data.kind === "declined" && (!isWhole(body.id, 1, 1e9) || !isText(body.reason))) {
    throw new Refused("damaged");
  }
  if (data.kind === "seat" && (!isText(body.seat, 64) || !TOKEN.test(body.seat))) {
    throw new Refused("damaged");
  }
  if (data.kind === "recap" && !isText(body.text, MAX_RECAP)) throw new Refused("damaged");
  return data;
}

export function readInvitation(fragment) {
  const text = fragment.startsWith("#join=") ? fragment.slice(6) : null;
  if (text === null) throw new Refused("damaged");
  return readCode(text);
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

// A word of the page: the view's when one came, else the page's own.
const word = (key) => (page.view && page.view.words[key]) || own(key) || "";

// The status line before any view came: connecting, or not connected.
function showWaiting(key) {
  const status = bound("status");
  status.textContent = own(key);
  status.dataset.live = "no";
  status.hidden = false;
}

// An invitation's page before the channel opens: the joining form only, in this
// phone's language (the view comes over the channel once it opens).
function showJoin() {
  document.documentElement.lang = language();
  for (const label of bound("join").querySelectorAll("[data-word]")) label.textContent = own(label.dataset.word);
  bound("join").hidden = false;
}

const language = () => ((navigator.language || "en").toLowerCase().startsWith("cs") ? "cs" : "en");

async function drawQr(target, text) {
  const { default: qrcode } = await import("./vendor/qrcode-generator/qrcode.mjs");
  const code = qrcode(0, "L");
  // The code after "omen-answer:" is base32: upper-case letters and digits, which QR's
  // alphanumeric mode packs in 5.5 bits a character (byte mode takes 8).
  const at = text.indexOf(":") + 1;
  code.addData(text.slice(0, at));
  code.addData(text.slice(at), "Alphanumeric");
  code.make();
  const size = code.getModuleCount();
  const quiet = 4;
  const total = size + 2 * quiet;
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${total} ${total}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", word("answer"));
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
  const stun = invitation.stun; // checked as the invitation was read
  const connection = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
  page.connection = connection;
  connection.addEventListener("datachannel", (event) => listen(event.channel));
  connection.addEventListener("connectionstatechange", () => {
    if (["failed", "disconnected", "closed"].includes(connection.connectionState)) dropped();
  });
  try {
    await connection.setRemoteDescription({ type: "offer", sdp: invitation.offer });
    await connection.setLocalDescription(await connection.createAnswer());
  } catch {
    connection.close();
    showError("damaged");
    return;
  }
  await gathered(connection);
  let code;
  try {
    code = answerCode(invitation.token, connection.localDescription.sdp, language(), keptSeat().seat, name);
  } catch {
    connection.close();
    showError("damaged");
    return;
  }
  const text = `omen-answer:${code}`;
  if (!page.channel && !page.view) showWaiting("connecting");
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
  else if (!bound("status").hidden) showWaiting("notConnected");
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
    const where = page.asked.get(message.data.id) || "ask-status";
    bound(where).textContent = (word("declined") || "{reason}").replaceAll("{reason}", message.data.reason);
  } else if (message.kind === "bye") {
    bound("ask-status").textContent = word("removed");
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
      page.invitation = readInvitation(fragment);
    } catch (error) {
      showError(error instanceof Refused ? error.reason : "damaged");
      document.body.dataset.ready = "error";
      return;
    }
    showJoin();
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
