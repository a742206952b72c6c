// Kocka's browser tests of Gobblet: the three kinds of game in the page,
// played with the mouse and the keys, checked through
// window.kocka.state().gobblet. The same set-up as browser.test.mjs
// (harness.mjs), in a file of its own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHarness, openReady, until as untilState, tap as tapKey, shots } from './harness.mjs';

let h;

before(async () => {
  h = await startHarness('gobblettest');
});

after(async () => {
  if (h) await h.stop();
});

const open = (q, options = { viewport: { width: 1280, height: 720 } }) => openReady(h.browser, h.base + q, options);

// until waits for a Gobblet state that satisfies cond.
const until = (page, what, cond, timeout = 20000) =>
  untilState(page, what, (st) => st.gobblet && cond(st), timeout, (st) => st.gobblet);

// The board reads the keys' state: hold each press for a tick or more.
const tap = (page, key) => tapKey(page, key, { hold: 60, settle: 60 });

// Frames are timed by the page's own requestAnimationFrame loop, which
// stalls whenever Go holds the page's one thread.
const startGaps = (page) => page.evaluate(() => {
  window.gaps = [];
  let last = performance.now();
  const loop = (t) => { window.gaps.push(t - last); last = t; window.gapLoop = requestAnimationFrame(loop); };
  window.gapLoop = requestAnimationFrame(loop);
});

async function stopGaps(page) {
  const gaps = (await page.evaluate(() => { cancelAnimationFrame(window.gapLoop); return window.gaps; })).slice(1);
  return { n: gaps.length, mean: gaps.reduce((a, b) => a + b, 0) / gaps.length, worst: Math.max(...gaps) };
}

async function idleGaps(page) {
  await startGaps(page);
  await page.waitForTimeout(2000);
  return stopGaps(page);
}

const ms = (x) => x.toFixed(1);

const click = (page, [x, y]) => page.mouse.click(x, y);

test('Gobblet AB: clicks make a move, the proven strategy replies at once, U takes the pair back', async () => {
  const page = await open('?mode=gobblet-ab&seed=3&touch=0');
  let st = await until(page, 'the board', (s) => s.gobblet.reserveXY && s.gobblet.reserveXY.length === 3);
  assert.equal(st.mode, 'gobblet-ab');
  assert.equal(st.gobblet.human, 1, 'the person attacks');
  const g = st.gobblet;
  await click(page, g.reserveXY[0]);
  st = await until(page, 'a stack picked', (s) => s.gobblet.selected === 100);
  assert.equal(st.gobblet.targets.length, 16, 'an A goes on any empty square');
  await click(page, g.squareXY[5]);
  st = await until(page, "the strategy's reply", (s) => s.gobblet.plies === 2);
  assert.equal(st.gobblet.squares[5], 'a');
  assert.match(st.gobblet.note, /cannot lose/);
  // H lists the moves that kept the draw; U takes the pair back.
  await tap(page, 'KeyH');
  st = await until(page, 'the certified moves', (s) => /Certified/.test(s.gobblet.note));
  assert.ok(st.gobblet.keep.length >= 1);
  await tap(page, 'KeyU');
  st = await until(page, 'the undo', (s) => s.gobblet.plies === 0);
  assert.equal(st.gobblet.squares[5], '');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('full Gobblet: the computer thinks while the page keeps drawing, then plays a legal move', async () => {
  const page = await open('?mode=gobblet&seed=4&touch=0');
  let st = await until(page, 'the board', (s) => s.gobblet.reserveXY && s.gobblet.reserveXY.length === 3);
  const g = st.gobblet;
  // Two seconds idle first, to compare: a software-rendered page on a
  // loaded machine draws slowly whatever Go does.
  const idle = await idleGaps(page);
  await startGaps(page);
  await click(page, g.reserveXY[0]);
  await until(page, 'a stack picked', (s) => s.gobblet.selected === 100);
  await click(page, g.squareXY[0]);
  st = await until(page, 'thinking', (s) => s.gobblet.plies === 1 && s.gobblet.thinking, 10000);
  const t0 = st.appTicks;
  st = await until(page, "the computer's move", (s) => s.gobblet.plies === 2, 180000);
  const busy = await stopGaps(page);
  console.log(`# idle: ${idle.n} frames, mean ${ms(idle.mean)} ms, worst ${ms(idle.worst)} ms; ` +
    `thinking (${st.appTicks - t0} ticks): ${busy.n} frames, mean ${ms(busy.mean)} ms, worst ${ms(busy.worst)} ms`);
  assert.ok(st.appTicks - t0 > 10, 'the game ticked while the computer thought');
  // The search runs in slices of 8 ms (gobai/yield_js.go): frames come
  // about as often as when idle, never held for the whole search.
  assert.ok(busy.worst < Math.max(1000, 3 * idle.worst), `a frame waited ${ms(busy.worst)} ms: the search held the page`);
  assert.equal(st.gobblet.squares[0], 'A');
  assert.equal(st.gobblet.squares.filter((q) => q.startsWith('a')).length, 1, 'the computer put one piece on the board');
  await page.screenshot({ path: path.join(shots, 'gobblet-full.png') });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('Gobblers: H shows the perfect move and the value, the first player can force a win', async () => {
  const page = await open('?mode=gobblers&seed=5&touch=0');
  await until(page, 'the board', (s) => s.gobblet.squares.length === 9);
  const idle = await idleGaps(page);
  await startGaps(page);
  const t0 = Date.now();
  await tap(page, 'KeyH');
  const st = await until(page, 'the hint', (s) => s.gobblet.hint, 60000);
  // The proof search lets the page draw every 8 ms of work too
  // (gobai/solve.go, from.Moves).
  const busy = await stopGaps(page);
  console.log(`# idle: ${idle.n} frames, mean ${ms(idle.mean)} ms, worst ${ms(idle.worst)} ms; ` +
    `hint in ${Date.now() - t0} ms: ${busy.n} frames, mean ${ms(busy.mean)} ms, worst ${ms(busy.worst)} ms`);
  assert.ok(busy.worst < Math.max(1000, 3 * idle.worst), `a frame waited ${ms(busy.worst)} ms: the solver held the page`);
  assert.equal(st.gobblet.value, 'you can force a win');
  assert.match(st.gobblet.note, /perfect move/);
  await page.screenshot({ path: path.join(shots, 'gobblers-hint.png') });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('Gobblet on a phone: the board fills the width, taps play, HINT and UNDO replace the piece pads', async () => {
  const page = await open('?mode=gobblet-ab&seed=3&touch=1', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  let st = await until(page, 'the board', (s) => s.gobblet.reserveXY && s.gobblet.reserveXY.length === 3);
  const visible = () => page.evaluate(() => [...document.querySelectorAll('#touch button')].filter((b) => b.offsetParent).map((b) => b.textContent));
  assert.deepEqual(await visible(), ['HINT', 'UNDO', 'MENU']);
  const g = st.gobblet;
  // The state gives window (device) pixels; touches want the page's. The
  // first touch rests on the glass for a few ticks, as a finger does, and
  // reaches the game through Ebitengine; the second is playwright's tap,
  // lifted at once, between two ticks, which only the page's tap queue
  // (kockaTakeTaps) brings to the game.
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const cdp = await page.context().newCDPSession(page);
  const touch = async ([x, y]) => {
    const touchPoints = [{ x: x / dpr, y: y / dpr }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
    await page.waitForTimeout(100);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  // 64-column squares, 500 columns across 390 pixels: 49.9 apart (the
  // whole 640-column screen would give 39), less the rounding of the scale.
  const pitch = (g.squareXY[1][0] - g.squareXY[0][0]) / dpr;
  assert.ok(pitch > 45, `squares ${pitch} pixels apart`);
  await touch(g.reserveXY[0]);
  await until(page, 'a stack picked', (s) => s.gobblet.selected === 100);
  await page.touchscreen.tap(g.squareXY[5][0] / dpr, g.squareXY[5][1] / dpr);
  st = await until(page, "the strategy's reply", (s) => s.gobblet.plies === 2);
  assert.equal(st.gobblet.squares[5], 'a');
  await page.tap('#touch button[aria-label="Hint"]');
  await until(page, 'the certified moves', (s) => /Certified/.test(s.gobblet.note));
  await page.tap('#touch button[aria-label="Take back"]');
  st = await until(page, 'the undo', (s) => s.gobblet.plies === 0);
  assert.equal(st.gobblet.squares[5], '');
  await page.tap('#touch button[aria-label="Menu"]');
  await until(page, 'the pause menu', (s) => s.scene !== 'gobblet', 10000);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
