// The page in a real headless Chromium, against `alphabeta serve` started by run.sh
// (BASE_URL). Screenshots go to ../artifacts/ (gitignored).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '..', '..', 'artifacts');
const ARGS = [
  '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

let context;
let userDataDir;
const requests = [];
const problems = [];

before(async () => {
  assert.ok(BASE_URL, 'BASE_URL is set by run.sh');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphabeta-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1100, height: 900 },
  });
  context.on('request', (request) => requests.push(request.url()));
});

after(async () => {
  await context?.close();
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  // No request ever left this server, and the page logged no error.
  const foreign = requests.filter((url) => !url.startsWith(BASE_URL) && !url.startsWith('data:'));
  assert.deepEqual(foreign, [], 'requests to other hosts');
  assert.deepEqual(problems, [], 'page errors');
});

async function open(viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.on('pageerror', (error) => problems.push(error.message));
  // The API's 400 answers to bad input are expected; every other console error is not.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 400')) problems.push(message.text());
  });
  await page.goto(BASE_URL);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** Waits until the human is to move or the game is over; returns which. */
async function settle(page) {
  await page.waitForFunction(() => {
    const status = document.querySelector('#status');
    return status.dataset.over === 'true' || status.textContent.startsWith('Your move');
  });
  return page.$eval('#status', (status) => status.dataset.over === 'true');
}

async function newGame(page, { human, first }) {
  await page.selectOption('#human', human);
  await page.selectOption('#first', first);
  await page.click('#new');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 9);
}

const emptySquares = (page) =>
  page.$$eval('#board [data-square]', (squares) =>
    squares.filter((square) => square.dataset.token === '').map((square) => Number(square.dataset.square)));

const moveCount = (page) => page.$$eval('#moves li', (items) => items.length);

/** Plays a whole game by clicks, choosing with `pick` among the empty squares. */
async function playGame(page, human, first, pick) {
  await newGame(page, { human, first });
  let clicks = 0;
  while (!(await settle(page))) {
    const before = await moveCount(page);
    await page.click(`#board [data-square="${pick(await emptySquares(page))}"]`);
    clicks += 1;
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
  }
  const winner = await page.$eval('#status', (status) => status.dataset.winner);
  return { winner, clicks, moves: await moveCount(page) };
}

test('a whole tic-tac-toe game by clicks: the AI never loses', async () => {
  const page = await open();
  const strategies = [
    ['x', 'x', (empty) => empty[0]],
    ['x', 'x', (empty) => empty[empty.length - 1]],
    ['o', 'x', (empty) => empty[0]],
    ['o', 'o', (empty) => empty[Math.floor(empty.length / 2)]],
  ];
  for (const [human, first, pick] of strategies) {
    const { winner, clicks, moves } = await playGame(page, human, first, pick);
    assert.notEqual(winner, human, `the human (${human}, ${first} first) beat the AI`);
    assert.ok(clicks >= 2 && moves >= 5, `a whole game: ${clicks} clicks, ${moves} moves`);
    const ai = await page.textContent('#ai-info');
    assert.match(ai, /positions examined in .* depth \d+, value: /);
  }
  await page.screenshot({ path: path.join(ARTIFACTS, 'tictactoe-game-over.png') });
  await page.close();
});

test('an illegal click shows a short message and changes nothing', async () => {
  const page = await open();
  await newGame(page, { human: 'x', first: 'x' });
  await page.click('#board [data-square="4"]');
  await settle(page);
  assert.equal(await moveCount(page), 2);
  await page.click('#board [data-square="4"]');
  assert.equal(await page.textContent('#message'), 'That square is taken.');
  assert.equal(await moveCount(page), 2);
  await page.screenshot({ path: path.join(ARTIFACTS, 'illegal-click.png') });
  await page.click('#undo');
  assert.equal(await moveCount(page), 0);
  await page.close();
});

test('the hint recommends a move, with its evaluation time and positions examined', async () => {
  const page = await open();
  await newGame(page, { human: 'x', first: 'x' });
  await page.click('#hint');
  await page.waitForSelector('#board .square.hint');
  const info = await page.textContent('#hint-info');
  assert.match(info, /^Recommended move: \d\. Evaluation time: [\d.]+ m?s, [\d,]+ positions examined; value: draw\.$/);
  const recommended = info.match(/Recommended move: (\d)/)[1];
  const highlighted = await page.$eval('#board .square.hint', (square) => square.dataset.square);
  assert.equal(highlighted, recommended);
  // The analysis view colours every legal move.
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#board .value-draw').length === 9);
  await page.screenshot({ path: path.join(ARTIFACTS, 'hint-and-analysis.png') });
  await page.close();
});

test('keyboard: tab to a square and press Enter to move', async () => {
  const page = await open();
  await newGame(page, { human: 'x', first: 'x' });
  let focused = null;
  for (let presses = 0; presses < 40 && focused === null; presses += 1) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.dataset?.square ?? null);
  }
  assert.equal(focused, '0', 'Tab reaches the first square');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await settle(page);
  const first = await page.$eval('#moves li', (item) => item.textContent);
  assert.equal(first, 'x: 4 (you)');
  await page.close();
});

test('hare and wolves: pick up the hare, put it down, and the wolves answer', async (t) => {
  const page = await open();
  const games = await page.$$eval('#game option', (options) => options.map((option) => option.value));
  if (!games.includes('hare-wolves')) {
    t.skip('hare-wolves is not registered in this build');
    await page.close();
    return;
  }
  await page.selectOption('#game', 'hare-wolves');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
  await page.selectOption('#human', 'hare');
  await page.selectOption('#first', 'hare');
  await page.selectOption('#level', 'easy');
  await page.click('#new');
  for (let turn = 0; turn < 3; turn += 1) {
    await settle(page);
    const before = await moveCount(page);
    // An empty square first: nothing happens but a message.
    const empty = await page.$eval('#board [data-token=""]', (square) => square.dataset.square);
    await page.click(`#board [data-square="${empty}"]`);
    assert.equal(await page.textContent('#message'), 'Pick up one of your pieces first.');
    assert.equal(await moveCount(page), before);
    await page.click('#board [data-token="hare"]');
    await page.waitForSelector('#board .square.selected');
    // The first square the hare can reach (targets are the squares a click plays).
    const target = await page.evaluate(() => {
      const hare = document.querySelector('#board [data-token="hare"]').dataset.square;
      const cols = 8;
      const [row, col] = [Math.floor(hare / cols), hare % cols];
      for (const [dr, dc] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
        const square = document.querySelector(`#board [data-square="${(row + dr) * cols + col + dc}"]`);
        if (square && col + dc >= 0 && col + dc < cols && square.dataset.token === '') return square.dataset.square;
      }
      return null;
    });
    assert.ok(target !== null, 'the hare has a move');
    await page.click(`#board [data-square="${target}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length >= n + 2, before);
    assert.equal(await page.$eval('#board [data-token="hare"]', (square) => square.dataset.square), target);
  }
  const moves = await page.$$eval('#moves li', (items) => items.map((item) => item.textContent));
  assert.equal(moves.length, 6);
  assert.match(moves[0], /^hare: [a-h][1-8]-[a-h][1-8] \(you\)$/);
  assert.match(moves[1], /^wolves: [a-h][1-8]-[a-h][1-8] \(AI\)$/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'hare-and-wolves.png') });
  await page.close();
});

test('connect four: a click anywhere in a column drops the stone, and the AI answers', async () => {
  const page = await open();
  await page.selectOption('#game', 'connect4');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 42);
  await page.selectOption('#human', 'x');
  await page.selectOption('#first', 'x');
  await page.selectOption('#level', 'easy');
  await page.click('#new');
  await settle(page);
  // The top cell of column 4 (square 3): the stone lands at the bottom (square 38).
  await page.click('#board [data-square="3"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2);
  assert.equal(await page.$eval('#board [data-square="38"]', (square) => square.dataset.token), 'x');
  assert.equal(await page.$eval('#board [data-square="3"]', (square) => square.dataset.token), '');
  const moves = await page.$$eval('#moves li', (items) => items.map((item) => item.textContent));
  assert.equal(moves[0], 'x: 4 (you)');
  assert.match(moves[1], /^o: [1-7] \(AI\)$/);
  // Exactly two stones on the board: ours and the AI's.
  const stones = await page.$$eval('#board [data-square]', (squares) =>
    squares.filter((square) => square.dataset.token !== '').map((square) => square.dataset.token).sort());
  assert.deepEqual(stones, ['o', 'x']);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'connect-four.png') });
  await page.close();
});

test('the tree explorer on seed 001: 6 of 9 leaves looked at', async () => {
  const page = await open();
  await page.click('#tab-tree');
  await page.click('button.preset[data-tree="[[4,7,5],[9,2,6],[3,8,5]]"]');
  await page.waitForFunction(() => document.querySelector('#tree-step-label').textContent.startsWith('Step 0 of'));
  const total = Number((await page.textContent('#tree-step-label')).match(/of (\d+)/)[1]);
  for (let step = 1; step <= total; step += 1) {
    await page.click('#tree-step');
    if (step === 20) {
      assert.equal(await page.textContent('#tree-note'), 'α ≥ β at B (4 ≥ 2): cut! 1 branch is never looked at.');
      await page.screenshot({ path: path.join(ARTIFACTS, 'tree-explorer-step.png') });
    }
  }
  assert.equal(await page.textContent('#tree-step-label'), `Step ${total} of ${total} (alpha-beta)`);
  const counter = await page.$eval('#leaf-count', (element) => ({ ...element.dataset }));
  assert.deepEqual(counter, { visited: '6', total: '9' });
  assert.equal(await page.$$eval('#tree-svg .leaf.visited', (leaves) => leaves.length), 6);
  const pruned = await page.$$eval('#tree-svg .leaf.pruned', (leaves) => leaves.map((leaf) => leaf.dataset.path));
  assert.deepEqual(pruned, ['1.2', '2.1', '2.2']);
  assert.match(await page.textContent('#tree-note'), /the root is worth 4, best move A; 6 of 9 leaves/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'tree-explorer-done.png') });
  // Minimax looks at all nine.
  await page.check('input[name="tree-algorithm"][value="minimax"]');
  await page.click('#tree-end');
  assert.deepEqual(await page.$eval('#leaf-count', (element) => ({ ...element.dataset })), { visited: '9', total: '9' });
  // A tree that does not parse says where.
  await page.fill('#tree-text', '[[4,7,5],[9,x]]');
  await page.click('#tree-load');
  await page.waitForFunction(() => document.querySelector('#tree-error').textContent !== '');
  assert.equal(await page.textContent('#tree-error'), "bad tree: expected a number or '[' but found 'x' at column 13");
  await page.close();
});

test('phone width: nothing overflows', async () => {
  const page = await open({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  const board = await page.$eval('#board', (element) => element.getBoundingClientRect().width);
  assert.ok(board > 200 && board <= 390, `board width ${board}`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'phone.png'), fullPage: true });
  await page.close();
});
