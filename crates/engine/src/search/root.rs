//! The root's choice among its moves, for every algorithm of the alpha-beta family: the
//! tie-break among equal moves ([`TieBreak`]), the best move kept across an abort, and the
//! corner trap's count of the opponent's mistakes.

use super::node::{negamax, Expansion, Run};
use crate::budget::Aborted;
use crate::{Algorithm, CutRule, Game, Observer, Score, SearchConfig, TieBreak};

/// The best root move found so far (kept across an abort).
pub(super) struct RootBest<Move> {
    pub(super) mv: Option<Move>,
    pub(super) score: Score,
    pub(super) pv: Vec<Move>,
}

impl<Move> RootBest<Move> {
    /// No move yet.
    pub(super) fn empty() -> Self {
        Self { mv: None, score: -Score::INFINITY, pv: Vec::new() }
    }
}

/// The root's choice among its moves: the best so far, and the moves that tie with it.
pub(super) struct RootChoice<Move> {
    best_move: Option<Move>,
    best_pv: Vec<Move>,
    ties: Vec<(Move, Vec<Move>)>,
}

impl<Move> RootChoice<Move> {
    pub(super) fn new() -> Self {
        Self { best_move: None, best_pv: Vec::new(), ties: Vec::new() }
    }
}

impl<'a, G: Game, O: Observer<G>, const TECHNIQUES: bool> Run<'a, G, O, TECHNIQUES> {
    /// The root of minimax and alpha-beta: every move in order, with the configured
    /// tie-break and stop-at-win. (Negamax's root is its node of kind `Root`, which makes
    /// the same choice through [`Run::root_consider`] and [`Run::root_choose`].)
    pub(super) fn root(&mut self, game: &mut G, depth: u32) -> Result<(), Aborted> {
        let config = self.config;
        self.reset_ply(0);
        self.observer.enter(game, 0, config.window.0, config.window.1);
        let (start, end) = match self.expand(game, depth, 0) {
            Expansion::Leaf(score) => {
                self.root = RootBest { mv: None, score, pv: Vec::new() };
                return Ok(());
            }
            Expansion::Moves(start, end) => (start, end),
        };
        // The root keeps its own copy of its moves (without those MultiPV leaves out); the
        // children use the stack.
        let excluded = &self.excluded;
        let moves: Vec<G::Move> =
            self.stack[start..end].iter().filter(|mv| !excluded.contains(mv)).copied().collect();
        self.stack.truncate(start);
        // A partial search still has a move to play.
        if self.root.mv.is_none() {
            self.root.mv = moves.first().copied();
            self.root.pv = self.root.mv.into_iter().collect();
        }
        let exact_ties = needs_exact_ties(config);
        let (mut alpha, beta) = config.window;
        let mut best = -Score::INFINITY;
        let mut choice = RootChoice::new();
        for (index, &mv) in moves.iter().enumerate() {
            let floor = if exact_ties { alpha.min(best.next_down()) } else { alpha };
            game.play(mv);
            let result = match config.algorithm {
                Algorithm::Minimax => self.minimax(game, depth - 1, 1),
                Algorithm::AlphaBeta => self.alphabeta(game, depth - 1, 1, -beta, -floor),
                Algorithm::Negamax => unreachable!("negamax's root is its node of kind Root"),
                Algorithm::Mcts => unreachable!("MCTS has its own search"),
            };
            game.undo(mv);
            let score = -result?;
            self.observer.root_move(mv, score);
            self.root_consider(&mut choice, mv, score, best);
            best = best.max(score);
            alpha = alpha.max(best);
            self.observer.child(0, index, mv, score, alpha, beta);
            let stop = config.stop_at_win && best >= config.best_possible();
            if stop || (config.algorithm != Algorithm::Minimax && self.cuts(alpha, beta)) {
                self.stats.cutoffs += 1;
                self.observer.cut(0, moves.len() - index - 1);
                break;
            }
        }
        self.root_choose(game, depth, best, choice)
    }

    /// The root's bookkeeping for one move searched to `score` (before `best`, the best score
    /// so far, takes it): the tie-break, and the best move kept in case the search aborts.
    pub(super) fn root_consider(
        &mut self,
        choice: &mut RootChoice<G::Move>,
        mv: G::Move,
        score: Score,
        best: Score,
    ) {
        let improves = match self.config.tie_break {
            TieBreak::First => score > best,
            TieBreak::Last | TieBreak::Random(_) | TieBreak::Trap => score >= best,
        };
        if improves {
            if score > best {
                choice.ties.clear();
            }
            choice.best_move = Some(mv);
            choice.best_pv = self.line(mv, 1);
            choice.ties.push((mv, choice.best_pv.clone()));
            self.root = RootBest { mv: Some(mv), score, pv: choice.best_pv.clone() };
        }
    }

    /// The root's move among the equal best ones ([`TieBreak`]), into `self.root`.
    pub(super) fn root_choose(
        &mut self,
        game: &mut G,
        depth: u32,
        best: Score,
        mut choice: RootChoice<G::Move>,
    ) -> Result<(), Aborted> {
        let tie_break = self.config.tie_break;
        if let (TieBreak::Random(seed), false) = (tie_break, choice.ties.is_empty()) {
            let (mv, pv) = choice.ties.swap_remove(pick(seed, choice.ties.len()));
            choice.best_move = Some(mv);
            choice.best_pv = pv;
        }
        if tie_break == TieBreak::Trap && choice.ties.len() > 1 && depth >= 2 {
            // Should the counting run out of budget, the first best move stands.
            let (first, line) = choice.ties[0].clone();
            self.root = RootBest { mv: Some(first), score: best, pv: line };
            let (mv, pv) = self.trap(game, depth, choice.ties)?;
            choice.best_move = Some(mv);
            choice.best_pv = pv;
        }
        self.root = RootBest { mv: choice.best_move, score: best, pv: choice.best_pv };
        Ok(())
    }

    /// [`TieBreak::Trap`]: among the equal root moves `ties`, the one after which the
    /// opponent has the most replies that do worse than its best; the first on equal counts.
    fn trap(
        &mut self,
        game: &mut G,
        depth: u32,
        ties: Vec<(G::Move, Vec<G::Move>)>,
    ) -> Result<(G::Move, Vec<G::Move>), Aborted> {
        let mut chosen = 0;
        let mut most = None;
        for (index, (mv, _)) in ties.iter().enumerate() {
            game.play(*mv);
            let counted = self.mistakes(game, depth - 1);
            game.undo(*mv);
            let mistakes = counted?;
            if most.map_or(true, |most| mistakes > most) {
                most = Some(mistakes);
                chosen = index;
            }
        }
        Ok(ties.into_iter().nth(chosen).expect("chosen among the ties"))
    }

    /// The opponent to move (one ply below the root, `depth` plies left): how many of its
    /// replies lead to a worse outcome for it (loss, draw or heuristic, win: in this order)
    /// than its best reply. Each reply is searched with the full window.
    fn mistakes(&mut self, game: &mut G, depth: u32) -> Result<usize, Aborted> {
        if depth == 0 || game.outcome().is_some() {
            return Ok(0);
        }
        let mut replies = Vec::new();
        game.legal_moves(&mut replies);
        let class = |score: Score| i8::from(score.is_win()) - i8::from(score.is_loss());
        let mut classes = Vec::with_capacity(replies.len());
        for reply in replies {
            game.play(reply);
            let (infinity, left) = (Score::INFINITY, depth - 1);
            let ours = match self.config.algorithm {
                Algorithm::Minimax => self.minimax(game, left, 2),
                Algorithm::Negamax => {
                    self.negamax::<negamax::Pv>(game, left, 2, -infinity, infinity)
                }
                _ => self.alphabeta(game, left, 2, -infinity, infinity),
            };
            game.undo(reply);
            classes.push(class(-ours?));
        }
        let best = classes.iter().copied().max().unwrap_or(0);
        Ok(classes.iter().filter(|&&class| class < best).count())
    }
}

/// Picks one index in `0..len` from a seed (the first output of [`crate::SplitMix64`] from it), for
/// the random tie-break.
fn pick(seed: u64, len: usize) -> usize {
    (crate::SplitMix64::new(seed).next_u64() % len.max(1) as u64) as usize
}

/// Whether the root must widen its window so that moves tying with the best so far get
/// exact values (needed by every tie-break but `First`).
///
/// Not needed by alpha-beta under [`CutRule::Strict`] or [`CutRule::None`]: with the strict
/// cut (`alpha > beta`), a fail-soft result equal to alpha is already exact (only results
/// strictly below alpha are bounds), so a later move that ties is recognised as such with the
/// plain window. This keeps the strict cut's node counts identical to seed 003's program,
/// which keeps the last equal move (`<=`) without widening anything.
pub(crate) fn needs_exact_ties(config: &SearchConfig) -> bool {
    let exact_by_cut = config.algorithm == Algorithm::AlphaBeta && config.cut != CutRule::Standard;
    config.exact_ties && !matches!(config.tie_break, TieBreak::First) && !exact_by_cut
}
