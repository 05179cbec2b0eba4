// alphabeta's page: play the games against the engine, and step through alpha-beta on a
// small tree. Plain JavaScript, no build step, no request but to this server.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (selector) => document.querySelector(selector);

/** An error answered by the API ({"error", "kind"}). */
class ApiError extends Error {
  constructor(message, kind, status) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

/** GET (no body) or POST a JSON body; resolves to the JSON answer or throws an ApiError. */
async function api(path, body) {
  const init = body === undefined
    ? {}
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: response.statusText, kind: 'http' }));
  if (!response.ok) throw new ApiError(data.error || response.statusText, data.kind, response.status);
  return data;
}

function svg(name, attributes = {}, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function html(name, attributes = {}, text) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function milliseconds(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(0)} ms`;
  return `${ms.toFixed(2)} ms`;
}

const count = (n) => n.toLocaleString('en-US');

// ---------------------------------------------------------------------------------------
// Play
// ---------------------------------------------------------------------------------------

const play = {
  games: [],
  info: null,        // the /api/games entry of the current game
  position: null,    // the current PositionView
  history: [],       // [{ position, by, side, move }] : the position before each move
  human: null,
  busy: false,
  serial: 0,         // bumped by New game and Undo: late answers of older searches are dropped
  hint: null,        // the recommended move's text
  analysis: null,    // the /api/analyse answer for the current position
  selected: null,    // the square of a piece picked up (games whose pieces move)
};

function say(text) {
  $('#message').textContent = text;
}

function humanToMove() {
  return play.position && !play.position.over && play.position.to_move === play.human;
}

function searchOptions() {
  return { algorithm: $('#algorithm').value, level: $('#level').value };
}

function fillSelect(select, values, selected) {
  select.replaceChildren(...values.map((value) => {
    const option = html('option', { value }, value);
    if (value === selected) option.selected = true;
    return option;
  }));
}

function chooseGame(name) {
  play.info = play.games.find((game) => game.name === name);
  const sides = play.info.sides;
  fillSelect($('#human'), sides, sides[0]);
  fillSelect($('#first'), play.info.starters, play.info.starters[0]);
  fillSelect($('#algorithm'), play.info.algorithms, 'alphabeta');
  const levels = play.info.levels.map((level) => level.name);
  fillSelect($('#level'), levels, play.info.default_level);
}

async function newGame() {
  play.serial += 1;
  play.history = [];
  play.hint = null;
  play.analysis = null;
  play.selected = null;
  play.busy = false;
  play.human = $('#human').value;
  say('');
  $('#hint-info').textContent = 'Press Hint for the recommended move.';
  $('#ai-info').textContent = 'The AI has not moved yet.';
  try {
    play.position = await api('/api/start', { game: play.info.name, first: $('#first').value });
  } catch (error) {
    say(error.message);
    return;
  }
  render();
  await afterMove();
}

/** After any move: let the AI answer, or analyse the position for the human. */
async function afterMove() {
  if (play.position.over) return;
  if (humanToMove()) {
    await refreshAnalysis();
  } else {
    await aiMove();
  }
}

function record(by, move) {
  play.history.push({ position: play.position, by, side: play.position.to_move, move });
}

async function humanMove(text) {
  const serial = play.serial;
  play.busy = true;
  try {
    const reply = await api('/api/move', {
      game: play.info.name, position: play.position.position, to_move: play.position.to_move, move: text,
    });
    if (serial !== play.serial) return;
    record('you', reply.move);
    play.position = reply.position;
    play.hint = null;
    play.analysis = null;
    play.selected = null;
    say('');
  } catch (error) {
    say(error.message);
    return;
  } finally {
    if (serial === play.serial) play.busy = false;
  }
  render();
  await afterMove();
}

async function aiMove() {
  const serial = play.serial;
  play.busy = true;
  const side = play.position.to_move;
  $('#status').textContent = `The AI (${side}) is thinking…`;
  let reply;
  try {
    const request = { game: play.info.name, position: play.position.position, to_move: side, ...searchOptions() };
    // A busy server (503) asks to come back in a moment: try three times.
    for (let attempt = 1; ; attempt += 1) {
      try {
        reply = await api('/api/ai', request);
        break;
      } catch (error) {
        if (error.kind !== 'busy' || attempt === 3 || serial !== play.serial) throw error;
        $('#status').textContent = `The server is busy; the AI (${side}) tries again…`;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  } catch (error) {
    if (serial === play.serial) {
      play.busy = false;
      say(`The AI could not move: ${error.message} Press Undo or New game.`);
      render();
    }
    return;
  }
  if (serial !== play.serial) return;
  record('AI', reply.move);
  play.position = reply.after;
  play.busy = false;
  const stats = reply.stats;
  $('#ai-info').textContent =
    `The AI (${side}) played ${reply.move}: ${count(stats.nodes)} positions examined in ` +
    `${milliseconds(stats.time_ms)}, depth ${stats.depth}, value: ${reply.value.words}` +
    (reply.aborted ? ' (the time budget ran out first)' : '') + '.';
  render();
  await afterMove();
}

async function hint() {
  if (!humanToMove() || play.busy) {
    say(play.position && play.position.over ? 'The game is over: press New game.' : "Wait: it is the AI's turn.");
    return;
  }
  const serial = play.serial;
  $('#hint-info').textContent = 'Thinking…';
  try {
    const reply = await api('/api/ai', {
      game: play.info.name, position: play.position.position, to_move: play.position.to_move,
      algorithm: $('#algorithm').value, level: play.info.default_level,
    });
    if (serial !== play.serial) return;
    play.hint = reply.move;
    $('#hint-info').textContent =
      `Recommended move: ${reply.move}. Evaluation time: ${milliseconds(reply.stats.time_ms)}, ` +
      `${count(reply.stats.nodes)} positions examined; value: ${reply.value.words}.`;
    render();
  } catch (error) {
    $('#hint-info').textContent = error.message;
  }
}

async function refreshAnalysis() {
  if (!$('#analyse').checked || !humanToMove()) return;
  const serial = play.serial;
  const position = play.position;
  try {
    const reply = await api('/api/analyse', {
      game: play.info.name, position: position.position, to_move: position.to_move, ...searchOptions(),
    });
    if (serial !== play.serial || position !== play.position) return;
    play.analysis = reply;
    render();
  } catch (error) {
    say(`No analysis: ${error.message}`);
  }
}

function undo() {
  // Back to the latest earlier position in which the human was to move.
  for (let index = play.history.length - 1; index >= 0; index -= 1) {
    if (play.history[index].by === 'you') {
      play.serial += 1;
      play.position = play.history[index].position;
      play.history.length = index;
      play.busy = false;
      play.hint = null;
      play.analysis = null;
      play.selected = null;
      say('');
      render();
      refreshAnalysis();
      return;
    }
  }
  say('Nothing to undo.');
}

function clickSquare(square) {
  const position = play.position;
  if (!position) return;
  if (position.over) return say('The game is over: press New game.');
  if (play.busy || !humanToMove()) return say("Wait: it is the AI's turn.");
  const moves = position.moves;
  if (play.selected !== null) {
    const move = moves.find((m) => m.from === play.selected && m.squares.includes(square));
    if (move) return humanMove(move.move);
  }
  if (moves.some((m) => m.from === square)) {
    play.selected = play.selected === square ? null : square;
    say('');
    return render();
  }
  const move = moves.find((m) => (m.from === null || m.from === undefined) && m.squares.includes(square));
  if (move) return humanMove(move.move);
  const cells = position.board.cells || [];
  if (moves.some((m) => m.from !== null && m.from !== undefined)) {
    say(play.selected === null ? 'Pick up one of your pieces first.' : 'That piece cannot go there.');
  } else {
    say(cells[square] ? 'That square is taken.' : 'No legal move there.');
  }
}

function statusText() {
  const position = play.position;
  if (position.over) {
    const result = position.result;
    if (!result.winner) return `Game over: ${result.words}.`;
    return `Game over: ${result.words}: ${result.winner === play.human ? 'you win!' : 'the AI wins.'}`;
  }
  if (humanToMove()) return `Your move (${position.to_move}).`;
  return `The AI (${position.to_move}) is to move.`;
}

/** A number that orders values: faster wins first, slower losses last. */
function rank(value) {
  if (value.outcome === 'win') return 1e9 - (value.plies ?? 0);
  if (value.outcome === 'loss') return -1e9 + (value.plies ?? 0);
  return value.value;
}

/**
 * The analysis entry shown on a square, if the analysis view is on: the move played by
 * clicking it, or, on a piece not yet picked up, the best move of that piece.
 */
function analysisAt(square) {
  if (!play.analysis) return null;
  const moves = play.analysis.moves;
  const placed = (m) => m.from === null || m.from === undefined;
  if (play.selected === null) {
    const fromHere = moves.filter((m) => !placed(m) && m.from === square);
    if (fromHere.length > 0) return fromHere.reduce((best, m) => (rank(m.value) > rank(best.value) ? m : best));
  }
  return moves.find((m) => m.squares.includes(square) && (placed(m) || m.from === play.selected)) || null;
}

function valueClass(value) {
  return value.outcome ? `value-${value.outcome}` : 'value-unknown';
}

function valueLabel(value) {
  if (value.outcome === 'draw') return 'draw';
  if (value.outcome) return `${value.outcome} ${value.plies ?? ''}`.trim();
  return value.value > 0 ? `+${value.value}` : `${value.value}`;
}

function drawPiece(group, token, x, y, size) {
  const middle = size / 2;
  if (token === 'x') {
    const inset = size * 0.24;
    group.append(svg('path', {
      class: 'piece piece-x',
      d: `M${x + inset} ${y + inset} L${x + size - inset} ${y + size - inset} M${x + size - inset} ${y + inset} L${x + inset} ${y + size - inset}`,
    }));
  } else if (token === 'o') {
    group.append(svg('circle', { class: 'piece piece-o', cx: x + middle, cy: y + middle, r: size * 0.28 }));
  } else if (token) {
    group.append(svg('circle', { class: `piece piece-token piece-${token}`, cx: x + middle, cy: y + middle, r: size * 0.32 }));
    group.append(svg('text', { class: 'piece-label', x: x + middle, y: y + middle }, token[0].toUpperCase()));
  }
}

function renderBoard() {
  const board = play.position.board;
  const element = $('#board');
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.square : undefined;
  const size = 100;
  element.setAttribute('viewBox', `0 0 ${board.cols * size} ${board.rows * size}`);
  element.replaceChildren();
  const legal = new Set();
  for (const move of play.position.moves) {
    if (play.selected === null ? true : move.from === play.selected) move.squares.forEach((s) => legal.add(s));
  }
  board.cells.forEach((token, square) => {
    const row = Math.floor(square / board.cols);
    const col = square % board.cols;
    const x = col * size;
    const y = row * size;
    const dark = board.checkered && (row + col) % 2 === 1;
    const classes = ['square'];
    if (dark) classes.push('dark');
    if (play.hint !== null && play.position.moves.some((m) => m.move === play.hint && m.squares.includes(square))) {
      classes.push('hint');
    }
    if (play.selected === square) classes.push('selected');
    // A move is coloured on its empty squares (a whole Connect Four column) and labelled
    // where its piece lands (its first square), or on the piece that moves.
    const entry = analysisAt(square);
    const labelled = entry && (entry.squares[0] === square || entry.from === square);
    if (entry && (token === '' || entry.from === square)) classes.push(valueClass(entry.value));
    const label = `row ${row + 1} column ${col + 1}: ${token || 'empty'}` +
      (entry ? `, ${entry.value.words}` : '') + (classes.includes('hint') ? ', recommended' : '');
    const group = svg('g', {
      class: classes.join(' '), tabindex: '0', role: 'button', 'aria-label': label,
      'data-square': String(square), 'data-token': token,
    });
    group.append(svg('rect', { class: 'cell', x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 6 }));
    drawPiece(group, token, x, y, size);
    if (labelled && (legal.has(square) || entry.from === square)) {
      group.append(svg('text', { class: 'value-label', x: x + size / 2, y: y + size - 12 }, valueLabel(entry.value)));
    }
    group.addEventListener('click', () => clickSquare(square));
    group.addEventListener('keydown', (event) => onSquareKey(event, square, board));
    element.append(group);
  });
  if (focused !== undefined) {
    const again = element.querySelector(`[data-square="${focused}"]`);
    if (again) again.focus();
  }
}

function onSquareKey(event, square, board) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    clickSquare(square);
    return;
  }
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -board.cols, ArrowDown: board.cols };
  if (event.key in steps) {
    event.preventDefault();
    const next = square + steps[event.key];
    const target = $(`#board [data-square="${next}"]`);
    if (target) target.focus();
  }
}

function renderMoves() {
  const list = $('#moves');
  list.replaceChildren(...play.history.map((entry) => html('li', {}, `${entry.side}: ${entry.move} (${entry.by})`)));
}

function render() {
  if (!play.position) return;
  const status = $('#status');
  status.textContent = statusText();
  status.dataset.over = String(play.position.over);
  status.dataset.winner = play.position.over ? (play.position.result.winner || 'none') : '';
  $('#legend').hidden = !$('#analyse').checked;
  renderBoard();
  renderMoves();
}

// ---------------------------------------------------------------------------------------
// Tree explorer
// ---------------------------------------------------------------------------------------

const explorer = { traces: {}, algorithm: 'alphabeta', step: 0, layout: null };

const key = (path) => path.join('.');
const infinity = (bound) => (bound === '+inf' ? '+∞' : bound === '-inf' ? '−∞' : String(bound));

function nodeName(path) {
  if (path.length === 0) return 'the root';
  const first = path[0] < 26 ? String.fromCharCode(65 + path[0]) : String(path[0] + 1);
  return first + path.slice(1).map((index) => index + 1).join('.');
}

/** Node positions: leaves side by side, parents above the middle of their children. */
function layoutTree(nodes) {
  const byKey = new Map(nodes.map((node) => [key(node.path), { ...node, children: [] }]));
  for (const node of byKey.values()) {
    if (node.path.length > 0) byKey.get(key(node.path.slice(0, -1))).children.push(node);
  }
  let leaf = 0;
  let depth = 0;
  const gap = 58;
  const place = (node) => {
    depth = Math.max(depth, node.path.length);
    if (node.children.length === 0) {
      node.x = 40 + leaf * gap;
      leaf += 1;
    } else {
      node.children.forEach(place);
      node.x = (node.children[0].x + node.children[node.children.length - 1].x) / 2;
    }
    node.y = 44 + node.path.length * 104;
  };
  const root = byKey.get('');
  place(root);
  return { byKey, root, width: Math.max(320, 80 + (leaf - 1) * gap), height: 90 + depth * 104 };
}

/** What the search knows after `steps` events. */
function treeState(trace, steps) {
  const nodes = new Map();
  const state = (path) => {
    const id = key(path);
    if (!nodes.has(id)) nodes.set(id, { visited: false, pruned: false });
    return nodes.get(id);
  };
  let current = null;
  let note = 'Press Step to start the search at the root.';
  for (let index = 0; index < steps; index += 1) {
    const event = trace.events[index];
    const node = state(event.path);
    current = key(event.path);
    const name = nodeName(event.path);
    const side = event.path.length % 2 === 0 ? 'MAX' : 'MIN';
    if (event.step === 'enter') {
      node.visited = true;
      node.alpha = event.alpha;
      node.beta = event.beta;
      note = `Enter ${name} (${side} to move) with α = ${infinity(event.alpha)}, β = ${infinity(event.beta)}.`;
    } else if (event.step === 'leaf') {
      node.visited = true;
      node.value = event.value;
      note = `Look at leaf ${name}: ${event.value}.`;
    } else if (event.step === 'return') {
      const child = state([...event.path, event.child]);
      child.value = event.value;
      const changed = side === 'MAX' ? node.alpha !== event.alpha : node.beta !== event.beta;
      node.alpha = event.alpha;
      node.beta = event.beta;
      note = `${name} gets ${infinity(event.value)} from ${nodeName([...event.path, event.child])}` +
        (side === 'MAX'
          ? (changed ? `: α rises to ${infinity(event.alpha)}.` : `: no better than α = ${infinity(event.alpha)}.`)
          : (changed ? `: β falls to ${infinity(event.beta)}.` : `: no lower than β = ${infinity(event.beta)}.`));
    } else if (event.step === 'cut') {
      for (const child of event.skipped) {
        const prefix = key([...event.path, child]);
        for (const candidate of explorer.layout.byKey.keys()) {
          if (candidate === prefix || candidate.startsWith(`${prefix}.`)) state(candidate.split('.').map(Number)).pruned = true;
        }
      }
      const branches = event.skipped.length === 1 ? '1 branch is' : `${event.skipped.length} branches are`;
      note = `α ≥ β at ${name} (${infinity(node.alpha)} ≥ ${infinity(node.beta)}): cut! ` +
        `${branches} never looked at.`;
    }
  }
  const done = steps === trace.events.length;
  if (done) {
    state([]).value = trace.value;
    note = `Done: the root is worth ${infinity(trace.value)}, best move ${nodeName([trace.best_move])}; ` +
      `${trace.leaves_visited} of ${trace.leaves} leaves looked at.`;
    for (const node of explorer.layout.byKey.values()) {
      const s = state(node.path);
      if (!s.visited) s.pruned = true;
    }
  }
  return { nodes, current, note, done };
}

function renderTree() {
  const trace = explorer.traces[explorer.algorithm];
  const element = $('#tree-svg');
  if (!trace || !explorer.layout) {
    element.replaceChildren();
    return;
  }
  const { byKey, width, height } = explorer.layout;
  const { nodes, current, note } = treeState(trace, explorer.step);
  const info = (node) => nodes.get(key(node.path)) || { visited: false, pruned: false };
  element.setAttribute('viewBox', `0 0 ${width} ${height}`);
  element.setAttribute('width', String(width));
  element.setAttribute('height', String(height));
  element.replaceChildren();
  for (const node of byKey.values()) {
    for (const child of node.children) {
      const pruned = info(child).pruned;
      element.append(svg('line', {
        class: `edge${pruned ? ' pruned' : ''}${info(child).visited ? ' visited' : ''}`,
        x1: node.x, y1: node.y, x2: child.x, y2: child.y,
      }));
    }
  }
  for (const node of byKey.values()) {
    const state = info(node);
    const leaf = node.leaf !== null && node.leaf !== undefined;
    const classes = ['node', node.max ? 'max' : 'min', leaf ? 'leaf' : 'inner'];
    if (state.visited) classes.push('visited');
    if (state.pruned) classes.push('pruned');
    if (key(node.path) === current) classes.push('current');
    const group = svg('g', { class: classes.join(' '), 'data-path': key(node.path) });
    const title = `${nodeName(node.path)}${leaf ? `: leaf ${node.leaf}` : ` (${node.max ? 'MAX' : 'MIN'})`}` +
      (state.pruned ? ', never looked at' : '');
    group.append(svg('title', {}, title));
    if (leaf) {
      group.append(svg('rect', { class: 'shape', x: node.x - 18, y: node.y - 16, width: 36, height: 32, rx: 4 }));
      group.append(svg('text', { class: 'value', x: node.x, y: node.y }, String(node.leaf)));
    } else {
      if (node.max) {
        group.append(svg('rect', { class: 'shape', x: node.x - 22, y: node.y - 22, width: 44, height: 44, rx: 3 }));
      } else {
        group.append(svg('circle', { class: 'shape', cx: node.x, cy: node.y, r: 23 }));
      }
      group.append(svg('text', { class: 'value', x: node.x, y: node.y },
        state.value === undefined ? (node.path.length === 0 ? 'root' : nodeName(node.path)) : infinity(state.value)));
      if (state.alpha !== undefined) {
        group.append(svg('text', { class: 'window', x: node.x, y: node.y + 38 },
          `α ${infinity(state.alpha)}  β ${infinity(state.beta)}`));
      }
    }
    element.append(group);
  }
  const leavesSeen = [...byKey.values()].filter((n) => n.leaf !== null && n.leaf !== undefined && info(n).visited).length;
  $('#tree-step-label').textContent = `Step ${explorer.step} of ${trace.events.length} (${explorer.algorithm === 'alphabeta' ? 'alpha-beta' : 'minimax'})`;
  $('#tree-note').textContent = note.replace(/^[a-z]/, (letter) => letter.toUpperCase());
  const counter = $('#leaf-count');
  counter.textContent = `Leaves looked at: ${leavesSeen} of ${trace.leaves}`;
  counter.dataset.visited = String(leavesSeen);
  counter.dataset.total = String(trace.leaves);
  const { alphabeta, minimax } = explorer.traces;
  $('#tree-summary').textContent =
    `The whole search: alpha-beta looks at ${alphabeta.leaves_visited} of ${alphabeta.leaves} leaves ` +
    `(${alphabeta.nodes_examined} positions), minimax at ${minimax.leaves_visited} ` +
    `(${minimax.nodes_examined} positions); both find the value ${infinity(alphabeta.value)}.`;
}

async function loadTree(text) {
  $('#tree-error').textContent = '';
  try {
    const [alphabeta, minimax] = await Promise.all([
      api('/api/tree', { tree: text, algorithm: 'alphabeta' }),
      api('/api/tree', { tree: text, algorithm: 'minimax' }),
    ]);
    explorer.traces = { alphabeta, minimax };
    explorer.layout = layoutTree(alphabeta.nodes);
    explorer.step = 0;
    $('#tree-text').value = alphabeta.tree;
    renderTree();
  } catch (error) {
    $('#tree-error').textContent = error.message;
  }
}

function stepTree(delta) {
  const trace = explorer.traces[explorer.algorithm];
  if (!trace) return;
  explorer.step = Math.max(0, Math.min(trace.events.length, explorer.step + delta));
  renderTree();
}

// ---------------------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------------------

function showTab(name) {
  for (const [tab, panel] of [['#tab-play', '#play'], ['#tab-tree', '#explorer']]) {
    const selected = panel === name;
    $(tab).setAttribute('aria-selected', String(selected));
    $(panel).hidden = !selected;
  }
}

async function init() {
  $('#tab-play').addEventListener('click', () => showTab('#play'));
  $('#tab-tree').addEventListener('click', () => showTab('#explorer'));
  $('#settings').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame();
  });
  $('#game').addEventListener('change', (event) => {
    chooseGame(event.target.value);
    newGame();
  });
  $('#hint').addEventListener('click', hint);
  $('#undo').addEventListener('click', undo);
  $('#analyse').addEventListener('change', () => {
    play.analysis = null;
    render();
    refreshAnalysis();
  });
  $('#tree-load').addEventListener('click', () => loadTree($('#tree-text').value));
  for (const preset of document.querySelectorAll('.preset')) {
    preset.addEventListener('click', () => loadTree(preset.dataset.tree));
  }
  for (const radio of document.querySelectorAll('input[name="tree-algorithm"]')) {
    radio.addEventListener('change', () => {
      explorer.algorithm = radio.value;
      explorer.step = 0;
      renderTree();
    });
  }
  $('#tree-start').addEventListener('click', () => stepTree(-Infinity));
  $('#tree-back').addEventListener('click', () => stepTree(-1));
  $('#tree-step').addEventListener('click', () => stepTree(1));
  $('#tree-end').addEventListener('click', () => stepTree(Infinity));

  try {
    const reply = await api('/api/games');
    play.games = reply.games.filter((game) => game.start.board.kind === 'grid');
  } catch (error) {
    say(`Cannot reach the server: ${error.message}`);
    return;
  }
  fillSelect($('#game'), play.games.map((game) => game.name), play.games[0].name);
  for (const option of $('#game').options) {
    option.textContent = play.games.find((game) => game.name === option.value).title;
  }
  chooseGame(play.games[0].name);
  await Promise.all([newGame(), loadTree($('#tree-text').value)]);
  document.body.dataset.ready = 'true';
}

init();
