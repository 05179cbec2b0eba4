// The page in a real headless Chromium, against `alphabeta serve` started by run.sh
// (BASE_URL). Screenshots go to ../artifacts/ (gitignored).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '..', '..', 'artifacts');
const ARGS = [
  '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The games the page must offer: a test fails, never skips, when one is missing. */
const REQUIRED_GAMES = ['tictactoe', 'connect4', 'hare-wolves'];

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

async function open(viewport, hash = '') {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.on('pageerror', (error) => problems.push(error.message));
  // The API's 400 answers to bad input are expected; every other console error is not.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 400')) problems.push(message.text());
  });
  await page.goto(BASE_URL + hash);
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

async function newGame(page, { human, first, game = 'tictactoe', level, from }) {
  await selectGame(page, game);
  await page.selectOption('#human', human);
  if (first) await page.selectOption('#first', first);
  if (level) await page.selectOption('#level', level);
  if (from) await page.fill('#start-from', from);
  await page.click('#new');
}

/** The weakest level of `game` (the first the catalogue lists). */
async function weakest(page, game) {
  await selectGame(page, game);
  return page.$eval('#level optgroup:first-child option', (option) => option.value);
}

/** Unfolds the settings (folded on a phone) as a user would, by their summary. */
async function openSettings(page) {
  if (!(await page.$eval('#settings-box', (box) => box.open))) await page.click('#settings-box > summary');
}

/** Chooses a game, failing (not skipping) when the page does not offer it. */
async function selectGame(page, game) {
  await openSettings(page);
  const games = await page.$$eval('#game option', (options) => options.map((option) => option.value));
  assert.ok(games.includes(game), `the page offers ${game} (it offers ${games.join(', ')})`);
  if ((await page.$eval('#game', (select) => select.value)) !== game) {
    await page.selectOption('#game', game);
  }
}

async function api(route, body) {
  const response = await fetch(new URL(route, BASE_URL), body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const json = await response.json();
  assert.equal(response.status, 200, `${route}: ${JSON.stringify(json)}`);
  return json;
}

const emptySquares = (page) =>
  page.$$eval('#board [data-square]', (squares) =>
    squares.filter((square) => square.dataset.token === '').map((square) => Number(square.dataset.square)));

const moveCount = (page) => page.$$eval('#moves li', (items) => items.length);
const moveList = (page) => page.$$eval('#moves li', (items) => items.map((item) => item.textContent));

/** Clicks a square and waits until the move and the answer (if any) are in. */
async function clickAndSettle(page, square) {
  const before = await moveCount(page);
  await page.click(`#board [data-square="${square}"]`);
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
  return settle(page);
}

/** Plays a whole tic-tac-toe game by clicks, choosing with `pick` among the empty squares. */
async function playGame(page, human, first, pick) {
  await newGame(page, { human, first });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 9);
  let clicks = 0;
  while (!(await settle(page))) {
    await clickAndSettle(page, pick(await emptySquares(page)));
    clicks += 1;
  }
  const winner = await page.$eval('#status', (status) => status.dataset.winner);
  return { winner, clicks, moves: await moveCount(page) };
}

test('every game of the catalogue is on the page, with its rules, levels and starters', async () => {
  const catalogue = await api('/api/games');
  const grid = catalogue.games.filter((game) => game.start && game.start.board.kind === 'grid');
  for (const name of REQUIRED_GAMES) {
    assert.ok(grid.some((game) => game.name === name), `${name} is registered in the catalogue`);
  }
  const page = await open();
  const offered = await page.$$eval('#game option', (options) => options.map((option) => option.value));
  assert.deepEqual(offered, grid.map((game) => game.name));
  for (const game of grid) {
    await selectGame(page, game.name);
    await settle(page);
    assert.equal(await page.textContent('#rules-text'), game.rules);
    assert.equal(await page.textContent('#rules-title'), game.title);
    // Who starts: only the sides the rules allow.
    const starters = await page.$$eval('#first option', (options) => options.map((option) => option.value));
    assert.deepEqual(starters, game.starters);
    // The levels and the default, from the catalogue.
    const levels = await page.$$eval('#level optgroup:first-child option', (options) => options.map((option) => option.value));
    assert.deepEqual(levels, game.levels.map((level) => level.name));
    assert.equal(await page.$eval('#level', (select) => select.value), game.default_level);
    // Coordinates: the catalogue's labels around the board.
    const board = game.start.board;
    const cols = await page.$$eval('#board [data-coordinate="col"]', (labels) => labels.map((label) => label.textContent));
    const rows = await page.$$eval('#board [data-coordinate="row"]', (labels) => labels.map((label) => label.textContent));
    assert.deepEqual(cols, board.col_labels);
    assert.deepEqual(rows, board.row_labels);
  }
  await page.close();
});

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
    const ai = await page.textContent('#ai-info .summary');
    assert.match(ai, /^The AI \([xo]\) played \d: .*, proven\. [\d,]+ positions? examined in .* \(perfect, depth \d+\)\.$/);
  }
  // The cells carry their numbers, which are the moves.
  const numbers = await page.$$eval('#board .cell-number', (labels) => labels.map((label) => label.textContent));
  assert.deepEqual(numbers, ['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  await page.screenshot({ path: path.join(ARTIFACTS, 'tictactoe.png') });
  await page.close();
});

test('an illegal click shows a short message and changes nothing', async () => {
  const page = await open();
  await newGame(page, { human: 'x', first: 'x' });
  await settle(page);
  await clickAndSettle(page, 4);
  assert.equal(await moveCount(page), 2);
  await page.click('#board [data-square="4"]');
  assert.equal(await page.textContent('#message'), 'That square is taken.');
  assert.equal(await moveCount(page), 2);
  await page.click('#undo');
  assert.equal(await moveCount(page), 0);
  await page.close();
});

test('the hint recommends a move, with its evaluation time and positions examined', async () => {
  const page = await open();
  await newGame(page, { human: 'x', first: 'x' });
  await settle(page);
  await page.click('#hint');
  await page.waitForSelector('#board .square.hint');
  const info = await page.textContent('#hint-info .summary');
  assert.match(info, /^Recommended move: \d\. Evaluation time: [\d.]+ m?s, [\d,]+ positions examined; value: draw, proven\.$/);
  const recommended = info.match(/Recommended move: (\d)/)[1];
  const highlighted = await page.$eval('#board .square.hint', (square) => square.dataset.square);
  assert.equal(highlighted, recommended);
  // The analysis view colours every legal move with its exact value.
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#board .value-draw').length === 9);
  const labels = await page.$$eval('#board .value-label', (texts) => texts.map((text) => text.textContent));
  assert.deepEqual(labels, Array(9).fill('draw'));
  await page.screenshot({ path: path.join(ARTIFACTS, 'hint-and-analysis.png') });
  await page.close();
});

test('keyboard: tab to a square and press Enter to move', async () => {
  const page = await open();
  await newGame(page, { human: 'x', first: 'x' });
  await settle(page);
  let focused = null;
  for (let presses = 0; presses < 60 && focused === null; presses += 1) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.dataset?.square ?? null);
  }
  assert.equal(focused, '0', 'Tab reaches the first square');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2);
  assert.equal((await moveList(page))[0], 'x: 4 (you)');
  await page.close();
});

test('hare and wolves: pick up the hare, see where it may go, and the table answers at once', async () => {
  const page = await open();
  await newGame(page, { game: 'hare-wolves', human: 'hare', first: 'hare' });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
  assert.equal(await page.$eval('#level', (select) => select.value), 'perfect');
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
    // The squares highlighted are exactly where the API says the hare may go.
    const position = await page.textContent('#position-text');
    const legal = await api('/api/position', { game: 'hare-wolves', position });
    const hare = Number(await page.$eval('#board [data-token="hare"]', (square) => square.dataset.square));
    const expected = legal.moves.filter((move) => move.from === hare).map((move) => move.squares[0]).sort((a, b) => a - b);
    const targets = await page.$$eval('#board .square.target', (squares) => squares.map((square) => Number(square.dataset.square)));
    assert.deepEqual(targets.sort((a, b) => a - b), expected);
    assert.ok(expected.length > 0, 'the hare has a move');
    if (turn === 0) await page.screenshot({ path: path.join(ARTIFACTS, 'hare-and-wolves-picked-up.png') });
    await clickAndSettle(page, expected[0]);
    assert.equal(Number(await page.$eval('#board [data-token="hare"]', (square) => square.dataset.square)), expected[0]);
    // The wolves' answer comes from the complete table: proven.
    assert.match(await page.textContent('#ai-info .summary'), /^The AI \(wolves\) played [a-h][1-8]-[a-h][1-8]: wolves win in \d+ plies, proven\. .* \(perfect\)\.$/);
  }
  // The table is looked up, not searched: the account says so, with no depth or node count.
  assert.match(await page.textContent('#ai-info .summary'), /proven\. Looked up in the table of values in [\d.]+ m?s \(perfect\)\.$/);
  assert.equal(await page.textContent('#ai-info [data-field="lookup"]'), 'the table of values');
  assert.equal(await page.$('#ai-info [data-field="nodes"]'), null);
  assert.equal(await page.$('#ai-info [data-field="depth"]'), null);
  await settle(page);
  await page.click('#hint');
  await page.waitForSelector('#board .square.hint');
  assert.match(await page.textContent('#hint-info .summary'), /^Recommended move: [a-h][1-8]-[a-h][1-8]\. Looked up in the table of values in [\d.]+ m?s; value: .*, proven\.$/);
  const moves = await moveList(page);
  assert.equal(moves.length, 6);
  assert.match(moves[0], /^hare: [a-h][1-8]-[a-h][1-8] \(you\)$/);
  assert.match(moves[1], /^wolves: [a-h][1-8]-[a-h][1-8] \(AI\)$/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'hare-and-wolves.png') });
  await page.close();
});

test('connect four: a click anywhere in a column drops the stone, and the AI answers', async () => {
  const page = await open();
  await newGame(page, { game: 'connect4', human: 'x', level: '1' });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 42);
  await settle(page);
  // The top cell of column 4 (square 3): the stone lands at the bottom (square 38).
  await clickAndSettle(page, 3);
  assert.equal(await page.$eval('#board [data-square="38"]', (square) => square.dataset.token), 'x');
  assert.equal(await page.$eval('#board [data-square="3"]', (square) => square.dataset.token), '');
  const moves = await moveList(page);
  assert.equal(moves[0], 'x: 4 (you)');
  assert.match(moves[1], /^o: [1-7] \(AI\)$/);
  // The record of the game, in the order played.
  assert.equal(await page.textContent('#position-text'), `4${moves[1][3]}`);
  const stones = await page.$$eval('#board [data-square]', (squares) =>
    squares.filter((square) => square.dataset.token !== '').map((square) => square.dataset.token).sort());
  assert.deepEqual(stones, ['o', 'x']);
  await page.close();
});

/** A middle-game test-set position (x to move; x wins with its 16th stone, 7 moves on). */
const CONNECT4_START = '137616613112365341';

test('connect four at the default level: every move of the AI is the solver\'s', async () => {
  const page = await open();
  // The AI (x) is to move in the position typed in "Start from".
  await newGame(page, { game: 'connect4', human: 'o', from: CONNECT4_START });
  assert.equal(await page.$eval('#level', (select) => select.value), 'perfect');
  let over = await settle(page);
  const infos = [await page.textContent('#ai-info')];
  while (!over) {
    // The human defends as well as can be (the server's best move for o), so the game is
    // long: x needs every one of its moves to win with its 16th stone.
    const reply = await api('/api/best', { game: 'connect4', position: await page.textContent('#position-text') });
    over = await clickAndSettle(page, Number(reply.move) - 1);
    if ((await moveList(page)).at(-1).endsWith('(AI)')) infos.push(await page.textContent('#ai-info'));
  }
  const record = await page.textContent('#position-text');
  assert.ok(record.startsWith(CONNECT4_START), `the record keeps the start: ${record}`);
  const moves = await moveList(page);
  const aiMoves = moves.map((move, index) => [move, index]).filter(([move]) => move.endsWith('(AI)'));
  assert.ok(aiMoves.length >= 5, `${aiMoves.length} AI moves`);
  for (const [move, index] of aiMoves) {
    // Each AI move has the best exact value among the moves of its position.
    const before = record.slice(0, CONNECT4_START.length + index);
    const column = move.match(/^x: ([1-7]) /)[1];
    assert.equal(record[CONNECT4_START.length + index], column);
    const analysis = await api('/api/analyse', { game: 'connect4', position: before });
    assert.ok(analysis.moves.every((entry) => entry.exact), `${before}: every move proven`);
    const best = Math.max(...analysis.moves.map((entry) => entry.value));
    const played = analysis.moves.find((entry) => entry.move === column);
    assert.equal(played.value, best, `${before}: the AI played ${column}, worth ${played.value}; the best is ${best}`);
  }
  for (const info of infos) assert.match(info, /, proven\./);
  assert.match(infos.at(-1), /with its \d+(st|nd|rd|th) stone/);
  // The test set says x wins this position; the solver's moves win it.
  assert.equal(await page.$eval('#status', (status) => status.dataset.winner), 'x');
  await page.screenshot({ path: path.join(ARTIFACTS, 'connect-four.png') });
  await page.close();
});

test('the tree explorer on the tutorial\'s tree: 6 of 9 leaves looked at', async () => {
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

test('a large tree opens with its root in view and every label inside the canvas', async () => {
  const page = await open();
  await page.click('#tab-tree');
  await page.click('#preset-large');
  await page.waitForFunction(() => document.querySelector('#leaf-count').dataset.total === '54');
  const rootInView = async () => page.evaluate(() => {
    const frame = document.querySelector('.tree-scroll').getBoundingClientRect();
    const root = document.querySelector('#tree-svg [data-path=""]').getBoundingClientRect();
    return root.left >= frame.left && root.right <= frame.right;
  });
  assert.ok(await rootInView(), 'the root is in view');
  const wide = await page.$eval('#tree-svg', (svg) => svg.getBoundingClientRect().width);
  const frame = await page.$eval('.tree-scroll', (element) => element.clientWidth);
  assert.ok(wide > frame, `the tree (${wide}px) is wider than its frame (${frame}px)`);
  // Every label, at every step, lies inside the canvas.
  await page.click('#tree-end');
  const outside = await page.evaluate(() => {
    const canvas = document.querySelector('#tree-svg').getBoundingClientRect();
    return [...document.querySelectorAll('#tree-svg text')].filter((text) => {
      const box = text.getBoundingClientRect();
      return box.left < canvas.left || box.right > canvas.right || box.top < canvas.top || box.bottom > canvas.bottom;
    }).map((text) => text.textContent);
  });
  assert.deepEqual(outside, []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'tree-explorer-large-end.png'), fullPage: true });
  await page.click('#tree-start');
  await page.screenshot({ path: path.join(ARTIFACTS, 'tree-explorer-large.png') });
  // Back to play and here again: the root is in view again.
  await page.click('#tab-play');
  await page.click('#tab-tree');
  assert.ok(await rootInView(), 'the root is in view after switching tabs');
  await page.close();
});

test('phone width: nothing overflows, for every game', async () => {
  const page = await open({ width: 390, height: 844 });
  // The board first, the settings folded below it.
  assert.equal(await page.$eval('#settings-box', (box) => box.open), false);
  const top = (selector) => page.$eval(selector, (element) => element.getBoundingClientRect().top);
  assert.ok(await top('#board') < await top('#settings-box'), 'the board above the settings');
  assert.ok(await top('#board') < 120, `the board starts near the top: ${await top('#board')}px`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'phone-390x844.png') });
  for (const [game, human] of [['tictactoe', 'x'], ['connect4', 'x'], ['hare-wolves', 'hare']]) {
    await newGame(page, { game, human });
    await settle(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${game}: the page is ${overflow}px wider than the phone`);
    const board = await page.$eval('#board', (element) => element.getBoundingClientRect().width);
    assert.ok(board > 200 && board <= 390, `${game}: board width ${board}`);
    await page.screenshot({ path: path.join(ARTIFACTS, `phone-${game}.png`), fullPage: true });
  }
  await page.close();
});

test('chess: pick up a pawn, see its targets, play e2-e4, and the AI answers', async () => {
  const page = await open();
  await newGame(page, { game: 'chess', human: 'White', level: await weakest(page, 'chess') });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
  await settle(page);
  // The pieces are drawn as glyphs; e2 is row 7 (from the top), file e.
  assert.equal(await page.$$eval('#board .chess-piece', (pieces) => pieces.length), 32);
  const e2 = 6 * 8 + 4;
  const e4 = 4 * 8 + 4;
  await page.click(`#board [data-square="${e2}"]`);
  await page.waitForSelector('#board .square.selected');
  const targets = await page.$$eval('#board .square.target', (squares) => squares.map((square) => Number(square.dataset.square)));
  assert.deepEqual(targets.sort((a, b) => a - b), [e4, 5 * 8 + 4]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'chess-picked-up.png') });
  await clickAndSettle(page, e4);
  const moves = await moveList(page);
  assert.equal(moves.length, 2);
  // The moves in SAN, each with its UCI text.
  assert.match(moves[0], /^White: e4 \(you\)$/);
  assert.match(moves[1].match(/^Black: (\S+) \(AI\)$/)[1], SAN);
  const texts = await page.$$eval('#moves li', (items) => items.map((item) => item.dataset.move));
  assert.equal(texts[0], 'e2e4');
  assert.match(texts[1], /^[a-h][1-8][a-h][1-8]$/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'chess.png') });
  await page.close();
});

test('Monte Carlo tree search: every move shows its win rate, from the visits of one search', async () => {
  const page = await open();
  await selectGame(page, 'connect4');
  await page.selectOption('#human', 'x');
  const mcts = await page.$$eval('#level option', (options) => options.map((o) => o.value).find((v) => v.endsWith('mcts')));
  assert.ok(mcts, 'the page offers MCTS');
  await page.selectOption('#level', mcts);
  await page.click('#new');
  await settle(page);
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#board .value-label').length >= 7);
  const labels = await page.$$eval('#board .value-label', (texts) => texts.map((text) => text.textContent));
  assert.ok(labels.every((label) => /^\d+%$/.test(label)), labels.join(' '));
  assert.ok(new Set(labels).size > 1, `the win rates tell the moves apart: ${labels.join(' ')}`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'mcts-win-rates.png') });
  await page.close();
});

/** SAN: a piece move, a pawn move or capture, castling; promotion; check or mate. */
const SAN = /^(O-O(-O)?|[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|([a-h]x)?[a-h][1-8](=[QRBN])?)[+#]?$/;
/** A chess score as people read it: pawns for the side that moves, or moves to mate. */
const CHESS_SCORE = /^([+-]\d+\.\d\d|0\.00|draw|mate in [1-9]\d*|mated in [1-9]\d*)$/;

/** The search told in `selector` (#ai-info, #hint-info): its score, depth, nodes, line. */
async function account(page, selector) {
  const field = (name) => page.textContent(`${selector} [data-field="${name}"]`);
  return {
    summary: await page.textContent(`${selector} .summary`),
    score: await field('score'),
    depth: Number(await field('depth')),
    nodes: Number((await field('nodes')).replace(/,/g, '')),
    pv: (await field('pv')).split(' '),
  };
}

test('chess on a phone (375 px): the board fits, the controls wrap, a hint shows a move, the AI tells its search in SAN', async () => {
  const width = 375;
  const page = await open({ width, height: 740 });
  await newGame(page, { game: 'chess', human: 'White', level: await weakest(page, 'chess') });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
  await settle(page);
  // No horizontal scroll; the board scales to the width; every control is inside it.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  const board = await page.$eval('#board', (element) => {
    const box = element.getBoundingClientRect();
    return { left: box.left, right: box.right, width: box.width };
  });
  assert.ok(board.width <= width && board.left >= 0 && board.right <= width, `board ${JSON.stringify(board)}`);
  assert.ok(board.width >= 0.8 * width, `the board uses the width: ${board.width}px`);
  const outside = await page.$$eval('button, select, input', (elements, limit) => elements
    .filter((element) => element.offsetParent !== null)
    .filter((element) => element.getBoundingClientRect().right > limit || element.getBoundingClientRect().left < 0)
    .map((element) => element.id || element.textContent), width);
  assert.deepEqual(outside, [], 'controls outside the phone');
  // A hint: the recommended move in SAN, highlighted on the board, with its search.
  await page.click('#hint');
  await page.waitForSelector('#board .square.hint');
  const hint = await account(page, '#hint-info');
  const recommended = hint.summary.match(/^Recommended move: (\S+)\. Evaluation time: /)[1];
  assert.match(recommended, SAN);
  assert.match(hint.score, CHESS_SCORE);
  assert.ok(hint.depth >= 1 && hint.nodes > 0, JSON.stringify(hint));
  assert.equal(hint.pv[0], recommended, 'the line starts with the recommended move');
  for (const mv of hint.pv) assert.match(mv, SAN);
  await page.screenshot({ path: path.join(ARTIFACTS, 'phone-chess-hint.png'), fullPage: true });
  // Play it: pick up the highlighted piece, drop it on the other highlighted square.
  const squares = await page.$$eval('#board .square.hint', (elements) =>
    elements.map((element) => ({ square: Number(element.dataset.square), token: element.dataset.token })));
  assert.equal(squares.length, 2, JSON.stringify(squares));
  const from = squares.find((square) => square.token.startsWith('w'));
  const to = squares.find((square) => square !== from);
  await page.click(`#board [data-square="${from.square}"]`);
  await clickAndSettle(page, to.square);
  const moves = await moveList(page);
  assert.equal(moves.length, 2, moves.join(', '));
  assert.equal(moves[0], `White: ${recommended} (you)`);
  // The AI's answer: its move in SAN, its score for Black, depth, nodes and line in SAN.
  const ai = await account(page, '#ai-info');
  const played = ai.summary.match(/^The AI \(Black\) played (\S+): /)[1];
  assert.match(played, SAN);
  assert.match(ai.score, CHESS_SCORE);
  assert.match(await page.textContent('#ai-info .search'), / for Black · depth /);
  assert.ok(ai.depth >= 1 && ai.nodes > 0, JSON.stringify(ai));
  assert.equal(ai.pv[0], played);
  assert.equal(moves[1], `Black: ${played} (AI)`);
  for (const mv of ai.pv) assert.match(mv, SAN);
  // The value of every move: chess labels its pieces with scores in pawns (or mates).
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#board .value-label').length > 0);
  const labels = await page.$$eval('#board .value-label', (texts) => texts.map((text) => text.textContent));
  assert.ok(labels.every((label) => CHESS_SCORE.test(label) || /^(win|loss) \d+$/.test(label)), labels.join(' '));
  const after = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(after <= 0, `after the moves the page is ${after}px wider than the phone`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'phone-chess.png'), fullPage: true });
  await page.close();
});

test('chess analysed by the engine\'s negamax at depth 1: every piece that can move shows its score', async () => {
  const page = await open();
  await newGame(page, { game: 'chess', human: 'White', level: 'search:negamax' });
  await page.fill('#depth', '1');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
  await settle(page);
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelector('#legend').dataset.state === 'done');
  // From the start: the eight pawns and the two knights, each labelled with its best move's
  // score in pawns (a heuristic at this depth), none with "?" (not known).
  const labels = await page.$$eval('#board .value-label', (texts) => texts.map((text) => text.textContent));
  assert.equal(labels.length, 10, labels.join(' '));
  assert.ok(labels.every((label) => CHESS_SCORE.test(label)), labels.join(' '));
  await page.close();
});

/** The squares whose `data-NAME` is "true", in order. */
const marked = (page, name) => page.$$eval(`#board [data-${name}="true"]`,
  (squares) => squares.map((square) => Number(square.dataset.square)).sort((a, b) => a - b));

test('highlights: the last move, the winning line (tic-tac-toe, Connect Four) and check, by data attribute', async () => {
  const page = await open();
  // Tic-tac-toe: x completes the top row.
  await newGame(page, { game: 'tictactoe', human: 'x', from: 'xx.oo.... x' });
  await settle(page);
  assert.deepEqual(await marked(page, 'last'), []);
  await clickAndSettle(page, 2);
  assert.deepEqual(await marked(page, 'win'), [0, 1, 2]);
  assert.deepEqual(await marked(page, 'last'), [2]);
  assert.match(await page.getAttribute('#board [data-square="1"]', 'aria-label'), /winning line/);
  assert.match(await page.getAttribute('#board [data-square="2"]', 'aria-label'), /last move, winning line/);
  // Connect Four: four in column 1; the stone that made it is the last move.
  await newGame(page, { game: 'connect4', human: 'x', from: '121212' });
  await settle(page);
  await clickAndSettle(page, 0);
  assert.deepEqual(await marked(page, 'win'), [14, 21, 28, 35]);
  assert.deepEqual(await marked(page, 'last'), [14]);
  assert.deepEqual(await marked(page, 'check'), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'connect-four-won.png') });
  // An AI's move is marked too: after x plays the centre, o's answer is the last move.
  await newGame(page, { game: 'tictactoe', human: 'x', first: 'x' });
  await settle(page);
  await clickAndSettle(page, 4);
  const last = await marked(page, 'last');
  assert.equal(last.length, 1);
  assert.equal(await page.$eval(`#board [data-square="${last[0]}"]`, (square) => square.dataset.token), 'o');
  await page.close();
});

test('flip: playing Black turns the board; the button turns it back; check is marked on the king', async () => {
  const page = await open();
  // Fool's mate: Black (the human) mates with Qh4.
  await newGame(page, { game: 'chess', human: 'Black', level: await weakest(page, 'chess'), from: 'startpos moves f2f3 e7e5 g2g4' });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
  await settle(page);
  assert.equal(await page.$eval('#board', (board) => board.dataset.flipped), 'true');
  // Flipped, rank 1 is at the top and file h on the left.
  const top = (selector) => page.$eval(selector, (element) => element.getBoundingClientRect().top);
  const left = (selector) => page.$eval(selector, (element) => element.getBoundingClientRect().left);
  assert.ok(await top('#board [data-square="60"]') < await top('#board [data-square="4"]'), 'e1 above e8');
  assert.ok(await left('#board [data-square="63"]') < await left('#board [data-square="56"]'), 'h1 left of a1');
  const ranks = await page.$$eval('#board [data-coordinate="row"]', (labels) =>
    labels.map((label) => [label.textContent, label.getBoundingClientRect().top]).sort((a, b) => a[1] - b[1]).map(([text]) => text));
  assert.deepEqual(ranks, ['1', '2', '3', '4', '5', '6', '7', '8']);
  // d8 (square 3) to h4 (square 39), dragged and dropped.
  await page.dragAndDrop('#board [data-square="3"]', '#board [data-square="39"]');
  await page.waitForFunction(() => document.querySelector('#status').dataset.over === 'true');
  assert.deepEqual(await marked(page, 'check'), [60]);
  assert.deepEqual(await marked(page, 'last'), [3, 39]);
  // The queen's path, drawn from d8 to h4.
  assert.equal(await page.$eval('#board .last-path', (line) => line.dataset.path), '3-39');
  assert.match(await page.getAttribute('#board [data-square="60"]', 'aria-label'), /^e1: wK, in check$/);
  assert.equal(await page.$eval('#status', (status) => status.dataset.winner), 'Black');
  // The bar shows the result: Black's, proven.
  assert.deepEqual(await page.$eval('#eval-bar', (bar) => ({ ...bar.dataset })), { value: '-1.000', proven: 'true' });
  await page.screenshot({ path: path.join(ARTIFACTS, 'chess-mate-flipped.png') });
  await page.click('#flip');
  assert.equal(await page.$eval('#board', (board) => board.dataset.flipped), 'false');
  assert.ok(await top('#board [data-square="4"]') < await top('#board [data-square="60"]'), 'e8 above e1');
  // Boards without a side (tic-tac-toe, Connect Four) offer no flip.
  await newGame(page, { game: 'connect4', human: 'o' });
  await settle(page);
  assert.equal(await page.isHidden('#flip'), true);
  await page.close();
});

const boardTokens = (page) => page.$$eval('#board [data-square]', (squares) => squares.map((square) => square.dataset.token));

test('the move list: go back to an earlier position and play on from there; undo; play again', async () => {
  const page = await open();
  await newGame(page, { game: 'tictactoe', human: 'x', first: 'x' });
  await settle(page);
  await clickAndSettle(page, 4);
  await clickAndSettle(page, (await emptySquares(page))[0]);
  assert.equal(await moveCount(page), 4);
  const fourth = await boardTokens(page);
  // Back to the position after the AI's first answer: the board shows it, the list marks it.
  await page.click('#moves li[data-ply="2"] button');
  assert.match(await page.textContent('#status'), /^Your move \(x\), at move 2 of 4: a move here drops the later ones\.$/);
  assert.equal(await page.$eval('#moves li.current', (item) => item.dataset.ply), '2');
  const second = await boardTokens(page);
  assert.equal(second.filter((token) => token !== '').length, 2);
  const answer = second.findIndex((token) => token === 'o');
  assert.deepEqual(await marked(page, 'last'), [answer]);
  // Forward and back with the arrows.
  await page.click('#nav-end');
  assert.deepEqual(await boardTokens(page), fourth);
  await page.click('#nav-start');
  assert.equal((await boardTokens(page)).join(''), '');
  await page.click('#moves li[data-ply="2"] button');
  // A different move from there: the later moves are dropped, the AI answers.
  const other = (await emptySquares(page)).find((square) => fourth[square] === '');
  await page.click(`#board [data-square="${other}"]`);
  await page.waitForFunction((text) => document.querySelector('#moves li[data-ply="3"]')?.textContent === text
    && document.querySelectorAll('#moves li').length === 4, `x: ${other} (you)`);
  await settle(page);
  const moves = await moveList(page);
  assert.equal(moves.length, 4);
  assert.equal(moves[2], `x: ${other} (you)`);
  // Undo takes back the AI's answer and my move.
  await page.click('#undo');
  assert.equal(await moveCount(page), 2);
  assert.equal(await page.isHidden('#again'), true);
  // Play again: a won game starts again from the same position.
  await newGame(page, { game: 'tictactoe', human: 'x', from: 'xx.oo.... x' });
  await settle(page);
  await clickAndSettle(page, 2);
  await page.click('#again');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0);
  await settle(page);
  assert.equal((await boardTokens(page)).join(''), 'xxoo');
  await page.close();
});

test('the link: the URL hash holds game, position, side and level, and opens that position', async () => {
  const page = await open();
  await newGame(page, { game: 'connect4', human: 'x', level: '1' });
  await settle(page);
  await clickAndSettle(page, 3);
  const record = await page.textContent('#position-text');
  const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
  assert.deepEqual(Object.fromEntries(hash), { game: 'connect4', position: record, side: 'x', level: '1' });
  await page.close();
  // A link opens its position, side and level; the AI (x) is to move there and answers.
  const linked = await open(undefined, '#game=connect4&position=4453&side=o&level=perfect');
  await settle(linked);
  assert.equal(await linked.$eval('#game', (select) => select.value), 'connect4');
  assert.equal(await linked.$eval('#human', (select) => select.value), 'o');
  assert.equal(await linked.$eval('#level', (select) => select.value), 'perfect');
  const after = await linked.textContent('#position-text');
  assert.match(after, /^4453[1-7]$/);
  assert.equal((await boardTokens(linked)).filter((token) => token !== '').length, 5);
  assert.equal(new URLSearchParams((await linked.evaluate(() => location.hash)).slice(1)).get('position'), after);
  // Copy link gives that URL.
  await linked.click('#share > summary');
  await linked.click('#copy-link');
  assert.equal(await linked.$eval('#export-text', (box) => box.value), await linked.evaluate(() => location.href));
  // A hash changed by hand opens its game too.
  await linked.evaluate(() => { location.hash = '#game=tictactoe&position=xo.......&side=x&level=easy'; });
  await linked.waitForFunction(() => document.querySelector('#position-text').textContent === 'xo.......');
  assert.equal(await linked.$eval('#level', (select) => select.value), 'easy');
  await linked.close();
});

/** python-chess's reading of a PGN: its headers, moves (UCI), evaluations and errors. */
function readPgn(text) {
  const script = `
import json, sys, chess.pgn
game = chess.pgn.read_game(sys.stdin)
evals = []
for node in game.mainline():
    score = node.eval()
    evals.append(None if score is None else str(score.white()))
print(json.dumps({"headers": dict(game.headers), "moves": [m.uci() for m in game.mainline_moves()],
                  "evals": evals, "errors": [str(e) for e in game.errors], "fen": game.end().board().fen()}))
`;
  const python = process.env.PGN_PYTHON || 'python3';
  return JSON.parse(execFileSync(python, ['-c', script], { input: text, encoding: 'utf8' }));
}

test('PGN export: python-chess reads the moves, the result and the engine\'s scores', async () => {
  const page = await open();
  await newGame(page, { game: 'chess', human: 'White', level: await weakest(page, 'chess') });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
  await settle(page);
  const e2 = 6 * 8 + 4;
  await page.click(`#board [data-square="${e2}"]`);
  await clickAndSettle(page, e2 - 16);
  const d2 = 6 * 8 + 3;
  await page.click(`#board [data-square="${d2}"]`);
  await clickAndSettle(page, d2 - 16);
  await page.click('#share > summary');
  await page.click('#copy-pgn');
  const text = await page.$eval('#export-text', (box) => box.value);
  const read = readPgn(text);
  assert.deepEqual(read.errors, []);
  const played = await page.$$eval('#moves li', (items) => items.map((item) => item.dataset.move));
  assert.deepEqual(read.moves, played);
  assert.equal(read.headers.White, 'You');
  assert.match(read.headers.Black, /^alphabeta \(level /);
  assert.equal(read.headers.Result, '*');
  assert.equal(read.fen, (await page.textContent('#position-text')).split(' ').slice(0, 4).join(' ') + ' ' + read.fen.split(' ').slice(4).join(' '));
  // The AI's moves (Black's) carry its score as [%eval], from White's point of view.
  assert.equal(read.evals[0], null);
  assert.match(read.evals[1], /^([+-]\d+|#[+-]\d+|0)$/);
  assert.match(text, /\{\[%eval -?\d+\.\d\d,\d+\] [+-]?\d+\.\d\d for Black, not proven; level /);
  await page.close();
});

test('import: a PGN with comments and variations, and a move record; a bad move is refused', async () => {
  const page = await open();
  await newGame(page, { game: 'chess', human: 'White', level: await weakest(page, 'chess') });
  await settle(page);
  await page.click('#share > summary');
  await page.fill('#import-text', '[Event "test"]\n[White "a"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *\n');
  await page.click('#import');
  await page.waitForFunction(() => document.querySelector('#share-note').textContent.startsWith('Imported'));
  assert.equal(await page.textContent('#position-text'), 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
  assert.deepEqual(await moveList(page), ['White: e4 (imported)', 'Black: e5 (imported)', 'White: Nf3 (imported)', 'Black: Nc6 (imported)']);
  await page.click('#moves li[data-ply="2"] button');
  assert.match(await page.textContent('#position-text'), /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/8\/PPPP1PPP\/RNBQKBNR w KQkq/);
  // Connect Four: the export's move record, imported into a new game, gives the same game.
  await newGame(page, { game: 'connect4', human: 'x', level: '1' });
  await settle(page);
  await clickAndSettle(page, 3);
  await clickAndSettle(page, 3);
  await page.click('#copy-record');
  const record = await page.$eval('#export-text', (box) => box.value);
  const position = await page.textContent('#position-text');
  assert.equal(record.split('\n')[1], position.split('').join(' '));
  await newGame(page, { game: 'connect4', human: 'x', level: '1' });
  await settle(page);
  await page.fill('#import-text', record);
  await page.click('#import');
  await page.waitForFunction(() => document.querySelector('#share-note').textContent === 'Imported: 4 moves.');
  await settle(page);
  assert.equal(await page.textContent('#position-text'), position);
  assert.equal(await moveCount(page), 4);
  // A move that is not legal: nothing changes, the note says which move.
  await page.fill('#import-text', '-\n4 4 9');
  await page.click('#import');
  await page.waitForFunction(() => document.querySelector('#share-note').textContent.startsWith('Not imported'));
  assert.match(await page.textContent('#share-note'), /^Not imported: move 3 \(9\): /);
  assert.equal(await page.textContent('#position-text'), position);
  await page.close();
});

test('watch mode: the AIs play each other, with play, pause, step and a delay', async () => {
  const page = await open();
  await selectGame(page, 'tictactoe');
  await page.selectOption('#human', 'watch');
  await page.selectOption('#level', 'easy');
  await page.selectOption('#level2', 'perfect');
  await page.click('#new');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Watch mode, paused'));
  await page.fill('#watch-delay', '300');
  assert.equal(await moveCount(page), 0);
  await page.click('#step');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  await page.click('#watch-play');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 3);
  await page.click('#watch-play');
  const paused = await moveCount(page);
  await page.waitForTimeout(1000);
  const still = await moveCount(page);
  assert.ok(still <= paused + 1, `paused at ${paused}, then ${still}`);
  await page.waitForTimeout(700);
  assert.equal(await moveCount(page), still, 'no move while paused');
  await page.fill('#watch-delay', '0');
  await page.click('#watch-play');
  await page.waitForFunction(() => document.querySelector('#status').dataset.over === 'true');
  const moves = await moveList(page);
  assert.ok(moves.length >= 5 && moves.every((move) => move.endsWith('(AI)')), moves.join(', '));
  // The perfect side (o) never loses.
  assert.notEqual(await page.$eval('#status', (status) => status.dataset.winner), 'x');
  assert.match(await page.textContent('#status'), /^Game over: (draw|o wins)\.$/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'watch-mode.png') });
  await page.close();
});

test('stale messages are cleared; a hint asked for during the AI\'s turn comes after its move', async () => {
  const page = await open();
  await newGame(page, { game: 'tictactoe', human: 'x', first: 'x' });
  await settle(page);
  await clickAndSettle(page, 4);
  await page.click('#board [data-square="4"]');
  assert.equal(await page.textContent('#message'), 'That square is taken.');
  await page.click('#hint');
  assert.equal(await page.textContent('#message'), '');
  await page.waitForSelector('#board .square.hint');
  assert.match(await page.textContent('#hint-info [data-field="source"]'), /^level perfect \(the default\), [\d.]+ s budget$/);
  // A "Start from" that does not parse: the game on the board goes on, the message says why.
  const before = await boardTokens(page);
  await page.fill('#start-from', 'xxxxx');
  await page.click('#new');
  await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Start from:'));
  assert.match(await page.textContent('#status'), /^Your move/);
  assert.deepEqual(await boardTokens(page), before);
  // Chess, the AI (White) thinking for a while: a click says wait; a hint asked for then is
  // queued and comes once the AI has moved; the wait message goes with the AI's move.
  await selectGame(page, 'chess');
  await page.fill('#start-from', '');
  await page.selectOption('#human', 'Black');
  await page.selectOption('#level', 'search:minimax');
  await page.fill('#depth', '6');
  await page.click('#new');
  await page.waitForFunction(() => document.querySelector('#status').dataset.thinking === 'true');
  await page.click('#board [data-square="12"]');
  assert.equal(await page.textContent('#message'), "Wait: it is the AI's turn.");
  await page.click('#hint');
  assert.equal(await page.$eval('#hint-info', (info) => info.dataset.state), 'queued');
  await settle(page);
  assert.equal(await page.textContent('#message'), '');
  await page.waitForFunction(() => document.querySelector('#hint-info').dataset.state === 'done', null, { timeout: 15000 });
  assert.match(await page.textContent('#hint-info .summary'), /^Recommended move: \S+\./);
  await page.close();
});

test('promotion: a piece picker, not a prompt', async () => {
  const page = await open();
  await newGame(page, { game: 'chess', human: 'White', level: await weakest(page, 'chess'), from: '8/P7/8/8/8/8/k7/4K3 w - - 0 1' });
  await settle(page);
  await page.click('#board [data-square="8"]');
  await page.click('#board [data-square="0"]');
  await page.waitForSelector('#promotion:not([hidden])');
  const offered = await page.$$eval('#promotion [data-move]', (buttons) => buttons.map((button) => button.dataset.move).sort());
  assert.deepEqual(offered, ['a7a8b', 'a7a8n', 'a7a8q', 'a7a8r']);
  await page.screenshot({ path: path.join(ARTIFACTS, 'chess-promotion.png') });
  await page.click('#promotion [data-move="a7a8n"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 1);
  assert.match((await moveList(page))[0], /^White: a8=N\+? \(you\)$/);
  assert.equal(await page.isHidden('#promotion'), true);
  await page.close();
});

const graphPoints = (page) => page.$$eval('#eval-graph .eval-point', (points) =>
  points.map((point) => ({ ply: Number(point.dataset.ply), proven: point.dataset.proven, value: point.dataset.value })));

test('the evaluation bar and graph: proven values apart from heuristic ones', async () => {
  const page = await open();
  await newGame(page, { game: 'tictactoe', human: 'x', first: 'x' });
  await settle(page);
  assert.equal(await page.$eval('#eval-bar', (bar) => bar.dataset.value), '');
  await clickAndSettle(page, 4);
  // The AI's answer, searched to the end: a proven draw, in the middle.
  assert.deepEqual(await graphPoints(page), [{ ply: 2, proven: 'true', value: '0.000' }]);
  assert.deepEqual(await page.$eval('#eval-bar', (bar) => ({ ...bar.dataset })), { value: '0.000', proven: 'true' });
  assert.match(await page.getAttribute('#eval-bar', 'aria-label'), /^Evaluation \(x on the left\): draw for o, proven$/);
  // With the value of every move on, the human's moves are valued too.
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelector('#legend').dataset.state === 'done');
  assert.match(await page.textContent('#analysis-source'), /^Values: the game's solver \(whatever the level\)/);
  await clickAndSettle(page, (await emptySquares(page))[0]);
  const points = await graphPoints(page);
  assert.deepEqual(points.map((point) => point.ply), [2, 3, 4]);
  assert.ok(points.every((point) => point.proven === 'true'), JSON.stringify(points));
  // A point of the graph is a way back to its position.
  await page.click('#eval-graph .eval-point[data-ply="2"]');
  assert.equal(await page.$eval('#moves li.current', (item) => item.dataset.ply), '2');
  // Chess at the weakest level, the analysis off: only the AI's heuristic value, drawn as such.
  await page.uncheck('#analyse');
  await newGame(page, { game: 'chess', human: 'White', level: await weakest(page, 'chess') });
  await settle(page);
  await page.click(`#board [data-square="${6 * 8 + 4}"]`);
  await clickAndSettle(page, 4 * 8 + 4);
  const chess = await graphPoints(page);
  assert.equal(chess.length, 1);
  assert.equal(chess[0].proven, 'false');
  assert.ok(Math.abs(Number(chess[0].value)) <= 0.8, JSON.stringify(chess));
  assert.equal(await page.$eval('#eval-bar', (bar) => bar.dataset.proven), 'false');
  assert.match(await page.textContent('#eval-text'), /heuristic, not proven \(level /);
  await page.close();
});

test('screenshots of every game at 1280x800 and 390x844 (in artifacts/)', async () => {
  const catalogue = await api('/api/games');
  const games = catalogue.games.filter((game) => game.start && game.start.board.kind === 'grid');
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const page = await open({ width, height });
    for (const game of games) {
      // The human plays the game's first legal move, clicked as the catalogue says.
      await newGame(page, { game: game.name, human: game.sides[0], level: await weakest(page, game.name) });
      await settle(page);
      if (width < 600) await page.click('#settings-box > summary');
      const position = await api('/api/position', { game: game.name, position: await page.textContent('#position-text') });
      const [move] = position.moves;
      if (move.from !== null) await page.click(`#board [data-square="${move.from}"]`);
      await clickAndSettle(page, move.squares[0]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${game.name} at ${width}px: ${overflow}px too wide`);
      assert.ok((await marked(page, 'last')).length > 0, `${game.name}: the last move is marked`);
      await page.screenshot({ path: path.join(ARTIFACTS, `${width}x${height}-${game.name}.png`), fullPage: width < 600 });
    }
    await page.close();
  }
});
