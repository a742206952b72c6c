// The set-up every browser test file shares: wasm/dist served by wasm/serve
// on a free loopback port, Debian's headless Chromium through
// playwright-core, natively recorded replays, and the helpers that read
// window.kocka.state() and press keys. Not a test file itself (npm test
// runs *.test.mjs).
//
// Environment: KOCKA_CHROMIUM (default /usr/bin/chromium), KOCKA_DIST
// (default wasm/dist), KOCKA_SHOTS (where screenshots go, default
// wasm/browsertest/out), GO (default go).
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../..');
export const dist = process.env.KOCKA_DIST || path.join(repo, 'wasm/dist');
export const shots = process.env.KOCKA_SHOTS || path.join(here, 'out');
const chromiumPath = process.env.KOCKA_CHROMIUM || '/usr/bin/chromium';
const go = process.env.GO || 'go';

// The flags measured to work here (shared/PLATFORM.md): WebGL 2 through
// ANGLE and SwiftShader, nothing that reaches the network.
const chromiumFlags = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--enable-unsafe-swiftshader',
];

// startHarness builds and starts the server and the browser. It returns
// { work, base, browser, stop }: a temporary folder, the page's address,
// the browser, and the function that undoes all of it.
export async function startHarness(prefix) {
  const work = mkdtempSync(path.join(tmpdir(), `kocka-${prefix}-`));
  let server;
  let browser;
  const stop = async () => {
    if (browser) await browser.close();
    if (server) server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  };
  try {
    mkdirSync(shots, { recursive: true });
    readFileSync(path.join(dist, 'kocka.wasm')); // fails early with a clear path if make wasm was not run
    const serveBin = path.join(work, 'serve');
    execFileSync(go, ['build', '-o', serveBin, './wasm/serve'], { cwd: repo, stdio: 'inherit' });
    server = spawn(serveBin, ['-dir', dist, '-port', '0', '-quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const base = await new Promise((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/on (http:\/\/127\.0\.0\.1:\d+\/)/);
        if (m) resolve(m[1]);
      });
      server.on('exit', (code) => reject(new Error(`wasm/serve exited with ${code}: ${out}`)));
      setTimeout(() => reject(new Error('wasm/serve printed no address in 10 s')), 10000);
    });
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
    return { work, base, browser, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

// buildKocka builds the native kocka binary into dir and returns its path.
export function buildKocka(dir) {
  const bin = path.join(dir, 'kocka');
  execFileSync(go, ['build', '-o', bin, '.'], { cwd: repo, stdio: 'inherit' });
  return bin;
}

// record plays a game natively (wasm/browsertest/record, the engine
// compiled for this machine) into dir/name and returns its summary with
// the file's path and text.
export function record(dir, name, ...args) {
  const file = path.join(dir, name);
  const summary = execFileSync(go, ['run', './wasm/browsertest/record', '-out', file, ...args], { cwd: repo, encoding: 'utf8' });
  return { ...JSON.parse(summary.trim()), file, text: readFileSync(file, 'utf8') };
}

// ready waits until the game has drawn its first frame and installed
// window.kocka, or the page has shown an error.
export async function ready(page, timeout = 30000) {
  await page.waitForFunction(() => (window.kocka && document.getElementById('loader').hidden) || window.kockaFailed,
    null, { timeout });
  const failed = await page.evaluate(() => window.kockaFailed || '');
  assert.equal(failed, '', `the page shows an error: ${failed}`);
}

// openReady opens base+q in a fresh context (its own localStorage) and
// waits for the game; the page's uncaught errors collect in page.problems.
export async function openReady(browser, url, contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto(url);
  await ready(page, 60000);
  page.problems = problems;
  return page;
}

export const state = (page) => page.evaluate(() => window.kocka.state());

// until polls the game state until cond holds, then returns that state.
// show picks what of the state a failure prints (the board is left out).
export async function until(page, what, cond, timeout = 10000, show = (st) => ({ ...st, board: undefined })) {
  const start = Date.now();
  for (;;) {
    const st = await state(page);
    if (cond(st)) return st;
    if (Date.now() - start > timeout) {
      assert.fail(`waited ${timeout} ms for ${what}; state: ${JSON.stringify(show(st))}`);
    }
    await page.waitForTimeout(50);
  }
}

// tap presses and releases a key. Ebitengine counts a key pressed and
// released between two ticks as held for one tick: one press. hold keeps
// it down that long first (for scenes that read a key's state, not its
// edge); settle waits after it.
export async function tap(page, key, { hold = 0, settle = 50 } = {}) {
  await page.keyboard.down(key);
  if (hold) await page.waitForTimeout(hold);
  await page.keyboard.up(key);
  await page.waitForTimeout(settle);
}
