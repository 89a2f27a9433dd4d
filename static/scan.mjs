// Scanning a player's answer with the camera, on the game master's phone
// (py/omen_web/shell/players.py, "Scan the answer"). Loaded only when that is tapped.
//
// The camera (the rear one where there is a choice) plays in the scan dialog's <video>;
// a frame is read a few times a second by the browser's BarcodeDetector where it has one
// that reads QR codes, and otherwise by qr-scanner (npm, self-hosted in vendor/), loaded
// here and no sooner. The first code read goes to `found` as text; Python reads it as it
// reads a pasted answer. The camera stops when a code is read and when the dialog closes.

const EVERY_MS = 150; // between two looks at the camera's picture

let running = null; // { stream, video, engine, timer }

// Why the camera cannot be used, as a word Python turns into a sentence.
function reason(error) {
  const name = error && error.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "refused";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "none";
  if (name === "NotReadableError" || name === "AbortError") return "busy";
  return "failed";
}

async function barcodeDetector() {
  if (!("BarcodeDetector" in globalThis)) return null;
  try {
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    if (!formats.includes("qr_code")) return null;
    const detector = new globalThis.BarcodeDetector({ formats: ["qr_code"] });
    return {
      async read(video) {
        const codes = await detector.detect(video);
        return codes.length ? codes[0].rawValue : null;
      },
      stop() {},
    };
  } catch {
    return null;
  }
}

async function qrScanner() {
  const { default: QrScanner } = await import("./vendor/qr-scanner/qr-scanner.min.js");
  const engine = await QrScanner.createQrEngine();
  const canvas = document.createElement("canvas");
  return {
    async read(video) {
      try {
        const result = await QrScanner.scanImage(video, {
          qrEngine: engine,
          canvas,
          returnDetailedScanResult: true,
        });
        return result.data || null;
      } catch (error) {
        if (error === QrScanner.NO_QR_CODE_FOUND) return null;
        throw error;
      }
    },
    stop() {
      if (engine instanceof Worker) engine.terminate();
    },
  };
}

// Stop the camera and the decoder (nothing happens when nothing runs).
export function stop() {
  const was = running;
  running = null;
  if (!was) return;
  clearTimeout(was.timer);
  for (const track of was.stream.getTracks()) track.stop();
  was.video.srcObject = null;
  if (was.engine) was.engine.stop();
}

// Start the camera in `video` and look for a code until one is read or the dialog
// holding `video` closes: "" once it runs, or why it cannot ("insecure", "refused",
// "none", "busy", "failed").
export async function start(video, found) {
  stop();
  if (!globalThis.isSecureContext || !navigator.mediaDevices?.getUserMedia) return "insecure";
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: "environment" } },
    });
  } catch (error) {
    return reason(error);
  }
  const dialog = video.closest("dialog");
  if (dialog && !dialog.open) {
    for (const track of stream.getTracks()) track.stop(); // closed while the browser asked
    return "";
  }
  const mine = { stream, video, engine: null, timer: 0 };
  running = mine;
  if (dialog) dialog.addEventListener("close", () => running === mine && stop(), { once: true });
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
    mine.engine = (await barcodeDetector()) || (await qrScanner());
  } catch (error) {
    if (running === mine) stop();
    return reason(error);
  }
  if (running !== mine) {
    mine.engine.stop(); // closed meanwhile
    return "";
  }
  const look = async () => {
    if (running !== mine) return;
    let text = null;
    if (video.readyState >= 2) {
      try {
        text = await mine.engine.read(video);
      } catch {
        text = null; // a frame that could not be read: the next one may be
      }
    }
    if (running !== mine) return;
    if (text) {
      stop();
      found(text);
      return;
    }
    mine.timer = setTimeout(look, EVERY_MS);
  };
  look();
  return "";
}
