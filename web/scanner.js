// Reading a QR code with the camera (issue 38): ui/shell/camera.py opens the camera's view
// and says what a code found means; this module runs the camera and its frames.
//
// Why JavaScript: reading a code means looking at the camera's picture several times a
// second, each time drawing a frame into a canvas and handing its pixels (over a megabyte
// for 640x480) to the decoder. Driven from Python, every one of those steps would cross
// Pyodide's FFI and copy the pixels; here the loop stays in the browser, and Python is told
// only the text of a QR code found.
//
// The decoder: the browser's BarcodeDetector where it reads QR codes (Chrome on Android);
// elsewhere jsQR (npm jsqr, pinned in package-lock.json), pure JavaScript with no wasm,
// which build.py makes an ES module in dist/. It is fetched from the app's own origin the
// first time a scan needs it, never as the app starts, and the service worker keeps it
// (its ON_DEMAND list), so scanning works offline from then on.
//
// Like platform.js, every function resolves, never rejects: {ok: true, value} or
// {ok: false, error: "NotAllowedError: ..."}.

const READER = "./decoder/jsqr.mjs"; // build.py's QR_READER
const PAUSE_MS = 120; // between two looks at the camera's picture
// jsQR reads a frame scaled down to this many pixels on its longer side: a pairing code held
// up to the camera still has several pixels per module, and each look stays quick.
const LONGEST_SIDE = 800;

let session = null; // {video, stream, stopped}: the camera open now, if any
let reading = null; // the promise of the decoder, made once a page

/** Ask for the camera (the one facing away, where there is a choice) and show it in
 * ``video``. The decoder is fetched meanwhile. */
export async function open(video) {
  stop();
  const current = { video, stream: null, stopped: false };
  session = current;
  decoder().catch(() => {}); // fetched while the player answers the browser's question
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    current.stream = stream;
    if (current.stopped) {
      stopTracks(stream);
      return { ok: false, error: "AbortError: closed before the camera started" };
    }
    video.srcObject = stream;
    await video.play();
    return { ok: true, value: null };
  } catch (error) {
    if (session === current) stop();
    return { ok: false, error: describe(error) };
  }
}

/** The text of the next QR code the camera sees, other than ``skip`` (a code already
 * found not to be a pairing code); "" once the camera is stopped. */
export async function next(skip = "") {
  const current = session;
  if (current === null) return { ok: true, value: "" };
  let read;
  try {
    read = await decoder();
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
  while (!current.stopped) {
    const video = current.video;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      let text = null;
      try {
        text = await read(video);
      } catch {
        text = null; // a frame the detector could not take: try the next one
      }
      if (text && text !== skip && !current.stopped) return { ok: true, value: text };
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return { ok: true, value: "" };
}

/** Stop the camera (its every track) and any reading under way. */
export function stop() {
  const current = session;
  session = null;
  if (current === null) return;
  current.stopped = true;
  if (current.stream) stopTracks(current.stream);
  current.video.srcObject = null;
}

function stopTracks(stream) {
  for (const track of stream.getTracks()) track.stop();
}

function decoder() {
  if (reading === null) {
    reading = makeDecoder();
    reading.catch(() => {
      reading = null; // offline at first use: the next scan tries again
    });
  }
  return reading;
}

// A function from the video to the text of a QR code in its frame (null for none).
async function makeDecoder() {
  if (await detectsQrCodes()) {
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => {
      const [found] = await detector.detect(video);
      return found ? found.rawValue : null;
    };
  }
  const { default: jsQR } = await import(READER);
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return (video) => {
    const scale = Math.min(1, LONGEST_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context.drawImage(video, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height).data;
    const found = jsQR(pixels, width, height, { inversionAttempts: "dontInvert" });
    return found ? found.data : null;
  };
}

async function detectsQrCodes() {
  try {
    return "BarcodeDetector" in globalThis && (await BarcodeDetector.getSupportedFormats()).includes("qr_code");
  } catch {
    return false;
  }
}

function describe(error) {
  if (error !== null && typeof error === "object") {
    return `${error.name ?? "Error"}: ${error.message ?? ""}`;
  }
  return String(error);
}
