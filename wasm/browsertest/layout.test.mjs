// Kocka's browser tests of the page's layout and of replay files: a
// laptop-sized page and an upright phone are filled by the game, and replay
// files go out as downloads and come in through the file picker. The same
// set-up as browser.test.mjs (harness.mjs), in a file of its own.
//
// Screenshots go to KOCKA_SHOTS (default wasm/browsertest/out):
// laptop-1366x657.png and phone-390x844.png are the ones in docs/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, record, openReady, state, until as untilState, tap as tapKey, shots } from './harness.mjs';

let h;
let short; // a natively recorded replay: { text, stateHash, ticks, file, ... }

before(async () => {
  h = await startHarness('layouttest');
  short = record(h.work, 'short.kreplay', '-goal', 'marathon', '-seed', '9', '-ticks', '600');
});

after(async () => {
  if (h) await h.stop();
});

const open = (q, options) => openReady(h.browser, h.base + q, options);
const until = (page, what, cond, timeout = 20000) => untilState(page, what, cond, timeout);
const tap = (page, key) => tapKey(page, key, { settle: 60 });

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

test('watching the bot on a phone: only the menu button, the game gets the rest; a quick tap opens the menu', async () => {
  const page = await open('?mode=botvs&seed=3&touch=1', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await until(page, 'the bot playing', (s) => s.scene === 'play' && s.watching && s.pieces > 2);
  const visible = () => page.evaluate(() => [...document.querySelectorAll('#touch button')].filter((b) => b.offsetParent).map((b) => b.textContent));
  assert.deepEqual(await visible(), ['MENU']);
  const bar = await page.locator('#touch').boundingBox();
  assert.ok(bar.height <= 100, `the bar takes ${bar.height} pixels of 844`);
  await page.tap('#touch button[aria-label="Menu"]');
  await until(page, 'the pause menu', (s) => s.scene !== 'play' && !s.watching);
  await page.screenshot({ path: path.join(shots, 'botvs-phone-menu.png') });
  assert.notDeepEqual(await visible(), ['MENU'], 'the pads come back over the menu');
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
