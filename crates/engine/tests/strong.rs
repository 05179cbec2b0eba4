//! The strong techniques of negamax on a game that implements every hook: a random tree
//! ("forest") whose positions are hashes of their paths, with noisy moves, checks, passes
//! and history slots. Values are compared with reference searches written here; pruning is
//! checked by node counts and by what it must not break; time management with a fake clock.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use alphabeta_engine::{
    Algorithm, Clock, Deepening, Game, GameClock, Iteration, Observer, Outcome, Score,
    SearchConfig, SearchResult, Searcher, SplitMix64, Techniques,
};

fn mix(a: u64, b: u64) -> u64 {
    SplitMix64::new(a ^ b.wrapping_mul(0xD6E8_FEB8_6659_FD93)).next_u64()
}

/// A random game tree: a position is the hash of its path; `length` plies end every game;
/// its hash is its position unless `hashed` is off.
#[derive(Clone, Debug)]
struct Forest {
    path: Vec<u64>,
    length: usize,
    hashed: bool,
}

impl Forest {
    /// A forest whose root is not finished.
    fn new(seed: u64, length: usize) -> Self {
        (0..)
            .map(|attempt| Self { path: vec![mix(seed, 12345 + attempt)], length, hashed: true })
            .find(|forest| forest.outcome().is_none())
            .expect("an unfinished root")
    }

    fn top(&self) -> u64 {
        *self.path.last().expect("a root")
    }
}

impl Game for Forest {
    type Move = u8;

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        let count = 2 + (self.top() >> 8) % 3;
        moves.extend(0..count as u8);
    }

    fn play(&mut self, mv: u8) {
        let next = mix(self.top(), u64::from(mv) + 1);
        self.path.push(next);
    }

    fn undo(&mut self, _mv: u8) {
        self.path.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        let top = self.top();
        if self.path.len() > self.length {
            return Some([Outcome::Win, Outcome::Draw, Outcome::Loss][(top % 3) as usize]);
        }
        (top % 29 == 0).then_some(Outcome::Loss)
    }

    fn evaluate(&self) -> i32 {
        ((self.top() >> 16) % 401) as i32 - 200
    }

    fn noisy_score(&self, mv: u8) -> Option<i32> {
        let child = mix(self.top(), u64::from(mv) + 1);
        (child % 3 == 0).then_some(((child >> 20) % 100) as i32)
    }

    fn in_check(&self) -> bool {
        (self.top() >> 32) % 7 == 0
    }

    const HISTORY_SIZE: usize = 4;

    fn history_index(&self, mv: u8) -> usize {
        usize::from(mv)
    }

    fn can_pass(&self) -> bool {
        !self.in_check()
    }

    fn pass(&mut self) {
        let next = mix(self.top(), 0);
        self.path.push(next);
    }

    fn undo_pass(&mut self) {
        self.path.pop();
    }

    fn hash(&self) -> Option<u64> {
        self.hashed.then(|| self.top())
    }
}

/// What the reference search does at its horizon and in check.
#[derive(Clone, Copy)]
struct Reference {
    quiescence: bool,
    check_extension: bool,
    /// The iteration's depth (bounds the check extension as the engine does).
    root_depth: u32,
}

/// Plain minimax (negamax form) with the reference's options, for the side to move.
fn reference(game: &mut Forest, depth: u32, ply: u32, options: Reference) -> Score {
    let config = SearchConfig::default();
    if let Some(outcome) = game.outcome() {
        return config.terminal_score(outcome, ply);
    }
    let mut depth = depth;
    if options.check_extension && ply > 0 && game.in_check() && ply < 2 * options.root_depth {
        depth += 1;
    }
    if depth == 0 {
        return if options.quiescence {
            quiescence(game, ply)
        } else {
            Score::heuristic(game.evaluate())
        };
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut best = -Score::INFINITY;
    for mv in moves {
        game.play(mv);
        best = best.max(-reference(game, depth - 1, ply + 1, options));
        game.undo(mv);
    }
    best
}

/// Quiescence minimax: the best of standing pat and the noisy moves; in check, of every move.
fn quiescence(game: &mut Forest, ply: u32) -> Score {
    if let Some(outcome) = game.outcome() {
        return SearchConfig::default().terminal_score(outcome, ply);
    }
    let mut moves = Vec::new();
    let mut best = -Score::INFINITY;
    if game.in_check() {
        game.legal_moves(&mut moves);
    } else {
        best = Score::heuristic(game.evaluate());
        game.noisy_moves(&mut moves);
    }
    for mv in moves {
        game.play(mv);
        best = best.max(-quiescence(game, ply + 1));
        game.undo(mv);
    }
    best
}

fn negamax(techniques: Techniques, depth: u32) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).depth(depth);
    config.techniques = techniques;
    config
}

fn search(config: &SearchConfig, game: &Forest) -> SearchResult<u8> {
    Searcher::new(config.clone()).search(&mut game.clone())
}

fn ordering_only() -> Techniques {
    Techniques { staged_ordering: true, killers: true, history: true, ..Techniques::default() }
}

fn pruning() -> Techniques {
    Techniques {
        null_move: true,
        late_move_reductions: true,
        reverse_futility: Some(60),
        futility: Some(30),
        table_eval: true,
        ..ordering_only()
    }
}

#[test]
fn plain_and_ordered_negamax_equal_minimax_at_fixed_depth() {
    let plain = Reference { quiescence: false, check_extension: false, root_depth: 0 };
    for seed in 0..40 {
        let game = Forest::new(seed, 12);
        for depth in 0..=6 {
            let expected = reference(&mut game.clone(), depth, 0, plain);
            for techniques in [Techniques::default(), ordering_only()] {
                let result = search(&negamax(techniques.clone(), depth), &game);
                assert_eq!(result.score, expected, "seed {seed} depth {depth} {techniques:?}");
            }
        }
    }
}

#[test]
fn a_search_to_depth_0_values_the_horizon_as_alpha_beta_does() {
    for seed in 0..40 {
        let game = Forest::new(seed, 12);
        let result = search(&negamax(Techniques::default(), 0), &game);
        let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).depth(0);
        let alpha_beta = search(&config, &game);
        assert_eq!(result.score, Score::heuristic(game.evaluate()), "seed {seed}");
        assert_eq!(result.score, alpha_beta.score, "seed {seed}");
        assert!(!result.aborted && !result.exact && result.best_move.is_none(), "{result:?}");
    }
}

#[test]
fn ordering_lowers_node_counts() {
    let (mut plain, mut ordered) = (0, 0);
    for seed in 0..40 {
        let game = Forest::new(seed, 14);
        plain += search(&negamax(Techniques::default(), 8), &game).stats.nodes;
        ordered += search(&negamax(ordering_only(), 8), &game).stats.nodes;
    }
    assert!(ordered < plain, "ordered {ordered} plain {plain}");
}

#[test]
fn quiescence_and_check_extension_equal_their_reference() {
    // Quiescence reaches below the depth limit (the selective depth says so).
    let mut beyond = false;
    for seed in 0..40 {
        let game = Forest::new(seed, 12);
        for depth in 0..=5 {
            for (quiescence, check_extension) in [(true, false), (false, true), (true, true)] {
                let options = Reference { quiescence, check_extension, root_depth: depth };
                let expected = reference(&mut game.clone(), depth, 0, options);
                for base in [Techniques::default(), ordering_only()] {
                    let techniques = Techniques { quiescence, check_extension, ..base };
                    let result = search(&negamax(techniques.clone(), depth), &game);
                    assert_eq!(result.score, expected, "seed {seed} depth {depth} {techniques:?}");
                    // Heuristic values are never called exact.
                    assert!(!result.exact || result.score.is_decisive(), "{result:?}");
                    if quiescence {
                        beyond |= result.stats.seldepth > depth;
                    }
                }
            }
        }
    }
    assert!(beyond);
}

#[test]
fn late_move_reductions_alone_still_solve_exactly() {
    // Without a depth limit the search deepens until no heuristic value is left, so that
    // every reduced search reached the ends of the games: the value is the exact one.
    let plain = Reference { quiescence: false, check_extension: false, root_depth: 0 };
    let mut reduced_nodes = 0;
    let mut plain_nodes = 0;
    for seed in 0..30 {
        let game = Forest::new(seed, 9);
        let expected = reference(&mut game.clone(), 20, 0, plain);
        let techniques = Techniques { late_move_reductions: true, ..ordering_only() };
        let mut config = negamax(techniques, 0);
        config.limits.depth = None;
        let result = search(&config, &game);
        assert!(result.exact, "seed {seed}");
        assert_eq!(result.score, expected, "seed {seed}");
        reduced_nodes += result.stats.nodes;
        let mut config = negamax(ordering_only(), 0);
        config.limits.depth = None;
        plain_nodes += search(&config, &game).stats.nodes;
    }
    eprintln!("solving 30 forests: {plain_nodes} nodes ordered, {reduced_nodes} with LMR");
}

/// On 30 random trees, iterative deepening with `techniques` ends on minimax's exact value
/// (a search that cut or reduced counts its heuristic values, so deepening goes on until
/// none is left); returns the nodes of the searches to depth 8 with ordering only and with
/// `techniques`.
fn deepening_solves_exactly(techniques: &Techniques) -> (u64, u64) {
    let plain = Reference { quiescence: false, check_extension: false, root_depth: 0 };
    let (mut ordered, mut with) = (0, 0);
    for seed in 0..30 {
        let game = Forest::new(seed, 9);
        let expected = reference(&mut game.clone(), 20, 0, plain);
        let mut config = negamax(techniques.clone(), 0);
        config.limits.depth = None;
        config.deepening = Deepening::Iterative;
        let result = search(&config, &game);
        assert!(result.exact, "seed {seed} {techniques:?}");
        assert_eq!(result.score, expected, "seed {seed} {techniques:?}");
        ordered += search(&negamax(ordering_only(), 8), &game).stats.nodes;
        with += search(&negamax(techniques.clone(), 8), &game).stats.nodes;
    }
    (ordered, with)
}

#[test]
fn internal_iterative_reduction_alone_still_solves_exactly() {
    // A reduced node's subtree reaches the horizon sooner, where its values are heuristic.
    // At a fixed depth the reduced search is smaller; in a game without hashes (no table, so
    // no move to miss) it is the same search.
    let techniques = Techniques { internal_iterative_reduction: true, ..ordering_only() };
    let (unreduced, reduced) = deepening_solves_exactly(&techniques);
    assert!(reduced < unreduced, "reduced {reduced} unreduced {unreduced}");
    for seed in 0..30 {
        let unhashed = |techniques: Techniques| {
            let mut game = Forest::new(seed, 9);
            game.hashed = false;
            let result = search(&negamax(techniques, 6), &game);
            (result.score, result.stats.nodes)
        };
        assert_eq!(unhashed(techniques.clone()), unhashed(ordering_only()), "seed {seed}");
    }
}

#[test]
fn futility_pruning_alone_still_solves_exactly() {
    // A skipped move makes the node's value heuristic: deepening goes on until no node
    // within the futility depth is left. At a fixed depth the pruned search is smaller.
    let (unpruned, pruned) =
        deepening_solves_exactly(&Techniques { futility: Some(30), ..ordering_only() });
    eprintln!("30 forests at depth 8: {unpruned} nodes ordered, {pruned} with futility");
    assert!(pruned < unpruned, "pruned {pruned} unpruned {unpruned}");
}

#[test]
fn razoring_with_quiescence_still_solves_exactly() {
    // A node that quiescence fails low is razored with a heuristic value: deepening goes on
    // until no node within the razoring depth is left. At a fixed depth the razored search is
    // smaller than quiescence alone.
    let quiescence = Techniques { quiescence: true, ..ordering_only() };
    let (_, unrazored) = deepening_solves_exactly(&quiescence);
    let (_, razored) = deepening_solves_exactly(&Techniques { razoring: Some(30), ..quiescence });
    eprintln!("30 forests at depth 8: {unrazored} nodes with quiescence, {razored} razored");
    assert!(razored < unrazored, "razored {razored} unrazored {unrazored}");
}

#[test]
fn pruning_lowers_node_counts_and_keeps_a_legal_move() {
    let (mut unpruned, mut pruned) = (0, 0);
    for seed in 0..40 {
        let game = Forest::new(seed, 30);
        let full = search(&negamax(ordering_only(), 9), &game);
        let cut = search(&negamax(pruning(), 9), &game);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert!(moves.contains(&cut.best_move.expect("a move")), "seed {seed}");
        assert!(!cut.score.is_decisive() || full.score.is_decisive() || cut.score.is_win());
        unpruned += full.stats.nodes;
        pruned += cut.stats.nodes;
    }
    assert!(pruned * 2 < unpruned, "pruned {pruned} unpruned {unpruned}");
    // Null move, reverse futility and futility alone search smaller trees too. (Late-move
    // reductions alone do not pay on a random tree, where a shallow search says nothing of a
    // deeper one: their re-searches cost more than they save. Chess is where they are
    // measured.)
    for techniques in [
        Techniques { null_move: true, ..ordering_only() },
        Techniques { reverse_futility: Some(60), ..ordering_only() },
        Techniques { futility: Some(30), ..ordering_only() },
    ] {
        let (mut without, mut with) = (0, 0);
        for seed in 0..40 {
            let game = Forest::new(seed, 30);
            without += search(&negamax(ordering_only(), 8), &game).stats.nodes;
            with += search(&negamax(techniques.clone(), 8), &game).stats.nodes;
        }
        assert!(with < without, "{techniques:?}: {with} vs {without}");
    }
}

/// Whether every move of `line` is legal where it is played from `game`.
fn is_legal_line(game: &Forest, line: &[u8]) -> bool {
    let mut game = game.clone();
    line.iter().all(|&mv| {
        let mut moves = Vec::new();
        if game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        game.play(mv);
        moves.contains(&mv)
    })
}

#[test]
fn principal_variations_are_legal_lines_whatever_the_window() {
    // Only PV nodes keep a line. A root that takes its value from a null-window search (with
    // a window it fails high or low against) still shows a line of legal moves that starts
    // with its move.
    let h = Score::heuristic;
    let windows =
        [(-Score::INFINITY, Score::INFINITY), (h(-5), h(5)), (h(150), h(160)), (h(-160), h(-150))];
    for seed in 0..60 {
        let game = Forest::new(seed, 12);
        for techniques in [Techniques::default(), pruning()] {
            for depth in 1..=6 {
                for window in windows {
                    let mut config = negamax(techniques.clone(), depth);
                    config.window = window;
                    let result = search(&config, &game);
                    let context = format!("seed {seed} depth {depth} {window:?} {result:?}");
                    assert!(is_legal_line(&game, &result.pv), "{context}");
                    assert_eq!(result.pv.first().copied(), result.best_move, "{context}");
                }
            }
        }
    }
}

#[test]
fn aspiration_windows_keep_values_and_mates() {
    // With no pruning, the aspiration windows change nothing but the search's path: the
    // values are those of the full window (equal to the fixed-depth reference).
    let plain = Reference { quiescence: true, check_extension: false, root_depth: 0 };
    for seed in 0..40 {
        let game = Forest::new(seed, 10);
        for depth in [4, 6, 11] {
            let expected = reference(&mut game.clone(), depth, 0, plain);
            let techniques =
                Techniques { quiescence: true, aspiration: Some(5), ..ordering_only() };
            let result = search(&negamax(techniques, depth), &game);
            assert_eq!(result.score, expected, "seed {seed} depth {depth}");
        }
    }
}

/// A clock the test moves by hand, plus `step` on every reading.
#[derive(Clone)]
struct FakeClock {
    micros: Arc<AtomicU64>,
    step: u64,
}

impl Clock for FakeClock {
    fn now(&self) -> Duration {
        Duration::from_micros(self.micros.fetch_add(self.step, Ordering::Relaxed))
    }
}

/// Moves the fake clock forward by `jump` at the end of iteration `at`.
struct JumpAt {
    micros: Arc<AtomicU64>,
    at: u32,
    jump: Duration,
    depths: Vec<u32>,
}

impl Observer<Forest> for JumpAt {
    fn iteration(&mut self, iteration: &Iteration<'_, u8>) {
        self.depths.push(iteration.depth);
        if iteration.depth == self.at {
            self.micros.fetch_add(self.jump.as_micros() as u64, Ordering::Relaxed);
        }
    }
}

fn clock_config(remaining_ms: u64, moves_to_go: u32) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax);
    config.techniques = pruning();
    config.limits.clock = Some(GameClock {
        remaining: Duration::from_millis(remaining_ms),
        increment: Duration::ZERO,
        moves_to_go: Some(moves_to_go),
    });
    config
}

#[test]
fn no_iteration_starts_after_the_soft_limit() {
    // 10 s for 10 moves: a soft limit of 1 s, a hard one of 2.5 s. The clock stands still
    // until iteration 3 ends, then jumps past the soft limit (not the hard one).
    let micros = Arc::new(AtomicU64::new(0));
    let clock = FakeClock { micros: micros.clone(), step: 0 };
    let mut observer =
        JumpAt { micros, at: 3, jump: Duration::from_millis(1_100), depths: Vec::new() };
    let mut searcher = Searcher::new(clock_config(10_000, 10)).with_clock(clock);
    let result = searcher.search_with(&mut Forest::new(1, 40), &mut observer);
    assert_eq!(observer.depths, [1, 2, 3]);
    assert!(!result.aborted);
    assert_eq!(result.stats.depth, 3);
    assert!(result.best_move.is_some());
}

#[test]
fn the_hard_limit_aborts_the_search() {
    // Every reading of the clock moves it 1 ms: the budget reads it every 1024 nodes, so the
    // hard limit is reached after some hundreds of readings. With one move to the control the
    // soft limit is the hard one (all the time but a 30 ms margin): an iteration is cut.
    let clock = FakeClock { micros: Arc::new(AtomicU64::new(0)), step: 1_000 };
    let mut searcher = Searcher::new(clock_config(1_000, 1)).with_clock(clock);
    let result = searcher.search(&mut Forest::new(2, 60));
    assert!(result.aborted);
    assert!(result.best_move.is_some());
    let hard = Duration::from_millis(970);
    assert!(result.stats.elapsed >= hard, "{:?}", result.stats.elapsed);
    assert!(result.stats.elapsed <= hard + Duration::from_millis(3), "{:?}", result.stats.elapsed);
    // A fixed time limit works as a hard limit with the clock, too.
    let mut config = clock_config(10_000, 10);
    config.limits.time = Some(Duration::from_millis(300));
    let clock = FakeClock { micros: Arc::new(AtomicU64::new(0)), step: 1_000 };
    let result = Searcher::new(config).with_clock(clock).search(&mut Forest::new(2, 60));
    assert!(result.aborted);
    assert!(result.stats.elapsed <= Duration::from_millis(303), "{:?}", result.stats.elapsed);
}

#[test]
fn an_empty_clock_still_gives_a_legal_move() {
    let clock = FakeClock { micros: Arc::new(AtomicU64::new(0)), step: 1_000 };
    let mut searcher = Searcher::new(clock_config(0, 10)).with_clock(clock);
    let mut game = Forest::new(3, 60);
    let result = searcher.search(&mut game);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.contains(&result.best_move.expect("a move")));
}

#[test]
fn the_stop_flag_stops_a_running_search() {
    let stop = Arc::new(AtomicBool::new(false));
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax);
    config.techniques = pruning();
    config.limits.stop = Some(stop.clone());
    let flag = stop.clone();
    let stopped_at = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let mut game = Forest::new(4, 200);
    let result = Searcher::new(config).search(&mut game);
    let returned = Instant::now();
    let stopped_at = stopped_at.join().unwrap();
    // Measured, not asserted (speed belongs to benchmarks).
    eprintln!(
        "stopped {:?} after the flag was set",
        returned.saturating_duration_since(stopped_at)
    );
    assert!(result.aborted);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.contains(&result.best_move.expect("a move")));
}
