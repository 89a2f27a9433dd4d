// The game master's end of the players' data channels (py/omen_web/shell/players.py).
//
// One RTCPeerConnection per invitation, with no ICE server unless the campaign names a
// STUN server, and no trickle: the offer is handed over once its candidates are
// gathered, and so is the player's answer (pasted or scanned); Python cuts each to what
// the connection needs for the code and builds it back (omen/campaign/sdp.py).
// No signalling server is ever contacted. What arrives on a channel goes to Python as
// text, size-capped here and checked there (omen.campaign.players.Reader).

const MAX_FROM_PLAYER = 4000; // characters of one message a player sends
const GATHER_MS = 5000; // gathering gives up waiting after this, with what it found
const peers = new Map();

function gathered(connection) {
  return new Promise((done) => {
    if (connection.iceGatheringState === "complete") {
      done();
      return;
    }
    const timer = setTimeout(done, GATHER_MS);
    connection.addEventListener("icegatheringstatechange", () => {
      if (connection.iceGatheringState === "complete") {
        clearTimeout(timer);
        done();
      }
    });
  });
}

function tell(id, state) {
  if (globalThis.omenTableState) globalThis.omenTableState(id, state);
}

globalThis.omenTable = {
  // A new connection for invitation `id`: its offer's SDP, candidates included.
  async offer(id, stun) {
    const connection = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
    const channel = connection.createDataChannel("omen-table", { ordered: true });
    peers.set(id, { connection, channel });
    channel.addEventListener("open", () => tell(id, "open"));
    channel.addEventListener("close", () => tell(id, "closed"));
    channel.addEventListener("message", (event) => {
      if (typeof event.data !== "string" || event.data.length > MAX_FROM_PLAYER) {
        tell(id, "refused");
        return;
      }
      if (globalThis.omenTableHear) globalThis.omenTableHear(id, event.data);
    });
    connection.addEventListener("connectionstatechange", () => {
      if (["failed", "disconnected"].includes(connection.connectionState)) tell(id, "closed");
    });
    await connection.setLocalDescription(await connection.createOffer());
    await gathered(connection);
    return connection.localDescription.sdp;
  },
  // The player's answer to invitation `id`.
  async accept(id, sdp) {
    const peer = peers.get(id);
    if (!peer) throw new Error(`no connection for ${id}`);
    await peer.connection.setRemoteDescription({ type: "answer", sdp });
  },
  // Send `text` to the player of invitation `id`: whether the channel took it.
  send(id, text) {
    const peer = peers.get(id);
    if (!peer || peer.channel.readyState !== "open") return false;
    peer.channel.send(text);
    return true;
  },
  // Scan a player's answer with the camera into `video` (static/scan.mjs, loaded now):
  // "" once the camera runs (`found` gets the code's text), or why it cannot.
  async scan(video, found) {
    const scanner = await import("./scan.mjs");
    return scanner.start(video, found);
  },
  close(id) {
    const peer = peers.get(id);
    if (!peer) return;
    peers.delete(id);
    peer.channel.close();
    peer.connection.close();
  },
};
