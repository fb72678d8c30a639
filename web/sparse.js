// A memory snapshot is Python's whole memory, about 31 MB, and more than half of it is
// zeros. Stored without its zero pages it is read from the cache in about half the
// time, which on a slow phone is most of a second (docs/benchmarks.md, issue 35).
//
// Format: a 16-byte header (magic, version, the snapshot's length, the page size), the
// numbers of the pages that are not all zeros (Uint32), then those pages in order.

const MAGIC = 0x54505350; // "TPSP"
const VERSION = 1;
const PAGE = 4096;
const HEADER = 16;

function isZero(bytes, start, end) {
  for (let i = start; i < end; i += 1) if (bytes[i] !== 0) return false;
  return true;
}

export function pack(bytes) {
  const pages = [];
  for (let start = 0; start < bytes.length; start += PAGE) {
    if (!isZero(bytes, start, Math.min(bytes.length, start + PAGE))) pages.push(start / PAGE);
  }
  const dataStart = HEADER + 4 * pages.length;
  const out = new Uint8Array(dataStart + pages.length * PAGE);
  new Uint32Array(out.buffer, 0, 4).set([MAGIC, VERSION, bytes.length, PAGE]);
  new Uint32Array(out.buffer, HEADER, pages.length).set(pages);
  pages.forEach((page, i) => {
    const chunk = bytes.subarray(page * PAGE, Math.min(bytes.length, (page + 1) * PAGE));
    out.set(chunk, dataStart + i * PAGE);
  });
  return out;
}

// A stored snapshot's length unpacked, as a header of its response in the cache: it sizes
// Python's memory, so the page can hand Pyodide memory of that size before reading it.
export const LENGTH_HEADER = "X-Snapshot-Length";

// Pyodide's snapshot of Python's memory is about 32 MB as the app makes it. A kept length
// that is no length, or beyond 1 GiB, is damage, refused before any memory is made for it:
// zeroing gigabytes would cost a phone the page.
const MAX_LENGTH = 2 ** 30;

export function keptLength(header) {
  const length = Number(header ?? "");
  const fits = Number.isSafeInteger(length) && length > 0 && length <= MAX_LENGTH;
  if (!fits) throw new Error(`a stored snapshot without a length it could have: ${String(header).slice(0, 40)}`);
  return length;
}

// The snapshot again, written into ``into`` (zeros of the snapshot's length) if given, or an
// error for anything that is not one of these.
export function unpack(packed, into = null) {
  if (packed.byteLength < HEADER || packed.byteOffset % 4 !== 0) throw new Error("not a packed snapshot");
  const [magic, version, length, page] = new Uint32Array(packed.buffer, packed.byteOffset, 4);
  if (magic !== MAGIC || version !== VERSION || page !== PAGE) throw new Error("not a packed snapshot");
  const count = Math.floor((packed.byteLength - HEADER) / (4 + PAGE));
  const dataStart = HEADER + 4 * count;
  if (dataStart + count * PAGE !== packed.byteLength) throw new Error("a packed snapshot cut short");
  const pages = new Uint32Array(packed.buffer, packed.byteOffset + HEADER, count);
  const bytes = into ?? new Uint8Array(length);
  if (bytes.length !== length) throw new Error("a packed snapshot of another length");
  pages.forEach((number, i) => {
    const at = number * PAGE;
    if (at >= length) throw new Error("a packed snapshot with a page out of bounds");
    const size = Math.min(PAGE, length - at);
    bytes.set(packed.subarray(dataStart + i * PAGE, dataStart + i * PAGE + size), at);
  });
  return bytes;
}
