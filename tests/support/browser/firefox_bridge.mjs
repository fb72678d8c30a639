// Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core, for the Python
// tests (engines.py). One JSON request per line on stdin, one JSON answer per line on
// stdout: {"id", "op", "args"} -> {"id", "value"}, {"id", "error"}, or {"id", "gone"} once
// the browser or its page went away (nothing more can be asked of it).
//
// Why a bridge: Debian has no geckodriver, and Firefox speaks WebDriver BiDi itself.
// puppeteer-core is the maintained BiDi client; through it the tests get what the
// Marionette protocol lacks: scripts that run before any page script (the error
// hooks), page errors as events, exact viewports, and reloads that go through the
// service worker. It never downloads a browser: it launches /usr/bin/firefox-esr.

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

let browser = null;
let page = null;
const pageErrors = [];
let gone = null; // why the browser can no longer be driven, once it cannot

// A tab whose content process crashed shows Firefox's own crash page, which runs in the
// parent process: scripts are then refused with this, and will be refused for good.
const CRASH_PAGE_REFUSAL = "not supported for parent process browsing contexts";

function goneWhy(error) {
  if (gone) return gone;
  if (page?.url().startsWith("about:tabcrashed") || String(error?.message).includes(CRASH_PAGE_REFUSAL)) {
    gone = "the page crashed (Firefox shows its tab-crashed page)";
  }
  return gone;
}

const ops = {
  async launch({ executablePath, languages, viewport, hooks, userDataDir, prefs }) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath,
      headless: true,
      userDataDir: userDataDir ?? undefined,
      extraPrefsFirefox: {
        "intl.accept_languages": languages.join(", "),
        // No background traffic to hosts this machine cannot reach.
        "app.update.enabled": false,
        "browser.safebrowsing.downloads.remote.enabled": false,
        "network.captive-portal-service.enabled": false,
        "network.connectivity-service.enabled": false,
        ...(prefs ?? {}), // a test's own (its fake camera)
      },
    });
    browser.on("disconnected", () => {
      gone ??= "the browser went away (disconnected)";
    });
    page = (await browser.pages())[0] ?? (await browser.newPage());
    await page.setViewport(viewport);
    if (hooks) await page.evaluateOnNewDocument(hooks);
    page.on("pageerror", (error) => pageErrors.push(`page error: ${error?.message ?? error}`));
    return browser.version();
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  },
  async reload() {
    await page.reload({ waitUntil: "load", timeout: 120_000 });
  },
  // The browser's own Back and Forward; a move within the page's own history is no load.
  async back() {
    await page.goBack({ timeout: 10_000 }).catch((error) => {
      if (!String(error?.message).includes("Timeout")) throw error;
    });
  },
  async forward() {
    await page.goForward({ timeout: 10_000 }).catch((error) => {
      if (!String(error?.message).includes("Timeout")) throw error;
    });
  },
  async evaluate({ script, arg }) {
    // JSON in, JSON out: the value crosses to Python as it would from Playwright.
    const text = await page.evaluate(
      `(async () => JSON.stringify((await (${script})(${JSON.stringify(arg)})) ?? null))()`,
    );
    return JSON.parse(text);
  },
  async click({ selector }) {
    await page.locator(selector).setTimeout(30_000).click();
  },
  async fill({ selector, text }) {
    await page.locator(selector).setTimeout(30_000).fill(text);
  },
  async select({ selector, value }) {
    await page.select(selector, value);
  },
  async pageErrors() {
    return pageErrors.splice(0);
  },
  async close() {
    try {
      await browser?.close();
    } catch (error) {
      if (!gone) throw error; // a browser that went away has nothing left to close
    }
    browser = null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, args } = JSON.parse(line);
  let answer;
  try {
    answer = { id, value: (await ops[op](args ?? {})) ?? null };
  } catch (error) {
    const message = `${op}: ${error?.message ?? error}`;
    const why = op === "close" ? null : goneWhy(error);
    answer = why ? { id, gone: `${op}: ${why} (${message})` } : { id, error: message };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  if (op === "close") break;
}
await browser?.close();
process.exit(0); // stdin and puppeteer's own handles would keep Node alive
