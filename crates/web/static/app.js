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
  line: [],          // the Positions of the game: line[0] the start, line[k] after k moves
  moves: [],         // moves[k] leads from line[k] to line[k + 1]: { move, words, side, by, squares, value }
  ply: 0,            // the position on the board: line[ply] (an earlier one while looking back)
  human: null,       // the human's side, or WATCH
  busy: false,
  running: false,    // watch mode: the AIs play on by themselves
  hintQueued: false, // a hint asked for while the AI thinks
  serial: 0,         // bumped by New game, Undo, a jump: late answers of older searches are dropped
  hint: null,        // the recommended move's text
  analysis: null,    // the /api/analyse answer for the current position
  selected: null,    // the square of a piece picked up (games whose pieces move)
  limits: null,      // the server's limits (/api/games)
  flipped: false,    // the board turned, the second side at the bottom (set for its player)
  get position() {   // the Position on the board
    return this.line[this.ply] ?? null;
  },
};

const SEARCH = 'search:';

function say(text) {
  $('#message').textContent = text;
}

function humanToMove() {
  return play.position && !play.position.over && play.position.to_move === play.human;
}

/**
 * How the AI that plays `side` chooses: a level of the game, or the engine's search to a
 * depth (in watch mode the second side has its own choice).
 */
function aiMethod(side) {
  const second = watching() && side === play.info.sides[1];
  const choice = (second ? $('#level2') : $('#level')).value;
  if (choice === `${SEARCH}mcts`) return { algorithm: 'mcts' };
  if (choice.startsWith(SEARCH)) {
    const depth = Number((second ? $('#depth2') : $('#depth')).value) || 4;
    return { algorithm: choice.slice(SEARCH.length), depth };
  }
  // A level keeps its own time per move (chess: from easy to strongest), up to the
  // server's longest budget.
  if (play.limits) return { level: choice, time_ms: play.limits.max_time_ms };
  return { level: choice };
}

function fillSelect(select, values, selected, label = (value) => value) {
  select.replaceChildren(...values.map((value) => {
    const option = html('option', { value }, label(value));
    if (value === selected) option.selected = true;
    return option;
  }));
}

/** Both AI choosers (the second plays the second side in watch mode): levels, then searches. */
function fillLevels(info) {
  for (const id of ['#level', '#level2']) {
    const levels = html('optgroup', { label: `Levels of ${info.title}` });
    for (const level of info.levels) {
      const name = /^\d+$/.test(level.name) ? `level ${level.name}` : level.name;
      const option = html('option', { value: level.name, title: level.about }, name);
      if (level.name === info.default_level) option.selected = true;
      levels.append(option);
    }
    const searches = html('optgroup', { label: 'The engine’s search, to a depth' });
    for (const algorithm of info.algorithms) {
      searches.append(html('option', { value: SEARCH + algorithm }, algorithm));
    }
    $(id).replaceChildren(levels, searches);
  }
  showLevel();
}

/** The chosen levels' descriptions, and the depth fields for a search of the engine. */
function showLevel() {
  const watch = $('#human').value === WATCH;
  $('#level2-label').hidden = !watch;
  $('#level-name').textContent = watch ? `${sideName(play.info.sides[0])} plays` : 'The AI';
  $('#level2-name').textContent = `${sideName(play.info.sides[1])} plays`;
  for (const suffix of ['', '2']) {
    const choice = $(`#level${suffix}`).value;
    const search = choice.startsWith(SEARCH);
    const mcts = choice === `${SEARCH}mcts`;
    $(`#depth-label${suffix}`).hidden = !search || mcts || (suffix === '2' && !watch);
    const level = play.info.levels.find((known) => known.name === choice);
    $(`#level-about${suffix}`).textContent = mcts
      ? 'Monte Carlo tree search for the time budget: every move shows its win rate'
      : search
        ? `${choice.slice(SEARCH.length)} to the depth given, the tutorials’ way`
        : `${level ? level.about : ''}${choice === play.info.default_level ? ' (the default)' : ''}`;
  }
}

function chooseGame(name) {
  play.info = play.games.find((game) => game.name === name);
  const info = play.info;
  fillSelect($('#human'), [...info.sides, WATCH], info.sides[0],
    (side) => (side === WATCH ? 'nobody: watch the AIs' : sideName(side)));
  // Only the sides the rules let start.
  fillSelect($('#first'), info.starters, info.starters[0], sideName);
  $('#first').disabled = info.starters.length < 2;
  fillLevels(info);
  $('#start-from').value = '';
  $('#start-from').placeholder = info.position_help;
  $('#rules-title').textContent = info.title;
  $('#rules-text').textContent = info.rules;
  $('#move-help').textContent = `A move: ${info.move_help}.`;
}

/** The human's side, or WATCH: the AI plays both sides (watch mode). */
const WATCH = 'watch';
const watching = () => play.human === WATCH;
const atEnd = () => play.ply === play.line.length - 1;

/** Starts a game from the settings; a position that does not parse leaves the game on. */
async function newGame() {
  const serial = play.serial + 1;
  play.serial = serial;
  play.running = false;
  const status = $('#status');
  // The old game's status must not stand while the new one is fetched.
  status.textContent = 'Starting a new game…';
  status.dataset.over = 'false';
  const from = $('#start-from').value.trim();
  let position;
  try {
    position = from
      ? await api('/api/position', { game: play.info.name, position: from })
      : await api('/api/start', { game: play.info.name, first: $('#first').value });
  } catch (error) {
    if (serial !== play.serial) return;
    if (play.position && play.position.game === play.info.name) {
      // The game on the board goes on; only the message says what was wrong.
      say(`Start from: ${error.message}`);
      render();
    } else {
      play.line = [];
      play.moves = [];
      play.ply = 0;
      $('#board').replaceChildren();
      renderMoves();
      status.textContent = 'No game: see the message below.';
      status.dataset.over = 'false';
      say(`Start from: ${error.message}`);
    }
    return;
  }
  if (serial !== play.serial) return;
  install([position], []);
  $('#hint-info').textContent = 'Press Hint for the recommended move.';
  $('#ai-info').textContent = 'The AI has not moved yet.';
  render();
  await afterMove();
}

/** Puts a game on the board at its last position, for the side chosen in the settings. */
function install(line, moves) {
  play.line = line;
  play.moves = moves;
  play.ply = line.length - 1;
  play.hint = null;
  play.hintQueued = false;
  play.analysis = null;
  play.selected = null;
  play.busy = false;
  play.human = $('#human').value;
  // The human's side at the bottom.
  play.flipped = play.human === play.info.sides[1];
  say('');
}

/** Where a move (a MoveView) went, for the last-move highlight: the piece's square and where it lands. */
function movedSquares(legal) {
  return legal ? [legal.from, legal.squares[0]].filter((square) => square !== null && square !== undefined) : [];
}

/**
 * After any move or jump: the AI answers (at the end of the line, not paused), or the
 * position is analysed for the human, and a hint asked for meanwhile is given.
 */
async function afterMove() {
  const position = play.position;
  if (!position || position.over) {
    play.running = false;
    if (play.hintQueued) {
      play.hintQueued = false;
      $('#hint-info').textContent = 'No hint: the game is over.';
      $('#hint-info').dataset.state = 'done';
    }
    renderWatch();
    return;
  }
  if (play.hintQueued) {
    play.hintQueued = false;
    hint();
  }
  if (humanToMove()) {
    await refreshAnalysis();
    return;
  }
  if (!atEnd()) return;
  if (watching()) {
    if (!play.running) return;
    const serial = play.serial;
    await new Promise((resolve) => setTimeout(resolve, watchDelay()));
    if (serial !== play.serial || !play.running) return;
  }
  await aiMove();
}

/**
 * Plays `text` from the position on the board, which becomes `after`: later moves of the
 * line are dropped. `value` is what a search said of the move, for the side that played it.
 */
function advance(by, text, after, value) {
  const before = play.position;
  const legal = before.moves.find((m) => m.move === text);
  play.line.length = play.ply + 1;
  play.moves.length = play.ply;
  play.moves.push({ move: text, words: legal?.move_words ?? text, side: before.to_move, by, squares: movedSquares(legal), value });
  play.line.push(after);
  play.ply += 1;
  play.hint = null;
  play.analysis = null;
  play.selected = null;
  // A message describes the position it was said in.
  say('');
}

/** What a search said of a move, for the side that played it (the evaluation graph, PGN). */
function valueOf(report) {
  if (!report || report.value === null || report.value === undefined) return null;
  return {
    value: report.value, outcome: report.outcome ?? null, plies: report.plies ?? null,
    exact: Boolean(report.exact), words: report.words, score_text: report.score_text ?? null,
    depth: report.depth ?? null, source: report.source ?? null,
  };
}

async function humanMove(text) {
  const serial = play.serial;
  play.busy = true;
  let reply;
  try {
    reply = await api('/api/play', {
      game: play.info.name, position: play.position.position, to_move: play.position.to_move, move: text,
    });
  } catch (error) {
    if (serial === play.serial) {
      play.busy = false;
      say(error.message);
    }
    return;
  }
  if (serial !== play.serial) return;
  play.busy = false;
  // The move's value, when the analysis view had it.
  const analysed = play.analysis?.moves?.find((m) => m.move === reply.move);
  const value = analysed ? valueOf({ ...analysed, source: analysisSource(play.analysis) }) : null;
  advance(watching() ? 'AI' : 'you', reply.move, reply.position, value);
  render();
  await afterMove();
}

/** Which search produced a report: "level perfect, 3.00 s budget", "negamax to depth 4". */
function searchSource(reply) {
  const settings = reply.settings || {};
  const level = settings.level ?? reply.level;
  const method = settings.algorithm
    ? `${settings.algorithm}${settings.depth_limit ? ` to depth ${settings.depth_limit}` : ''}`
    : `level ${level}${level === play.info.default_level ? ' (the default)' : ''}`;
  return settings.budget_ms ? `${method}, ${milliseconds(settings.budget_ms)} budget` : method;
}

/** Which search produced the values on the squares. */
function analysisSource(analysis) {
  if (!analysis) return '';
  if (analysis.mcts || analysis.moves?.some((m) => m.visits !== undefined)) {
    return `Monte Carlo tree search: the visits of one search (${searchSource(analysis)})`;
  }
  const settings = analysis.settings || {};
  const budget = settings.budget_ms ? `, ${milliseconds(settings.budget_ms)} for all the moves` : '';
  if (settings.algorithm) {
    return `${settings.algorithm} to depth ${settings.depth_limit ?? 'the limit'}, each move searched one ply shallower${budget}`;
  }
  return `the game's solver (whatever the level)${budget}`;
}

/** Where a reply's value was looked up without a search (its `method`), or null. */
function lookedUp(reply) {
  return { book: 'the opening book', table: 'the table of values' }[reply.method] ?? null;
}

/** How a reply was found, as a sentence's start: "1,234 positions examined in 12 ms", "Looked up in the opening book in 0.1 ms". */
function howFound(reply) {
  const source = lookedUp(reply);
  const time = milliseconds(reply.time_ms);
  return source
    ? `Looked up in ${source} in ${time}`
    : `${count(reply.nodes)} position${reply.nodes === 1 ? '' : 's'} examined in ${time}`;
}

/** The AI's account of its move, and the search that produced it. */
function showAiAccount(side, reply) {
  showAccount($('#ai-info'),
    `The AI (${sideName(side, true)}) played ${reply.move_words ?? reply.move}: ${valueWords(reply)}. ${howFound(reply)} ` +
    `(${/^\d+$/.test(reply.level) ? `level ${reply.level}` : reply.level}` +
    `${reply.depth ? `, depth ${reply.depth}` : ''})` +
    (reply.aborted ? '; the time budget ran out first' : '') + '.', reply);
}

async function aiMove() {
  const serial = play.serial;
  play.busy = true;
  const side = play.position.to_move;
  const status = $('#status');
  const method = aiMethod(side);
  const asked = method.time_ms ?? play.limits?.default_time_ms;
  const budget = asked ? ` (at most ${milliseconds(asked)})` : '';
  status.textContent = `The AI (${sideName(side, true)}) is thinking${budget}…`;
  status.dataset.thinking = 'true';
  let reply;
  try {
    const request = { game: play.info.name, position: play.position.position, to_move: side, ...method };
    reply = await search('/api/best', request, serial, () => {
      status.textContent = `The server is busy; the AI (${side}) tries again…`;
    });
  } catch (error) {
    if (serial === play.serial) {
      play.busy = false;
      play.running = false;
      render();
      say(`The AI could not move: ${error.message} Press Undo or New game.`);
    }
    return;
  }
  if (serial !== play.serial) return;
  play.busy = false;
  if (!reply.move || !reply.after) {
    render();
    return;
  }
  advance('AI', reply.move, reply.after, valueOf({ ...reply, source: searchSource(reply) }));
  showAiAccount(side, reply);
  render();
  await afterMove();
}

/** The recommended move for the side to move; asked while the AI thinks, it comes after. */
async function hint() {
  if (!play.position) return;
  if (play.position.over) {
    say('The game is over: press Play again or New game.');
    return;
  }
  say('');
  if (play.busy) {
    play.hintQueued = true;
    $('#hint-info').textContent = 'Hint asked for: it comes as soon as the AI has moved.';
    $('#hint-info').dataset.state = 'queued';
    return;
  }
  const serial = play.serial;
  $('#hint-info').textContent = 'Thinking…';
  $('#hint-info').dataset.state = 'thinking';
  try {
    const position = play.position;
    const reply = await search('/api/best', {
      game: play.info.name, position: position.position, to_move: position.to_move, level: play.info.default_level,
    }, serial, () => { $('#hint-info').textContent = 'The server is busy; trying again…'; });
    if (serial !== play.serial || position !== play.position) return;
    play.hint = reply.move;
    const how = lookedUp(reply)
      ? howFound(reply)
      : `Evaluation time: ${milliseconds(reply.time_ms)}, ${count(reply.nodes)} positions examined`;
    showAccount($('#hint-info'),
      `Recommended move: ${reply.move_words ?? reply.move}. ${how}; value: ${valueWords(reply)}.`, reply);
    $('#hint-info').dataset.state = 'done';
    render();
  } catch (error) {
    $('#hint-info').textContent = error.message;
    $('#hint-info').dataset.state = 'error';
  }
}

async function refreshAnalysis() {
  if (!$('#analyse').checked || !humanToMove()) return;
  const serial = play.serial;
  const position = play.position;
  $('#legend').dataset.state = 'thinking';
  try {
    const method = aiMethod(position.to_move);
    const body = { game: play.info.name, position: position.position, to_move: position.to_move, ...method };
    // Monte Carlo tree search: each move's visits and win rate from one search, where the
    // alpha-beta family shows each move's value.
    const reply = method.algorithm === 'mcts'
      ? visitsView(await search('/api/best', body, serial, () => {}), position)
      : await search('/api/analyse', body, serial, () => {});
    if (serial !== play.serial || position !== play.position) return;
    play.analysis = reply;
    $('#legend').dataset.state = 'done';
    render();
  } catch (error) {
    say(`No analysis: ${error.message}`);
  }
}

/** Shows the position after `ply` moves of the line; a move played there drops the rest. */
function goTo(ply) {
  if (ply < 0 || ply >= play.line.length) return;
  play.serial += 1;
  play.ply = ply;
  play.busy = false;
  play.running = false;
  play.hint = null;
  play.hintQueued = false;
  play.analysis = null;
  play.selected = null;
  say('');
  render();
  afterMove();
}

/** Takes back moves to the latest earlier position where the human was to move (watch mode: one ply). */
function undo() {
  let target = -1;
  for (let index = play.ply - 1; index >= 0; index -= 1) {
    if (watching() || play.moves[index].by === 'you') {
      target = index;
      break;
    }
  }
  if (target < 0) {
    say('Nothing to undo.');
    return;
  }
  play.line.length = target + 1;
  play.moves.length = target;
  goTo(target);
}


/** "x wins in 17 plies (x wins with its 9th stone), proven". */
function valueWords(report) {
  if (report.exact) return `${report.words}, proven`;
  // A heuristic value in the game's own units (chess: pawns, "+0.35"), not the raw number.
  if (!report.outcome && report.value !== null && report.score_text) {
    return `${report.score_text} for ${sideName(report.to_move)} (heuristic, not proven)`;
  }
  return report.words.includes('not proven') ? report.words : `${report.words}, not proven`;
}

/**
 * A search told in `element`: the `summary` sentence, then what the search saw, each part
 * in a span of its own (data-field: score, depth, nodes, pv): the score as people read it
 * ("+0.35", "mate in 3"; for the side that moves), the depth, the nodes and the principal
 * variation in the game's notation for people (SAN in chess).
 */
function showAccount(element, summary, report) {
  const field = (name, text) => html('span', { 'data-field': name }, text);
  const score = report.score_text ?? 'not known';
  const line = (report.pv_words && report.pv_words.length ? report.pv_words : report.pv || []).join(' ') || '–';
  const search = html('span', { class: 'search' });
  const source = lookedUp(report);
  const figures = source
    ? [' · from ', field('lookup', source)]
    : [' · depth ', field('depth', String(report.depth)), ' · ', field('nodes', count(report.nodes)),
      ` node${report.nodes === 1 ? '' : 's'}`];
  search.append(
    'Score ', field('score', score), ` for ${sideName(report.to_move)}`, ...figures,
    ' · line: ', field('pv', line),
    ' · by ', field('source', searchSource(report)),
  );
  element.replaceChildren(html('span', { class: 'summary' }, summary), ' ', search);
}

/** POSTs a search, trying three times while the server is busy (503). */
async function search(path, request, serial, waiting) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api(path, request);
    } catch (error) {
      if (error.kind !== 'busy' || attempt === 3 || serial !== play.serial) throw error;
      waiting();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const placed = (move) => move.from === null || move.from === undefined;

function clickSquare(square) {
  const position = play.position;
  if (!position) return;
  if (position.over) return say('The game is over: press Play again or New game.');
  if (watching()) return say('Watch mode: the AIs play both sides (Play, or AI move for one move).');
  if (play.busy || !humanToMove()) return say("Wait: it is the AI's turn.");
  const moves = position.moves;
  if (play.selected !== null) {
    const matching = moves.filter((m) => m.from === play.selected && m.squares.includes(square));
    if (matching.length > 1) return choosePromotion(matching);
    if (matching.length === 1) return humanMove(matching[0].move);
  }
  if (moves.some((m) => m.from === square)) {
    play.selected = play.selected === square ? null : square;
    say('');
    return render();
  }
  const move = moves.find((m) => placed(m) && m.squares.includes(square));
  if (move) return humanMove(move.move);
  const cells = position.board.cells || [];
  if (moves.some((m) => !placed(m))) {
    say(play.selected === null ? 'Pick up one of your pieces first.' : 'That piece cannot go there.');
  } else {
    say(cells[square] ? 'That square is taken.' : 'No legal move there.');
  }
}

/**
 * Several moves between the same squares (a promotion): a button for each, named by the
 * move as people write it (`e8=Q`); Escape or Cancel puts the pawn back.
 */
function choosePromotion(matching) {
  const panel = $('#promotion');
  const close = () => {
    panel.hidden = true;
    panel.replaceChildren();
  };
  const buttons = matching.map((move) => {
    const letter = move.move.slice(-1);
    const glyph = CHESS_GLYPHS[letter.toUpperCase()];
    const button = html('button', { type: 'button', 'data-move': move.move, 'aria-label': `Promote: ${move.move_words ?? move.move}` });
    if (isChess() && glyph) button.append(html('span', { class: 'promotion-piece' }, glyph), ' ');
    button.append(move.move_words ?? move.move);
    button.addEventListener('click', () => {
      close();
      humanMove(move.move);
    });
    return button;
  });
  const cancel = html('button', { type: 'button', class: 'cancel' }, 'Cancel');
  cancel.addEventListener('click', () => {
    close();
    play.selected = null;
    render();
  });
  panel.replaceChildren(html('span', { class: 'promotion-title' }, 'Promote to'), ...buttons, cancel);
  panel.onkeydown = (event) => {
    if (event.key === 'Escape') cancel.click();
  };
  panel.hidden = false;
  buttons[0].focus();
}

function statusText() {
  const position = play.position;
  const back = atEnd() ? '' : `, at move ${play.ply} of ${play.line.length - 1}`;
  if (position.over) {
    const result = position.result;
    if (!result.winner || watching()) return `Game over: ${result.words}${back}.`;
    return `Game over: ${result.words}: ${result.winner === play.human ? 'you win!' : 'the AI wins.'}${back}`;
  }
  if (humanToMove()) return `Your move (${sideName(position.to_move, true)})${back ? `${back}: a move here drops the later ones` : ''}.`;
  if (back) return `The AI (${sideName(position.to_move, true)}) is to move${back}: AI move plays on from here.`;
  if (watching() && !play.running) return `Watch mode, paused: ${sideName(position.to_move)} is to move (Play, or AI move for one move).`;
  return `The AI (${sideName(position.to_move, true)}) is to move.`;
}

/** A number that orders values: faster wins first, slower losses last, unknown last. */
function rank(entry) {
  if (entry.visits !== undefined) return entry.visits;
  if (entry.value === null || entry.value === undefined) return -2e9;
  if (entry.outcome === 'win') return 1e9 - (entry.plies ?? 0);
  if (entry.outcome === 'loss') return -1e9 + (entry.plies ?? 0);
  return entry.value;
}

/**
 * The analysis entry shown on a square, if the analysis view is on: the move played by
 * clicking it, or, on a piece not yet picked up, the best move of that piece.
 */
function analysisAt(square) {
  if (!play.analysis) return null;
  const moves = play.analysis.moves;
  if (play.selected === null) {
    const fromHere = moves.filter((m) => !placed(m) && m.from === square);
    if (fromHere.length > 0) return fromHere.reduce((best, m) => (rank(m) > rank(best) ? m : best));
  }
  return moves.find((m) => m.squares.includes(square) && (placed(m) || m.from === play.selected)) || null;
}

function valueClass(entry) {
  if (entry.win_rate !== undefined) return 'value-unknown';
  if (entry.value === null || entry.value === undefined) return 'value-none';
  return entry.outcome ? `value-${entry.outcome}` : 'value-unknown';
}

/** The analysis view of an MCTS answer: the root's moves with their visits and win rates. */
function visitsView(report, position) {
  const stats = new Map((report.mcts?.moves || []).map((m) => [m.move, m]));
  const moves = position.moves.map((move) => {
    const root = stats.get(move.move);
    const words = root
      ? `${root.visits} visits, win rate ${(100 * root.win_rate).toFixed(1)}%${root.proven ? `, proven: ${root.proven}` : ''}`
      : 'not visited';
    return { ...move, value: null, outcome: null, plies: null, words, visits: root?.visits ?? 0, win_rate: root?.win_rate ?? null };
  });
  return { ...report, moves };
}

function valueLabel(entry) {
  if (entry.win_rate !== undefined) {
    return entry.win_rate === null ? '0' : `${Math.round(100 * entry.win_rate)}%`;
  }
  if (entry.value === null || entry.value === undefined) return '?';
  if (entry.outcome === 'draw') return 'draw';
  if (entry.outcome) return `${entry.outcome} ${entry.plies ?? ''}`.trim();
  // The score as people read it where the game says (chess: "+0.35"), else the value.
  if (entry.score_text) return entry.score_text;
  return entry.value > 0 ? `+${entry.value}` : `${entry.value}`;
}

/**
 * How a game's pieces look, where a plain mark would mislead (presentation only: the board
 * data is the catalogue's). Connect Four's x and o are stones, not tic-tac-toe marks.
 */
const PIECE_STYLES = { connect4: { x: { style: 'disc-x', colour: 'red' }, o: { style: 'disc-o', colour: 'yellow' } } };

/**
 * A side as people see it on the board: "x (red)" in Connect Four ("x, red" inside
 * parentheses), "x" elsewhere.
 */
function sideName(side, nested = false) {
  const look = (PIECE_STYLES[play.info?.name] || {})[side];
  if (!look) return side;
  return nested ? `${side}, ${look.colour}` : `${side} (${look.colour})`;
}

/** Chess pieces as text glyphs (the solid set, filled white or black). */
const CHESS_GLYPHS = { K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F' };

function drawPiece(group, token, x, y, size) {
  const middle = size / 2;
  const chess = /^([wb])([KQRBNP])$/.exec(token || '');
  if (play.info?.name === 'chess' && chess) {
    group.append(svg('text', {
      class: `piece chess-piece chess-${chess[1] === 'w' ? 'white' : 'black'}`,
      x: x + middle, y: y + middle,
    }, CHESS_GLYPHS[chess[2]]));
    return;
  }
  const look = (PIECE_STYLES[play.info?.name] || {})[token];
  // A token that names its colour ("white", "black-king"): a disc of that colour, lettered
  // with the rest of its name (K for a king).
  const coloured = /^(white|black)(?:-(\w+))?$/.exec(token || '');
  if (!look && coloured) {
    group.append(svg('circle', { class: `piece piece-colour-${coloured[1]}`, cx: x + middle, cy: y + middle, r: size * 0.36 }));
    if (coloured[2]) {
      group.append(svg('text', { class: `piece-label on-${coloured[1]}`, x: x + middle, y: y + middle }, coloured[2][0].toUpperCase()));
    }
  } else if (look) {
    group.append(svg('circle', { class: `piece piece-${look.style}`, cx: x + middle, cy: y + middle, r: size * 0.38 }));
  } else if (token === 'x') {
    const inset = size * 0.28;
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

const SIZE = 100;      // one square, in SVG units
const MARGIN = 40;     // room for the coordinates

/** Where the squares start, and where the coordinates go, for `board`. */
function boardFrame(board) {
  const cols = board.col_labels || [];
  const rows = board.row_labels || [];
  // Files below the board when ranks are shown too (as on a chess board), else above.
  const colsBelow = rows.length > 0;
  // Room for the longest rank label ("13-16" in checkers), at 22-unit letters.
  const longest = Math.max(0, ...rows.map((label) => label.length));
  const left = rows.length > 0 ? Math.max(MARGIN, 14 * longest + 12) : 0;
  const top = cols.length > 0 && !colsBelow ? MARGIN : 0;
  const bottom = cols.length > 0 && colsBelow ? MARGIN : 0;
  return { cols, rows, colsBelow, left, top, width: left + board.cols * SIZE, height: top + board.rows * SIZE + bottom };
}

function drawCoordinates(element, board, frame, flipped) {
  const place = (index, count) => (flipped ? count - 1 - index : index);
  frame.cols.forEach((label, col) => {
    const y = frame.colsBelow ? frame.top + board.rows * SIZE + MARGIN / 2 : MARGIN / 2;
    const x = frame.left + place(col, board.cols) * SIZE + SIZE / 2;
    element.append(svg('text', { class: 'coordinate', x, y, 'data-coordinate': 'col' }, label));
  });
  frame.rows.forEach((label, row) => {
    const y = frame.top + place(row, board.rows) * SIZE + SIZE / 2;
    element.append(svg('text', { class: 'coordinate', x: frame.left / 2, y, 'data-coordinate': 'row' }, label));
  });
}

/**
 * A board drawn from one side (it has ranks along its edge, as chess and hare and wolves
 * do) can be turned to show the other side at the bottom; Connect Four's columns and
 * tic-tac-toe's cells have no side.
 */
function canFlip() {
  const board = play.position?.board;
  return Boolean(board && board.kind === 'grid' && (board.row_labels || []).length > 0);
}

function isFlipped() {
  return canFlip() && play.flipped;
}

/** The name of a square for people: "e4", "column 4, row 2", "cell 7". */
function squareName(board, square) {
  const row = Math.floor(square / board.cols);
  const col = square % board.cols;
  const cols = board.col_labels || [];
  const rows = board.row_labels || [];
  if (cols.length && rows.length) return `${cols[col]}${rows[row]}`;
  if (cols.length) return `column ${cols[col]}, row ${board.rows - row} from the bottom`;
  return `cell ${square}`;
}

function renderBoard() {
  const board = play.position.board;
  const element = $('#board');
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.square : undefined;
  const frame = boardFrame(board);
  element.setAttribute('viewBox', `0 0 ${frame.width} ${frame.height}`);
  element.replaceChildren();
  const turned = isFlipped();
  element.dataset.flipped = String(turned);
  drawCoordinates(element, board, frame, turned);
  // Cell numbers where a board has no coordinates (tic-tac-toe: the cell is the move).
  const numbered = frame.cols.length === 0 && frame.rows.length === 0;
  const legal = new Set();
  const targets = new Set();
  for (const move of play.position.moves) {
    if (play.selected === null ? true : move.from === play.selected) move.squares.forEach((s) => legal.add(s));
    if (play.selected !== null && move.from === play.selected) targets.add(move.squares[0]);
  }
  const last = new Set(play.ply > 0 ? play.moves[play.ply - 1].squares : []);
  const marks = play.position.highlights || { win: [], check: [] };
  const win = new Set(marks.win);
  const check = new Set(marks.check);
  const flipped = isFlipped();
  board.cells.forEach((token, square) => {
    const row = Math.floor(square / board.cols);
    const col = square % board.cols;
    // Flipped: turned half a turn, the other side at the bottom.
    const x = frame.left + (flipped ? board.cols - 1 - col : col) * SIZE;
    const y = frame.top + (flipped ? board.rows - 1 - row : row) * SIZE;
    const dark = board.checkered && (row + col) % 2 === 1;
    const classes = ['square'];
    if (board.checkered) classes.push(dark ? 'dark' : 'light');
    if (play.hint !== null && play.position.moves.some((m) => m.move === play.hint && (m.squares.includes(square) || m.from === square))) {
      classes.push('hint');
    }
    if (play.selected === square) classes.push('selected');
    if (last.has(square)) classes.push('last');
    if (win.has(square)) classes.push('win');
    if (check.has(square)) classes.push('check');
    if (targets.has(square)) classes.push('target');
    // A move is coloured on its empty squares (a whole Connect Four column) and labelled
    // where its piece lands (its first square), or on the piece that moves.
    const entry = analysisAt(square);
    const labelled = entry && (entry.squares[0] === square || entry.from === square);
    if (entry && (token === '' || entry.from === square)) classes.push(valueClass(entry));
    const label = `${squareName(board, square)}: ${token || 'empty'}` +
      (entry ? `, ${entry.words}` : '') + (classes.includes('hint') ? ', recommended' : '') +
      (targets.has(square) ? ', the piece can go here' : '') + (last.has(square) ? ', last move' : '') +
      (win.has(square) ? ', winning line' : '') + (check.has(square) ? ', in check' : '');
    const group = svg('g', {
      class: classes.join(' '), tabindex: '0', role: 'button', 'aria-label': label,
      'data-square': String(square), 'data-token': token, 'data-last': String(last.has(square)),
      'data-win': String(win.has(square)), 'data-check': String(check.has(square)),
    });
    group.append(svg('rect', { class: 'cell', x: x + 2, y: y + 2, width: SIZE - 4, height: SIZE - 4, rx: 6 }));
    if (numbered) group.append(svg('text', { class: 'cell-number', x: x + 8, y: y + 20 }, String(square)));
    drawPiece(group, token, x, y, SIZE);
    if (targets.has(square)) group.append(svg('circle', { class: 'target-dot', cx: x + SIZE / 2, cy: y + SIZE / 2, r: 14 }));
    if (labelled && (legal.has(square) || entry.from === square)) {
      group.append(svg('text', { class: 'value-label', x: x + SIZE / 2, y: y + SIZE - 12 }, valueLabel(entry)));
    }
    if (entry) group.append(svg('title', {}, `${entry.move}: ${entry.words}`));
    group.addEventListener('click', () => clickSquare(square));
    group.addEventListener('keydown', (event) => onSquareKey(event, square, board));
    element.append(group);
  });
  // The path of the last move of a piece that moves (the hare's, a wolf's, a chess piece's).
  const path = play.ply > 0 ? play.moves[play.ply - 1].squares : [];
  if (path.length === 2) {
    const centre = (square) => {
      const row = Math.floor(square / board.cols);
      const col = square % board.cols;
      return {
        x: frame.left + ((flipped ? board.cols - 1 - col : col) + 0.5) * SIZE,
        y: frame.top + ((flipped ? board.rows - 1 - row : row) + 0.5) * SIZE,
      };
    };
    const [from, to] = path.map(centre);
    const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
    // Stop short of the piece's centre, so that the piece stays readable.
    const end = { x: to.x - (to.x - from.x) * 30 / length, y: to.y - (to.y - from.y) * 30 / length };
    element.append(svg('line', { class: 'last-path', x1: from.x, y1: from.y, x2: end.x, y2: end.y, 'data-path': path.join('-') }));
    element.append(svg('circle', { class: 'last-path-end', cx: end.x, cy: end.y, r: 7 }));
  }
  if (focused !== undefined) {
    const again = element.querySelector(`[data-square="${focused}"]`);
    if (again) again.focus();
  }
}

/**
 * Drag and drop, besides click-click: a piece pressed and carried to another square is
 * picked up there and put down here. A press released on its own square is a click.
 */
const drag = { from: null, piece: null, start: null, moved: false };

function squareAt(clientX, clientY) {
  const element = document.elementFromPoint(clientX, clientY)?.closest('#board [data-square]');
  return element ? Number(element.dataset.square) : null;
}

function onBoardPointerDown(event) {
  const group = event.target.closest('[data-square]');
  if (!group || !play.position || !humanToMove() || play.busy) return;
  const square = Number(group.dataset.square);
  if (!play.position.moves.some((m) => m.from === square)) return;
  drag.from = square;
  drag.piece = group.querySelector('.piece');
  drag.start = { x: event.clientX, y: event.clientY };
  drag.moved = false;
}

function onBoardPointerMove(event) {
  if (drag.from === null || !drag.piece) return;
  const dx = event.clientX - drag.start.x;
  const dy = event.clientY - drag.start.y;
  if (!drag.moved && Math.hypot(dx, dy) < 6) return;
  if (!drag.moved) $('#board').append(drag.piece.closest('[data-square]'));
  drag.moved = true;
  // Screen pixels to board units.
  const scale = $('#board').viewBox.baseVal.width / $('#board').getBoundingClientRect().width;
  drag.piece.setAttribute('transform', `translate(${dx * scale} ${dy * scale})`);
  drag.piece.classList.add('dragged');
}

function onBoardPointerUp(event) {
  const { from, moved } = drag;
  drag.from = null;
  drag.piece?.removeAttribute('transform');
  drag.piece?.classList.remove('dragged');
  drag.piece = null;
  if (from === null || !moved) return;
  const to = squareAt(event.clientX, event.clientY);
  if (to === null || to === from) return;
  play.selected = from;
  clickSquare(to);
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
    const next = square + (isFlipped() ? -1 : 1) * steps[event.key];
    const target = $(`#board [data-square="${next}"]`);
    if (target) target.focus();
  }
}

/** The moves, each a button that shows the position after it; the one on the board marked. */
function renderMoves() {
  const list = $('#moves');
  list.replaceChildren(...play.moves.map((entry, index) => {
    const item = html('li', { 'data-move': entry.move, 'data-ply': String(index + 1) });
    const button = html('button', { type: 'button', class: 'move' }, `${entry.side}: ${entry.words} (${entry.by})`);
    if (index + 1 === play.ply) {
      item.classList.add('current');
      button.setAttribute('aria-current', 'step');
    }
    button.addEventListener('click', () => goTo(index + 1));
    item.append(button);
    return item;
  }));
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  $('#nav-start').disabled = play.ply === 0;
  $('#nav-back').disabled = play.ply === 0;
  $('#nav-forward').disabled = atEnd();
  $('#nav-end').disabled = atEnd();
}

// The evaluation over the game: each move's value, from the search that chose it (the AI's)
// or from the analysis view (the human's, when it is on), for the first side.

const GRAPH = { width: 400, height: 90 };

/**
 * The value after each ply, for the first side, from -1 to 1: proven results at the ends
 * (a draw at 0), heuristic values v as 0.8 v / (|v| + the largest of the game), inside
 * ±0.4, so that a proven value always stands apart. `null` where no search valued the move.
 */
function evaluations() {
  const heuristic = play.moves.filter((m) => m.value && !m.value.outcome).map((m) => Math.abs(m.value.value));
  const scale = Math.max(1, ...heuristic);
  return play.moves.map((entry) => {
    const value = entry.value;
    if (!value) return null;
    const sign = entry.side === play.info.sides[0] ? 1 : -1;
    let level;
    if (value.outcome === 'win') level = 1;
    else if (value.outcome === 'loss') level = -1;
    else if (value.outcome === 'draw') level = 0;
    else level = (0.8 * value.value) / (Math.abs(value.value) + scale);
    return { level: sign * level, proven: value.exact && Boolean(value.outcome), words: `${value.score_text ?? value.words} for ${sideName(entry.side)}`, value };
  });
}

function renderEvaluation() {
  const points = evaluations();
  // The bar: the latest value at or before the position on the board.
  let shown = null;
  const result = play.position.over ? play.position.result : null;
  if (result) {
    // A finished game: its result, by the rules.
    const level = !result.winner ? 0 : result.winner === play.info.sides[0] ? 1 : -1;
    shown = { level, proven: true, words: result.words, value: { source: 'the game is over' } };
  }
  for (let ply = play.ply; ply >= 1 && !shown; ply -= 1) shown = points[ply - 1];
  const bar = $('#eval-bar');
  const first = sideName(play.info.sides[0]);
  const level = shown ? shown.level : 0;
  const width = GRAPH.width * (level + 1) / 2;
  bar.replaceChildren(
    svg('rect', { class: 'eval-second', x: 0, y: 0, width: GRAPH.width, height: 16 }),
    svg('rect', { class: `eval-first${shown?.proven ? ' proven' : ''}`, x: 0, y: 0, width, height: 16 }),
    svg('line', { class: 'eval-middle', x1: GRAPH.width / 2, x2: GRAPH.width / 2, y1: 0, y2: 16 }),
  );
  bar.dataset.value = shown ? shown.level.toFixed(3) : '';
  bar.dataset.proven = String(Boolean(shown?.proven));
  const words = shown ? `${shown.words}, ${shown.proven ? 'proven' : 'heuristic, not proven'}` : 'no value yet';
  bar.setAttribute('aria-label', `Evaluation (${first} on the left): ${words}`);
  $('#eval-text').textContent = shown
    ? `Evaluation: ${words} (${shown.value.source ?? 'a search'}).`
    : 'Evaluation: none yet (the AI values its moves; yours, with "Value of every move" on).';
  const legend = $('#eval-legend');
  legend.replaceChildren(
    html('span', { class: 'swatch proven-swatch' }), ' proven ',
    html('span', { class: 'swatch heuristic-swatch' }), ` heuristic (to scale with the game's largest) · higher: better for ${first}`,
  );
  // The graph: one point a ply, proven squares and heuristic circles; gaps where not valued.
  const graph = $('#eval-graph');
  const plies = Math.max(play.line.length - 1, 10);
  const x = (ply) => 6 + (GRAPH.width - 12) * ply / plies;
  const y = (value) => GRAPH.height / 2 - value * (GRAPH.height / 2 - 6);
  graph.replaceChildren(
    svg('line', { class: 'eval-axis', x1: 0, x2: GRAPH.width, y1: y(0), y2: y(0) }),
    svg('line', { class: 'eval-now', x1: x(play.ply), x2: x(play.ply), y1: 0, y2: GRAPH.height }),
  );
  let run = [];
  const flush = () => {
    if (run.length > 1) graph.append(svg('polyline', { class: 'eval-line', points: run.join(' ') }));
    run = [];
  };
  points.forEach((point, index) => {
    if (!point) return flush();
    run.push(`${x(index + 1)},${y(point.level)}`);
    return undefined;
  });
  flush();
  points.forEach((point, index) => {
    if (!point) return;
    const ply = index + 1;
    const attributes = { 'data-ply': String(ply), 'data-proven': String(point.proven), 'data-value': point.level.toFixed(3) };
    const mark = point.proven
      ? svg('rect', { ...attributes, class: 'eval-point proven', x: x(ply) - 4, y: y(point.level) - 4, width: 8, height: 8 })
      : svg('circle', { ...attributes, class: 'eval-point heuristic', cx: x(ply), cy: y(point.level), r: 4 });
    mark.append(svg('title', {}, `Move ${ply} (${play.moves[index].side}: ${play.moves[index].words}): ${point.words}, ${point.proven ? 'proven' : 'heuristic'}`));
    mark.addEventListener('click', () => goTo(ply));
    graph.append(mark);
  });
}

/** The watch-mode controls: shown in watch mode, Play or Pause. */
function renderWatch() {
  $('#watch').hidden = !watching();
  const button = $('#watch-play');
  button.textContent = play.running ? '❚❚ Pause' : '▶ Play';
  button.setAttribute('aria-pressed', String(play.running));
}

function watchDelay() {
  const delay = Number($('#watch-delay').value);
  return Number.isFinite(delay) ? Math.min(Math.max(delay, 0), 10000) : 600;
}

function render() {
  if (!play.position) return;
  const status = $('#status');
  status.textContent = statusText();
  status.dataset.thinking = 'false';
  status.dataset.over = String(play.position.over);
  status.dataset.winner = play.position.over ? (play.position.result.winner || 'none') : '';
  $('#legend').hidden = !$('#analyse').checked;
  $('#analysis-source').textContent = play.analysis ? `Values: ${analysisSource(play.analysis)}.` : '';
  $('#position-text').textContent = play.position.position;
  $('#flip').hidden = !canFlip();
  $('#again').hidden = !play.position.over;
  $('#copy-pgn').hidden = !isChess();
  $('#import-pgn-note').hidden = !isChess();
  $('#settings-summary').textContent = `${play.info.title}, ${watching() ? 'watching' : `you play ${sideName(play.human)}`}`;
  renderBoard();
  renderMoves();
  renderEvaluation();
  renderWatch();
  writeHash();
}

// ---------------------------------------------------------------------------------------
// Links, export and import
// ---------------------------------------------------------------------------------------

/** PGN is chess's; every other game exports its move record and position text. */
const isChess = () => play.info?.name === 'chess';

let writtenHash = '';

/** The URL's hash: game, position on the board, side and level (`#game=connect4&position=4453&side=x&level=perfect`). */
function hashFor() {
  const params = new URLSearchParams({ game: play.info.name, position: play.position.position, side: play.human, level: $('#level').value });
  if ($('#level').value.startsWith(SEARCH)) params.set('depth', $('#depth').value);
  if (watching()) params.set('level2', $('#level2').value);
  return `#${params}`;
}

function writeHash() {
  writtenHash = hashFor();
  if (location.hash !== writtenHash) history.replaceState(null, '', writtenHash);
}

/** Opens the game of the URL's hash; false when there is none. */
async function openHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const name = params.get('game');
  if (!name) return false;
  const game = play.games.find((known) => known.name === name || known.aliases.includes(name));
  if (!game) {
    say(`The link names no game of this server: '${name.slice(0, 40)}'.`);
    return false;
  }
  $('#game').value = game.name;
  chooseGame(game.name);
  const choose = (select, value) => {
    if (value !== null && [...select.options].some((option) => option.value === value)) select.value = value;
  };
  choose($('#human'), params.get('side'));
  choose($('#level'), params.get('level'));
  choose($('#level2'), params.get('level2'));
  if (params.get('depth')) $('#depth').value = params.get('depth');
  showLevel();
  $('#start-from').value = params.get('position') ?? '';
  await newGame();
  return true;
}

/** Copies `text`, shown in the export box too (where the clipboard is refused, copy it there). */
async function copy(text, what) {
  const box = $('#export-text');
  box.value = text;
  box.dataset.kind = what;
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    box.select();
    copied = document.execCommand('copy');
  }
  $('#share-note').textContent = copied ? `${what} copied.` : `${what}: select it in the box above and copy it.`;
}

/** The game as the start position on one line and the moves (their texts) on the next. */
function moveRecord() {
  const start = play.line[0].position;
  const moves = play.moves.map((entry) => entry.move).join(' ');
  return moves ? `${start}\n${moves}` : start;
}

/** A value as PGN's `[%eval]` reads it: pawns (or `#n` mate) from White's point of view. */
function pgnEval(value, side) {
  const sign = side === play.info.sides[0] ? 1 : -1;
  const text = value.score_text ?? '';
  const mate = /^mate in (\d+)/.exec(text);
  const mated = /^mated in (\d+)/.exec(text);
  let score;
  if (mate) score = `#${sign * Number(mate[1])}`;
  else if (mated) score = `#${-sign * Number(mated[1])}`;
  else if (/^[+-]?\d+(\.\d+)?$/.test(text)) score = (sign * Number(text)).toFixed(2);
  else if (value.outcome === 'draw' || text === 'draw') score = '0.00';
  else return null;
  return `[%eval ${score}${value.depth ? `,${value.depth}` : ''}]`;
}

/** The game in PGN, the engine's scores as comments. */
function pgn() {
  const start = play.line[0].position;
  const standard = start === play.info.start?.position;
  const fields = start.split(/\s+/);
  const result = (() => {
    const last = play.line[play.line.length - 1];
    if (!last.over) return '*';
    if (!last.result.winner) return '1/2-1/2';
    return last.result.winner === play.info.sides[0] ? '1-0' : '0-1';
  })();
  const player = (side) => {
    if (side === play.human) return 'You';
    const choice = aiMethod(side);
    return `alphabeta (${choice.level ? `level ${choice.level}` : `${choice.algorithm}${choice.depth ? ` depth ${choice.depth}` : ''}`})`;
  };
  const quote = (text) => text.replace(/[\\"]/g, (c) => `\\${c}`);
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
  const headers = [
    ['Event', 'alphabeta serve'], ['Site', location.host], ['Date', today], ['Round', '-'],
    ['White', player(play.info.sides[0])], ['Black', player(play.info.sides[1])], ['Result', result],
  ];
  if (!standard) headers.push(['SetUp', '1'], ['FEN', start]);
  let number = Number(fields[5]) || 1;
  let black = fields[1] === 'b';
  const tokens = [];
  let needNumber = true;
  for (const entry of play.moves) {
    if (!black) tokens.push(`${number}.`);
    else if (needNumber) tokens.push(`${number}...`);
    tokens.push(entry.words);
    needNumber = false;
    if (entry.value) {
      const evaluation = pgnEval(entry.value, entry.side);
      const about = `${entry.value.score_text ?? entry.value.words} for ${entry.side}, ` +
        `${entry.value.exact ? 'proven' : 'not proven'}${entry.value.source ? `; ${entry.value.source}` : ''}`;
      tokens.push(`{${evaluation ? `${evaluation} ` : ''}${about.replace(/[{}]/g, '')}}`);
      needNumber = true;
    }
    if (black) number += 1;
    black = !black;
  }
  tokens.push(result);
  const lines = [];
  let line = '';
  for (const token of tokens) {
    if (line && line.length + token.length + 1 > 79) {
      lines.push(line);
      line = token;
    } else {
      line = line ? `${line} ${token}` : token;
    }
  }
  if (line) lines.push(line);
  return `${headers.map(([key, value]) => `[${key} "${quote(String(value))}"]`).join('\n')}\n\n${lines.join('\n')}\n`;
}

/** The start (a FEN header, or none) and the moves (SAN) of a PGN; comments and variations skipped. */
function parsePgn(text) {
  const fen = /\[FEN\s+"([^"]*)"\]/.exec(text)?.[1] ?? null;
  let body = text.replace(/\{[^}]*\}/g, ' ').replace(/\[[^\]]*\]/g, ' ').replace(/;[^\n]*/g, ' ');
  for (let before = ''; before !== body;) {
    before = body;
    body = body.replace(/\([^()]*\)/g, ' ');
  }
  const moves = body.split(/\s+/)
    .map((token) => token.replace(/^\d+\.+/, '').replace(/[!?]+$/, ''))
    .filter((token) => token && !/^(\$\d+|1-0|0-1|1\/2-1\/2|\*)$/.test(token));
  return { start: fen, moves };
}

const looksLikePgn = (text) => /^\s*\[/.test(text) || /(^|\s)1\.\s*\S/.test(text);

/** Replays an imported game through the API (each move checked there), then shows its end. */
async function importGame(text) {
  const note = $('#share-note');
  text = text.trim();
  if (!text) {
    note.textContent = 'Paste a game first.';
    return;
  }
  note.textContent = 'Importing…';
  let start;
  let moves;
  if (isChess() && looksLikePgn(text)) {
    ({ start, moves } = parsePgn(text));
  } else {
    const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    start = lines[0];
    moves = lines.slice(1).join(' ').split(/\s+/).filter(Boolean);
  }
  const game = play.info.name;
  const serial = play.serial + 1;
  play.serial = serial;
  play.running = false;
  let position;
  const line = [];
  const played = [];
  try {
    position = start ? await api('/api/position', { game, position: start }) : await api('/api/start', { game });
    line.push(position);
    for (const [index, move] of moves.entries()) {
      let reply;
      try {
        reply = await api('/api/play', { game, position: position.position, to_move: position.to_move, move });
      } catch (error) {
        throw new Error(`move ${index + 1} (${move.slice(0, 20)}): ${error.message}`);
      }
      const legal = position.moves.find((m) => m.move === reply.move);
      played.push({ move: reply.move, words: legal?.move_words ?? reply.move, side: position.to_move, by: 'imported', squares: movedSquares(legal), value: null });
      position = reply.position;
      line.push(position);
    }
  } catch (error) {
    if (serial === play.serial) note.textContent = `Not imported: ${error.message}`;
    return;
  }
  if (serial !== play.serial) return;
  install(line, played);
  note.textContent = `Imported: ${played.length} move${played.length === 1 ? '' : 's'}.`;
  render();
  await afterMove();
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
  // Room on both sides for the widest label (a node's "α −∞  β +∞" window).
  const side = 70;
  const place = (node) => {
    depth = Math.max(depth, node.path.length);
    if (node.children.length === 0) {
      node.x = side + leaf * gap;
      leaf += 1;
    } else {
      node.children.forEach(place);
      node.x = (node.children[0].x + node.children[node.children.length - 1].x) / 2;
    }
    node.y = 44 + node.path.length * 104;
  };
  const root = byKey.get('');
  place(root);
  const width = Math.max(320, 2 * side + (leaf - 1) * gap);
  // A narrow tree is centred in the canvas.
  if (width > 2 * side + (leaf - 1) * gap) {
    const shift = (width - (2 * side + (leaf - 1) * gap)) / 2;
    for (const node of byKey.values()) node.x += shift;
  }
  return { byKey, root, width, height: 90 + depth * 104 };
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

/** Scrolls a tree wider than its frame so that the root is in the middle of the view. */
function showRoot() {
  const frame = $('.tree-scroll');
  if (!explorer.layout || frame.clientWidth === 0) return;
  frame.scrollLeft = Math.max(0, explorer.layout.root.x - frame.clientWidth / 2);
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
    showRoot();
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
  // A tree loaded while its tab was hidden had no width to centre the root in.
  if (name === '#explorer') showRoot();
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
  for (const id of ['#level', '#level2', '#depth', '#human']) {
    $(id).addEventListener('change', () => {
      showLevel();
      play.analysis = null;
      render();
      refreshAnalysis();
    });
  }
  $('#hint').addEventListener('click', hint);
  $('#undo').addEventListener('click', undo);
  $('#again').addEventListener('click', () => newGame());
  $('#step').addEventListener('click', () => {
    if (!play.position || play.position.over || play.busy) return;
    play.running = false;
    say('');
    aiMove();
  });
  $('#watch-play').addEventListener('click', () => {
    play.running = !play.running;
    render();
    if (play.running && !play.busy) afterMove();
  });
  $('#nav-start').addEventListener('click', () => goTo(0));
  $('#nav-back').addEventListener('click', () => goTo(play.ply - 1));
  $('#nav-forward').addEventListener('click', () => goTo(play.ply + 1));
  $('#nav-end').addEventListener('click', () => goTo(play.line.length - 1));
  $('#copy-link').addEventListener('click', () => copy(location.href, 'The link'));
  $('#copy-position').addEventListener('click', () => copy(play.position.position, 'The position'));
  $('#copy-record').addEventListener('click', () => copy(moveRecord(), 'The move record'));
  $('#copy-pgn').addEventListener('click', () => copy(pgn(), 'The PGN'));
  $('#import').addEventListener('click', () => importGame($('#import-text').value));
  window.addEventListener('hashchange', () => {
    if (location.hash !== writtenHash) openHash();
  });
  $('#board').addEventListener('pointerdown', onBoardPointerDown);
  $('#board').addEventListener('pointermove', onBoardPointerMove);
  $('#board').addEventListener('pointerup', onBoardPointerUp);
  $('#board').addEventListener('pointercancel', onBoardPointerUp);
  $('#flip').addEventListener('click', () => {
    play.flipped = !play.flipped;
    render();
  });
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
    // The play tab shows the games drawn on a grid; trees have the explorer.
    play.limits = reply.limits;
    play.games = reply.games.filter((game) => game.start && game.start.board.kind === 'grid');
  } catch (error) {
    say(`Cannot reach the server: ${error.message}`);
    return;
  }
  fillSelect($('#game'), play.games.map((game) => game.name), play.games[0].name);
  for (const option of $('#game').options) {
    option.textContent = play.games.find((game) => game.name === option.value).title;
  }
  // On a phone the board comes first and the settings are folded.
  if (window.matchMedia('(max-width: 600px)').matches) $('#settings-box').open = false;
  chooseGame(play.games[0].name);
  const opening = location.hash.length > 1 ? openHash().then((opened) => opened || newGame()) : newGame();
  await Promise.all([opening, loadTree($('#tree-text').value)]);
  document.body.dataset.ready = 'true';
}

init();
