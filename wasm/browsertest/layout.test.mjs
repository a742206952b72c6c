// Kocka's browser tests of the page's layout and of replay files: a
// laptop-sized page and an upright phone are filled by the game, and replay
// files go out as downloads and come in through the file picker. The same
// set-up as browser.test.mjs (wasm/dist served by wasm/serve, Debian's
// headless Chromium through playwright-core), in a file of its own.
//
// Screenshots go to KOCKA_SHOTS (default wasm/browsertest/out):
// laptop-1366x657.png and phone-390x844.png are the ones in docs/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const dist = process.env.KOCKA_DIST || path.join(repo, 'wasm/dist');
const shots = process.env.KOCKA_SHOTS || path.join(here, 'out');
const chromiumPath = process.env.KOCKA_CHROMIUM || '/usr/bin/chromium';
const chromiumFlags = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--enable-unsafe-swiftshader',
];

let work;
let server;
let base;
let browser;
let short; // a natively recorded replay: { text, stateHash, ticks, ... }

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'kocka-layouttest-'));
  mkdirSync(shots, { recursive: true });
  readFileSync(path.join(dist, 'kocka.wasm'));
  const go = process.env.GO || 'go';
  const serveBin = path.join(work, 'serve');
  execFileSync(go, ['build', '-o', serveBin, './wasm/serve'], { cwd: repo, stdio: 'inherit' });
  const file = path.join(work, 'short.kreplay');
  const summary = execFileSync(go, ['run', './wasm/browsertest/record', '-out', file, '-goal', 'marathon', '-seed', '9', '-ticks', '600'],
    { cwd: repo, encoding: 'utf8' });
  short = { ...JSON.parse(summary.trim()), file, text: readFileSync(file, 'utf8') };

  server = spawn(serveBin, ['-dir', dist, '-port', '0', '-quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
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
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

async function open(q, options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto(base + q);
  await page.waitForFunction(() => (window.kocka && document.getElementById('loader').hidden) || window.kockaFailed,
    null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.kockaFailed || ''), '', 'the page shows an error');
  page.problems = problems;
  return page;
}

const state = (page) => page.evaluate(() => window.kocka.state());

async function until(page, what, cond, timeout = 20000) {
  const start = Date.now();
  for (;;) {
    const st = await state(page);
    if (cond(st)) return st;
    if (Date.now() - start > timeout) {
      assert.fail(`waited ${timeout} ms for ${what}; state: ${JSON.stringify({ ...st, board: undefined })}`);
    }
    await page.waitForTimeout(50);
  }
}

async function tap(page, key) {
  await page.keyboard.down(key);
  await page.keyboard.up(key);
  await page.waitForTimeout(60);
}

// cellColours screenshots the page and reads the colour at the centre of
// every cell of the board, as the state's layout places it.
async function cellColours(page, st, name) {
  const { boardX, boardY, cell } = st.layout;
  const points = [];
  st.board.forEach((row, r) => [...row].forEach((c, x) => points.push([boardX + x * cell + (cell >> 1), boardY + r * cell + (cell >> 1), c !== '.'])));
  const png = await page.screenshot({ path: path.join(shots, name) });
  const at = await page.evaluate(async ([b64, pts]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return pts.map(([x, y]) => { const d = ctx.getImageData(x, y, 1, 1).data; return (d[0] << 16) | (d[1] << 8) | d[2]; });
  }, [png.toString('base64'), points]);
  return points.map((p, i) => ({ filled: p[2], colour: at[i] }));
}

// checkBoard: filled cells are drawn in other colours than the empty ones.
function checkBoard(cells) {
  const empty = new Map();
  for (const c of cells) if (!c.filled) empty.set(c.colour, (empty.get(c.colour) || 0) + 1);
  const [emptyColour] = [...empty.entries()].sort((a, b) => b[1] - a[1])[0];
  const filled = cells.filter((c) => c.filled);
  assert.ok(filled.length >= 4, `${filled.length} filled cells`);
  for (const c of filled) assert.notEqual(c.colour, emptyColour, 'a filled cell is drawn empty');
}

test('a laptop-sized page (1366x657) fills its height: cells of 29 pixels, not 16', async () => {
  const page = await open('?mode=marathon&seed=5&touch=0', { viewport: { width: 1366, height: 657 } });
  let st = await until(page, 'a marathon past READY', (s) => s.scene === 'play' && s.hasPiece && s.countdown === 0);
  for (let i = 0; i < 3; i++) {
    const n = st.pieces;
    await tap(page, i % 2 ? 'ArrowLeft' : 'ArrowRight');
    await tap(page, 'Space');
    st = await until(page, 'a piece locked', (s) => s.pieces > n && s.hasPiece);
  }
  assert.equal(st.layout.cell, 29, JSON.stringify(st.layout));
  assert.equal(st.layout.zoom, 1.8125);
  // The picture is 1160x652, centred: the board sits in the middle.
  assert.equal(st.layout.originX, 103);
  assert.ok(Math.abs(st.layout.boardX + 5 * 29 - 683) <= 16, `board centre at ${st.layout.boardX + 145}`);
  checkBoard(await cellColours(page, st, 'laptop-1366x657.png'));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('an upright phone (390x844) shows the board across its width, the touch buttons under it', async () => {
  const page = await open('?mode=marathon&seed=5', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  let st = await until(page, 'a marathon past READY', (s) => s.scene === 'play' && s.hasPiece && s.countdown === 0);
  const n = st.pieces;
  await tap(page, 'Space');
  st = await until(page, 'a piece locked', (s) => s.pieces > n && s.hasPiece);
  assert.ok(await page.isVisible('#touch'), 'touch controls on a phone');
  const { boardX, boardY, cell } = st.layout;
  assert.ok(cell >= 15, `cells of ${cell} pixels on a 390-pixel-wide phone`);
  const bar = await page.locator('#touch').boundingBox();
  assert.ok(boardY + 20 * cell <= bar.y, `the board (to y ${boardY + 20 * cell}) ends above the buttons (from ${bar.y})`);
  assert.ok(bar.height >= 844 * 0.4, `the buttons take ${bar.height} pixels of 844`);
  assert.ok(boardX >= 0 && boardX + 10 * cell <= 390, 'the board is on the screen');
  checkBoard(await cellColours(page, st, 'phone-390x844.png'));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('replay files: imported through the file picker, exported as a download; a damaged one is reported', async () => {
  const page = await open('?touch=0', { viewport: { width: 640, height: 360 }, acceptDownloads: true });
  await until(page, 'the title', (s) => s.scene === 'title');
  await page.setInputFiles('#replay-file', short.file);
  let st = await until(page, 'the imported replay on screen', (s) => s.scene === 'play' && s.mode === 'replay');
  // Seek to the end (End) in the viewer: the recorded state.
  for (let i = 0; i < 5 && !(await state(page)).replayDone; i++) {
    await tap(page, 'End');
    await page.waitForTimeout(300);
  }
  st = await until(page, 'the end of the replay', (s) => s.replayDone);
  assert.equal(st.stateHash, short.stateHash);

  const [download] = await Promise.all([page.waitForEvent('download'), tap(page, 'KeyE')]);
  assert.match(download.suggestedFilename(), /^kocka-replay-\d{8}-\d{6}\.kreplay$/);
  const exported = readFileSync(await download.path(), 'utf8');
  const again = await page.evaluate((text) => window.kocka.playReplay(text), exported);
  assert.equal(again.ok, true, JSON.stringify(again));
  assert.equal(again.stateHash, short.stateHash);
  await until(page, 'the export notice', (s) => /downloads/.test(s.notice || ''));

  await page.setInputFiles('#replay-file', { name: 'bad.kreplay', mimeType: 'application/json', buffer: Buffer.from('{"format":"kocka-replay"') });
  st = await until(page, 'the damaged file reported', (s) => /cannot be played/.test(s.notice || ''));
  assert.equal(st.scene, 'play', 'the game goes on');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
