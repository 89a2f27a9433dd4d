// The app's files in one download: static/build/app-files.bin, written by tools/build.py.
//
// A start needs about forty small files (py/main.py and everything pyscript.toml puts
// into Python's file system). Asked for one by one, each is a request the page has to
// send and answer on its main thread while Pyodide starts; in one file they cost one.
// The format: a little-endian 32-bit length N, N bytes of JSON mapping each file's
// address (as pyscript.toml writes it, "./py/omen/core/dice.py") to [offset, length], and
// then the files' bytes.

const APP_FILES = new URL("./build/app-files.bin", import.meta.url).href;

// The bundle's files by address, as views into one buffer; null when it cannot be read.
export async function readAppFiles(fetchFile = fetch) {
  try {
    const response = await fetchFile(APP_FILES);
    if (!response.ok) return null;
    const buffer = await response.arrayBuffer();
    const size = new DataView(buffer).getUint32(0, true);
    const index = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, size)));
    const bytes = new Uint8Array(buffer, 4 + size);
    const files = new Map();
    for (const [url, [offset, length]] of Object.entries(index)) {
      if (offset + length > bytes.length) return null; // cut short: read none of it
      files.set(url, bytes.subarray(offset, offset + length));
    }
    return files;
  } catch {
    return null;
  }
}
