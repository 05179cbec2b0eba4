//! Texel tuning: the evaluation's weights fitted to game results.
//!
//! The data are quiet positions, each labelled with the result of the game it came from
//! (1, ½ or 0 for White) and perhaps a search's score: one `FEN | result` or
//! `FEN | result | score` line each, read by [`parse_positions`]
//! (`scripts/chess/positions.py` writes them from PGN files, [`super::datagen`] from its own
//! games, with scores). Each position's evaluation is
//! linear in the weights: a trace lists, for every weight the position uses, White's count
//! minus Black's (the coefficient), and the game phase `p` (0 to 24); the White-side
//! evaluation is `Σ c·(mg·p + eg·(24 − p)) / 24`. The predicted result is the logistic
//! `1 / (1 + 10^(−K·eval/400))`, and the fit minimises the mean squared error between
//! predictions and targets: first the scale `K` alone ([`fit_scale`], the weights fixed), then
//! the weights by full-batch Adam ([`tune`]), some of them frozen if asked. A position's
//! target is its game's result, or a blend of the result and its search score's prediction
//! ([`target`], [`Samples::blend`]).
//! See: chessprogramming.org/Texel%27s_Tuning_Method
//!
//! ```
//! use alphabeta_games::chess::tune::{mean_squared_error, tune, Samples, TuneConfig};
//!
//! // One weight, worth 100 centipawns to White in every position where it appears once.
//! let mut samples = Samples::default();
//! for count in -3i16..=3 {
//!     let expected = 1.0 / (1.0 + 10f64.powf(-f64::from(count) * 100.0 / 400.0));
//!     samples.push(24, &[(0, count)], expected);
//! }
//! let mut weights = vec![[0.0, 0.0]];
//! let before = mean_squared_error(&samples, &weights, 1.0);
//! let config = TuneConfig { epochs: 1000, rate: 2.0, frozen: vec![false], l2: 0.0 };
//! tune(&samples, &mut weights, 1.0, &config, |_, _, _| {});
//! assert!(mean_squared_error(&samples, &weights, 1.0) < before / 100.0);
//! assert!((weights[0][0] - 100.0).abs() < 2.0, "{:?}", weights);
//! ```

use std::fmt;
use std::num::NonZeroUsize;
use std::thread;

use cozy_chess::Board;

use super::eval::MAX_PHASE;
use super::fen;

/// A position of a game and the game's result for White: 1 a win, 0.5 a draw, 0 a loss;
/// perhaps with a search's score.
#[derive(Clone, Debug)]
pub struct Labelled {
    /// The position.
    pub board: Board,
    /// White's result of the game it came from.
    pub result: f64,
    /// A search's score of the position, in centipawns from White's side, if the file
    /// gives one.
    pub score: Option<f64>,
}

/// A line of a position file that is not `FEN | result [| score]`: its number (from 1) and
/// why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The line's number, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PositionError {}

/// The positions of a position file: one `FEN | result` or `FEN | result | score` line
/// each, the result White's (`1`, `0.5` or `0`; `1-0`, `1/2-1/2` and `0-1` are read too),
/// the score a search's, in centipawns from White's side (a finite number, at most
/// [`MAX_SCORE`] in size); blank lines and lines starting with `#` are skipped.
///
/// # Errors
/// The first bad line, with its number: no `|`, a FEN that does not parse, a result that
/// is not one of those, a score that is not such a number, or a fourth field.
pub fn parse_positions(text: &str) -> Result<Vec<Labelled>, PositionError> {
    let mut positions = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |message: String| PositionError { line: index + 1, message };
        let Some((fen_text, rest)) = line.split_once('|') else {
            return Err(error(format!(
                "expected `FEN | result`, found no `|` in {:?}",
                crate::excerpt(line)
            )));
        };
        let (result_text, score_text) = match rest.split_once('|') {
            Some((result_text, score_text)) => (result_text, Some(score_text.trim())),
            None => (rest, None),
        };
        let board = fen::parse(fen_text.trim())
            .map_err(|fen_error| error(format!("bad FEN: {fen_error}")))?;
        let result = match result_text.trim() {
            "1" | "1.0" | "1-0" => 1.0,
            "0.5" | "1/2" | "1/2-1/2" => 0.5,
            "0" | "0.0" | "0-1" => 0.0,
            other => {
                return Err(error(format!(
                    "bad result {:?}: expected 1, 0.5 or 0 (White's)",
                    crate::excerpt(other)
                )))
            }
        };
        let score = score_text.map(|text| parse_score(text).map_err(error)).transpose()?;
        positions.push(Labelled { board, result, score });
    }
    Ok(positions)
}

/// The largest score, in centipawns, that a position file may give (larger ones are mate
/// scores or nonsense).
pub const MAX_SCORE: f64 = 100_000.0;

/// A position file's score field: a finite number of centipawns, at most [`MAX_SCORE`] in
/// size.
fn parse_score(text: &str) -> Result<f64, String> {
    let bad = |why: &str| format!("bad score {:?}: {why}", crate::excerpt(text));
    if text.contains('|') {
        return Err(bad("expected `FEN | result | score`, found a fourth field"));
    }
    let score: f64 = text.parse().map_err(|_| bad("expected centipawns (White's), a number"))?;
    if !score.is_finite() || score.abs() > MAX_SCORE {
        return Err(bad("expected a finite number of centipawns, at most 100000 in size"));
    }
    Ok(score)
}

/// A position's target for the fit: its game's White result blended with the prediction of
/// its search score at scale `k`, `lambda · result + (1 − lambda) · sigmoid(k, score)`; the
/// result alone without a score (and at `lambda` 1).
#[must_use]
pub fn target(result: f64, score: Option<f64>, lambda: f64, k: f64) -> f64 {
    match score {
        Some(score) if lambda < 1.0 => lambda * result + (1.0 - lambda) * sigmoid(k, score),
        _ => result,
    }
}

/// Positions as the fit needs them: per position the phase, the target (the result unless
/// [`Samples::blend`] mixed in the score) and the trace (the weights it uses, each with its
/// coefficient), in flat arrays.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// The middlegame share of each position, `phase / 24` (0 to 1).
    middlegame: Vec<f64>,
    /// What the fit predicts for each position: White's result of its game, or the blend of
    /// [`target`].
    results: Vec<f64>,
    /// White's result of each position's game.
    game_results: Vec<f64>,
    /// Each position's search score (centipawns, White's side), if it has one.
    scores: Vec<Option<f64>>,
    /// Position `i`'s terms are `terms[starts[i]..starts[i + 1]]` (`starts[0]` = 0 implied).
    ends: Vec<usize>,
    /// (weight index, coefficient) pairs of every position, in order.
    terms: Vec<(u16, i16)>,
}

impl Samples {
    /// Adds a position: its `phase` (0 to 24; clamped), its trace `terms` (weight index,
    /// White's count minus Black's) and White's `result`.
    pub fn push(&mut self, phase: i32, terms: &[(u16, i16)], result: f64) {
        self.push_scored(phase, terms, result, None);
    }

    /// [`Samples::push`] with the position's search `score` (centipawns, White's side), which
    /// [`Samples::blend`] may mix into its target.
    pub fn push_scored(
        &mut self,
        phase: i32,
        terms: &[(u16, i16)],
        result: f64,
        score: Option<f64>,
    ) {
        self.middlegame.push(f64::from(phase.clamp(0, MAX_PHASE)) / f64::from(MAX_PHASE));
        self.results.push(result);
        self.game_results.push(result);
        self.scores.push(score);
        self.terms.extend_from_slice(terms);
        self.ends.push(self.terms.len());
    }

    /// Sets every position's target to [`target`]`(result, score, lambda, k)`: at `lambda`
    /// 1 the results again.
    pub fn blend(&mut self, lambda: f64, k: f64) {
        for ((slot, &result), &score) in
            self.results.iter_mut().zip(&self.game_results).zip(&self.scores)
        {
            *slot = target(result, score, lambda, k);
        }
    }

    /// The number of positions that have a search score.
    #[must_use]
    pub fn scored(&self) -> usize {
        self.scores.iter().filter(|score| score.is_some()).count()
    }

    /// The samples of `positions`, each traced by `trace` (phase, terms).
    pub fn from_positions(
        positions: &[Labelled],
        mut trace: impl FnMut(&Board) -> (i32, Vec<(u16, i16)>),
    ) -> Samples {
        let mut samples = Samples::default();
        for position in positions {
            let (phase, terms) = trace(&position.board);
            samples.push_scored(phase, &terms, position.result, position.score);
        }
        samples
    }

    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Whether there is no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// For each of `count` weights, the number of positions whose trace uses it (indices
    /// from `count` on are not counted).
    #[must_use]
    pub fn uses(&self, count: usize) -> Vec<usize> {
        let mut uses = vec![0; count];
        for &(index, _) in &self.terms {
            if let Some(slot) = uses.get_mut(usize::from(index)) {
                *slot += 1;
            }
        }
        uses
    }

    fn terms_of(&self, position: usize) -> &[(u16, i16)] {
        let start = if position == 0 { 0 } else { self.ends[position - 1] };
        &self.terms[start..self.ends[position]]
    }

    /// White's evaluation of position `position` under `weights`, in centipawns.
    #[must_use]
    pub fn evaluation(&self, position: usize, weights: &[[f64; 2]]) -> f64 {
        let middlegame = self.middlegame[position];
        let (mg, eg) = self.terms_of(position).iter().fold((0.0, 0.0), |(mg, eg), &(i, c)| {
            let [weight_mg, weight_eg] = weights[usize::from(i)];
            (mg + f64::from(c) * weight_mg, eg + f64::from(c) * weight_eg)
        });
        mg * middlegame + eg * (1.0 - middlegame)
    }
}

/// The predicted result for White of a White-side evaluation `eval` (centipawns) at scale
/// `k`: `1 / (1 + 10^(−k·eval/400))`.
#[must_use]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The threads the fit uses: the machine's cores, at most one per 4,096 positions.
fn threads_for(samples: &Samples) -> usize {
    let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    cores.min(samples.len() / 4096).max(1)
}

/// Runs `work` over contiguous ranges of the positions on the fit's threads and returns
/// their answers in order.
fn over_chunks<T: Send>(
    samples: &Samples,
    work: impl Fn(std::ops::Range<usize>) -> T + Sync,
) -> Vec<T> {
    let threads = threads_for(samples);
    let size = samples.len().div_ceil(threads).max(1);
    if threads == 1 {
        return vec![work(0..samples.len())];
    }
    thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * size).min(samples.len())..((t + 1) * size).min(samples.len());
                let work = &work;
                scope.spawn(move || work(range))
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().expect("a fit thread panicked")).collect()
    })
}

/// The mean squared error between the targets (the results unless blended) and the
/// predictions of `weights` at scale `k` (0 without positions).
#[must_use]
pub fn mean_squared_error(samples: &Samples, weights: &[[f64; 2]], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sums = over_chunks(samples, |range| {
        range
            .map(|i| (samples.results[i] - sigmoid(k, samples.evaluation(i, weights))).powi(2))
            .sum::<f64>()
    });
    sums.iter().sum::<f64>() / samples.len() as f64
}

/// The scale `K` that minimises the mean squared error of `weights` against the samples'
/// targets as they stand (golden-section search over 0.01 to 10, to 1e-6).
#[must_use]
pub fn fit_scale(samples: &Samples, weights: &[[f64; 2]]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.01f64, 10.0f64);
    let mut left = high - ratio * (high - low);
    let mut right = low + ratio * (high - low);
    let mut left_error = mean_squared_error(samples, weights, left);
    let mut right_error = mean_squared_error(samples, weights, right);
    while high - low > 1e-6 {
        if left_error <= right_error {
            high = right;
            right = left;
            right_error = left_error;
            left = high - ratio * (high - low);
            left_error = mean_squared_error(samples, weights, left);
        } else {
            low = left;
            left = right;
            left_error = right_error;
            right = low + ratio * (high - low);
            right_error = mean_squared_error(samples, weights, right);
        }
    }
    (low + high) / 2.0
}

/// The gradient of the mean squared error with respect to every weight (middlegame,
/// endgame), and the error itself.
fn gradient(samples: &Samples, weights: &[[f64; 2]], k: f64) -> (Vec<[f64; 2]>, f64) {
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let parts = over_chunks(samples, |range| {
        let mut gradient = vec![[0.0; 2]; weights.len()];
        let mut error = 0.0;
        for i in range {
            let predicted = sigmoid(k, samples.evaluation(i, weights));
            let difference = predicted - samples.results[i];
            error += difference * difference;
            // d(difference²)/d(eval) = 2·difference·σ·(1 − σ)·K·ln 10 / 400.
            let factor = 2.0 * difference * predicted * (1.0 - predicted) * scale;
            let middlegame = samples.middlegame[i];
            for &(index, coefficient) in samples.terms_of(i) {
                let slot = &mut gradient[usize::from(index)];
                let c = factor * f64::from(coefficient);
                slot[0] += c * middlegame;
                slot[1] += c * (1.0 - middlegame);
            }
        }
        (gradient, error)
    });
    let count = samples.len().max(1) as f64;
    let mut total = vec![[0.0; 2]; weights.len()];
    let mut error = 0.0;
    for (part, part_error) in parts {
        for (sum, value) in total.iter_mut().zip(part) {
            sum[0] += value[0] / count;
            sum[1] += value[1] / count;
        }
        error += part_error / count;
    }
    (total, error)
}

/// How [`tune`] runs.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Full passes over the positions (one Adam step each).
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Per weight, whether it keeps its value (shorter than the weights: the rest move).
    pub frozen: Vec<bool>,
    /// The pull back to the starting weights: the fit minimises the mean squared error
    /// plus `l2 · Σ (weight − start)²` (centipawns), so that a weight moves only as far as
    /// the data insist (ridge regression; 0: none).
    pub l2: f64,
}

/// Fits `weights` (middlegame, endgame per weight) to the positions at scale `k` by
/// full-batch Adam, leaving the frozen ones and pulling the others back to their start by
/// [`TuneConfig::l2`]; `progress(epoch, error, weights)` hears the mean
/// squared error and the weights before each step. Returns the error after the last step.
///
/// Weights that no position uses have a zero gradient and stay as they are.
/// See: Kingma and Ba, "Adam: a method for stochastic optimization" (2014)
pub fn tune(
    samples: &Samples,
    weights: &mut [[f64; 2]],
    k: f64,
    config: &TuneConfig,
    mut progress: impl FnMut(usize, f64, &[[f64; 2]]),
) -> f64 {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;
    let mut first = vec![[0.0; 2]; weights.len()];
    let mut second = vec![[0.0; 2]; weights.len()];
    let (mut decay1, mut decay2) = (1.0, 1.0);
    let start = weights.to_vec();
    for epoch in 0..config.epochs {
        let (gradient, error) = gradient(samples, weights, k);
        progress(epoch, error, weights);
        decay1 *= BETA1;
        decay2 *= BETA2;
        for (index, weight) in weights.iter_mut().enumerate() {
            if config.frozen.get(index).copied().unwrap_or(false) {
                continue;
            }
            for phase in 0..2 {
                let pull = 2.0 * config.l2 * (weight[phase] - start[index][phase]);
                let g = gradient[index][phase] + pull;
                first[index][phase] = BETA1 * first[index][phase] + (1.0 - BETA1) * g;
                second[index][phase] = BETA2 * second[index][phase] + (1.0 - BETA2) * g * g;
                let m = first[index][phase] / (1.0 - decay1);
                let v = second[index][phase] / (1.0 - decay2);
                weight[phase] -= config.rate * m / (v.sqrt() + EPSILON);
            }
        }
    }
    mean_squared_error(samples, weights, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*), so that the tests need no crate.
    struct Random(u64);

    impl Random {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// `count` positions over `truth.len()` weights, each with up to 6 terms of coefficient
    /// −2..=2 and a random phase, labelled 1, ½ or 0 drawn from the prediction of `truth` at
    /// scale `k` (`noisy`), or with the prediction itself.
    fn synthetic(truth: &[[f64; 2]], count: usize, k: f64, noisy: bool, seed: u64) -> Samples {
        let mut random = Random(seed);
        let mut samples = Samples::default();
        for _ in 0..count {
            let phase = random.below(25) as i32;
            let terms: Vec<(u16, i16)> = (0..1 + random.below(6))
                .map(|_| (random.below(truth.len() as u64) as u16, random.below(5) as i16 - 2))
                .collect();
            let mut probe = Samples::default();
            probe.push(phase, &terms, 0.0);
            let expected = sigmoid(k, probe.evaluation(0, truth));
            let result = if noisy {
                // Draws where the position is close, as in real games.
                let draw = 0.5 * (1.0 - (2.0 * expected - 1.0).abs());
                let roll = random.unit();
                if roll < draw {
                    0.5
                } else if roll < draw + (1.0 - draw) * expected {
                    1.0
                } else {
                    0.0
                }
            } else {
                expected
            };
            samples.push(phase, &terms, result);
        }
        samples
    }

    #[test]
    fn the_loss_falls_on_noisy_games() {
        let truth = [[100.0, 120.0], [300.0, 280.0], [-50.0, 20.0], [10.0, 60.0]];
        let samples = synthetic(&truth, 20_000, 1.0, true, 7);
        let mut weights = vec![[0.0; 2]; truth.len()];
        let k = 1.0;
        let before = mean_squared_error(&samples, &weights, k);
        let config = TuneConfig { epochs: 300, rate: 5.0, frozen: Vec::new(), l2: 0.0 };
        let mut errors = Vec::new();
        let after = tune(&samples, &mut weights, k, &config, |_, error, _| errors.push(error));
        assert_eq!(errors.len(), 300);
        assert!((errors[0] - before).abs() < 1e-12);
        assert!(after < before * 0.9, "before {before}, after {after}");
        // The fitted weights predict no worse than the ones that made the data.
        let truth_error = mean_squared_error(&samples, &truth, k);
        assert!(after <= truth_error + 1e-3, "after {after}, truth {truth_error}");
    }

    #[test]
    fn a_planted_weight_is_recovered() {
        let truth = [[82.0, 94.0], [337.0, 281.0], [365.0, 297.0], [35.0, 70.0]];
        let samples = synthetic(&truth, 5_000, 1.2, false, 11);
        let mut weights = truth.to_vec();
        weights[3] = [0.0, 0.0];
        let frozen = vec![true, true, true, false];
        let config = TuneConfig { epochs: 400, rate: 1.0, frozen, l2: 0.0 };
        tune(&samples, &mut weights, 1.2, &config, |_, _, _| {});
        assert_eq!(&weights[..3], &truth[..3], "frozen weights moved");
        assert!((weights[3][0] - 35.0).abs() < 1.0, "{:?}", weights[3]);
        assert!((weights[3][1] - 70.0).abs() < 1.0, "{:?}", weights[3]);
    }

    #[test]
    fn the_pull_holds_weights_near_their_start() {
        let truth = [[82.0, 94.0], [35.0, 70.0]];
        let samples = synthetic(&truth, 5_000, 1.0, false, 17);
        let fit = |l2: f64| {
            let mut weights = vec![truth[0], [0.0, 0.0]];
            let config = TuneConfig { epochs: 600, rate: 1.0, frozen: vec![true, false], l2 };
            tune(&samples, &mut weights, 1.0, &config, |_, _, _| {});
            weights[1]
        };
        let free = fit(0.0);
        let held = fit(1e-6);
        let pinned = fit(1.0);
        assert!((free[0] - 35.0).abs() < 1.0 && (free[1] - 70.0).abs() < 1.0, "{free:?}");
        assert!(held[0] > 1.0 && held[0] < free[0] - 1.0, "{held:?} {free:?}");
        assert!(held[1] > 1.0 && held[1] < free[1] - 1.0, "{held:?} {free:?}");
        assert!(pinned[0].abs() < 0.5 && pinned[1].abs() < 0.5, "{pinned:?}");
    }

    #[test]
    fn all_weights_are_recovered_from_their_predictions() {
        let truth = [[82.0, 94.0], [337.0, 281.0], [-40.0, 10.0], [35.0, 70.0]];
        let samples = synthetic(&truth, 5_000, 1.0, false, 3);
        let mut weights = vec![[50.0, 50.0]; truth.len()];
        let config = TuneConfig { epochs: 3000, rate: 2.0, frozen: Vec::new(), l2: 0.0 };
        tune(&samples, &mut weights, 1.0, &config, |_, _, _| {});
        for (fitted, planted) in weights.iter().zip(truth) {
            for phase in 0..2 {
                assert!((fitted[phase] - planted[phase]).abs() < 1.0, "{weights:?}");
            }
        }
    }

    /// Positions of real games: each opening of `data/chess/openings.epd` followed by random
    /// legal plies, every position from the 8th ply on.
    fn random_positions(seed: u64) -> Vec<Board> {
        let mut random = Random(seed);
        let mut boards = Vec::new();
        let openings = include_str!("../../../../data/chess/openings.epd");
        for mut board in crate::chess::datagen::parse_openings(openings).unwrap() {
            for ply in 0..40 {
                let mut moves = Vec::new();
                board.generate_moves(|piece_moves| {
                    moves.extend(piece_moves);
                    false
                });
                if moves.is_empty() {
                    break;
                }
                board.play(moves[random.below(moves.len() as u64) as usize]);
                if ply >= 8 {
                    boards.push(board.clone());
                }
            }
        }
        boards
    }

    #[test]
    fn a_planted_chess_weight_is_recovered_through_the_trace() {
        use crate::chess::eval::{trace, weight_name, WEIGHTS};
        let start: Vec<[f64; 2]> =
            WEIGHTS.iter().map(|&(mg, eg)| [f64::from(mg), f64::from(eg)]).collect();
        let planted_index = (0..start.len()).find(|&i| weight_name(i) == "bishop pair").unwrap();
        let mut planted = start.clone();
        planted[planted_index] = [start[planted_index][0] + 40.0, start[planted_index][1] - 30.0];
        let boards = random_positions(19);
        let mut samples = Samples::default();
        for board in &boards {
            let traced = trace(board);
            let mut probe = Samples::default();
            probe.push(traced.phase, &traced.terms, 0.0);
            let label = sigmoid(1.0, probe.evaluation(0, &planted));
            samples.push(traced.phase, &traced.terms, label);
        }
        assert!(samples.uses(start.len())[planted_index] > 100, "too few bishop pairs");
        let frozen: Vec<bool> = (0..start.len()).map(|i| i != planted_index).collect();
        let mut weights = start.clone();
        let config = TuneConfig { epochs: 600, rate: 1.0, frozen, l2: 0.0 };
        tune(&samples, &mut weights, 1.0, &config, |_, _, _| {});
        for phase in 0..2 {
            let error = weights[planted_index][phase] - planted[planted_index][phase];
            assert!(error.abs() < 1.0, "{:?} {:?}", weights[planted_index], planted[planted_index]);
        }
        let moved = (0..start.len()).filter(|&i| weights[i] != start[i]).count();
        assert_eq!(moved, 1, "only the free weight moves");
    }

    #[test]
    fn the_scale_is_found() {
        let truth = [[100.0, 100.0], [250.0, 300.0]];
        let samples = synthetic(&truth, 2_000, 1.37, false, 5);
        let k = fit_scale(&samples, &truth);
        assert!((k - 1.37).abs() < 1e-3, "{k}");
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let truth = [[100.0, 120.0], [300.0, 280.0], [-50.0, 20.0]];
        let samples = synthetic(&truth, 10_000, 1.0, true, 13);
        let weights = vec![[90.0, 130.0], [310.0, 250.0], [-30.0, 0.0]];
        let (gradient, error) = gradient(&samples, &weights, 1.1);
        assert!((error - mean_squared_error(&samples, &weights, 1.1)).abs() < 1e-12);
        for index in 0..weights.len() {
            for phase in 0..2 {
                let mut up = weights.clone();
                up[index][phase] += 0.01;
                let mut down = weights.clone();
                down[index][phase] -= 0.01;
                let numeric = (mean_squared_error(&samples, &up, 1.1)
                    - mean_squared_error(&samples, &down, 1.1))
                    / 0.02;
                let analytic = gradient[index][phase];
                assert!(
                    (numeric - analytic).abs() < 1e-9 + 1e-4 * analytic.abs(),
                    "{numeric} {analytic}"
                );
            }
        }
    }

    #[test]
    fn positions_parse() {
        let text = "# a comment\n\n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5\n\
            startpos | 1\n\
            8/8/8/4k3/8/8/8/4K2Q w - - 0 1 | 1-0\n\
            8/8/8/4k3/8/8/8/4K2q w - - 0 1 | 0\n";
        let positions = parse_positions(text).unwrap();
        let results: Vec<f64> = positions.iter().map(|p| p.result).collect();
        assert_eq!(results, [0.5, 1.0, 1.0, 0.0]);
        assert_eq!(positions[1].board, Board::default());
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        let good = "startpos | 1\n";
        let cases = [
            ("startpos 1", "line 2: expected `FEN | result`, found no `|`"),
            ("8/8/8/8 w - - 0 1 | 1", "line 2: bad FEN"),
            ("startpos | 2", "line 2: bad result \"2\": expected 1, 0.5 or 0"),
            ("startpos |", "line 2: bad result \"\""),
            ("startpos | draw", "line 2: bad result \"draw\""),
        ];
        for (line, expected) in cases {
            let error = parse_positions(&format!("{good}{line}\n{good}")).unwrap_err();
            assert_eq!(error.line, 2);
            assert!(error.to_string().starts_with(expected), "{line:?}: {error}");
        }
    }

    #[test]
    fn scores_parse_as_a_third_field() {
        let text = "startpos | 1 | 35\nstartpos | 0.5\nstartpos | 0 | -1250.5\n";
        let positions = parse_positions(text).unwrap();
        let scores: Vec<Option<f64>> = positions.iter().map(|p| p.score).collect();
        assert_eq!(scores, [Some(35.0), None, Some(-1250.5)]);
        let results: Vec<f64> = positions.iter().map(|p| p.result).collect();
        assert_eq!(results, [1.0, 0.5, 0.0]);
    }

    #[test]
    fn bad_scores_are_refused_with_their_number() {
        let good = "startpos | 1 | 20\n";
        let cases = [
            ("startpos | 1 | ", "line 2: bad score \"\": expected centipawns"),
            ("startpos | 1 | +3x", "line 2: bad score \"+3x\": expected centipawns"),
            ("startpos | 0 | NaN", "line 2: bad score \"NaN\": expected a finite number"),
            ("startpos | 0 | inf", "line 2: bad score \"inf\": expected a finite number"),
            ("startpos | 0 | 200000", "line 2: bad score \"200000\": expected a finite"),
            (
                "startpos | 0 | 5 | 6",
                "line 2: bad score \"5 | 6\": expected `FEN | result | score`",
            ),
            ("startpos | 2 | 5", "line 2: bad result \"2\""),
        ];
        for (line, expected) in cases {
            let error = parse_positions(&format!("{good}{line}\n{good}")).unwrap_err();
            assert_eq!(error.line, 2);
            assert!(error.to_string().starts_with(expected), "{line:?}: {error}");
        }
    }

    #[test]
    fn the_target_blends_the_result_and_the_score() {
        // λ·result + (1 − λ)·sigmoid(K·score): at 200 cp and K = 1, sigmoid = 1/(1 + 10^−0.5).
        let predicted = 1.0 / (1.0 + 10f64.powf(-0.5));
        assert!((target(0.0, Some(200.0), 0.5, 1.0) - 0.5 * predicted).abs() < 1e-12);
        assert!((target(1.0, Some(200.0), 0.25, 1.0) - (0.25 + 0.75 * predicted)).abs() < 1e-12);
        assert!((target(0.5, Some(-200.0), 0.0, 1.0) - (1.0 - predicted)).abs() < 1e-12);
        // The default λ = 1, and a position without a score: the result alone.
        assert_eq!(target(0.5, Some(200.0), 1.0, 1.0), 0.5);
        assert_eq!(target(1.0, None, 0.5, 1.0), 1.0);
    }

    #[test]
    fn blending_changes_only_scored_targets_and_undoes() {
        let positions =
            parse_positions("startpos | 1 | 0\nstartpos | 0\nstartpos | 0.5 | 400\n").unwrap();
        let mut samples = Samples::from_positions(&positions, |_| (24, vec![(0, 1)]));
        assert_eq!(samples.scored(), 2);
        let weights = [[100.0, 100.0]];
        let unblended = mean_squared_error(&samples, &weights, 1.0);
        let by_hand = ((1.0 - sigmoid(1.0, 100.0)).powi(2)
            + sigmoid(1.0, 100.0).powi(2)
            + (0.5 - sigmoid(1.0, 100.0)).powi(2))
            / 3.0;
        assert!((unblended - by_hand).abs() < 1e-12, "the default target is the result");
        samples.blend(0.5, 1.0);
        let targets = [0.5 + 0.5 * 0.5, 0.0, 0.25 + 0.5 * sigmoid(1.0, 400.0)];
        let blended = targets.iter().map(|t| (t - sigmoid(1.0, 100.0)).powi(2)).sum::<f64>() / 3.0;
        assert!((mean_squared_error(&samples, &weights, 1.0) - blended).abs() < 1e-12);
        samples.blend(1.0, 1.0);
        assert!((mean_squared_error(&samples, &weights, 1.0) - unblended).abs() < 1e-15);
    }

    #[test]
    fn a_trace_builds_samples() {
        let positions = parse_positions("startpos | 1\nstartpos | 0\n").unwrap();
        let samples = Samples::from_positions(&positions, |board| {
            (24, vec![(2, board.occupied().len() as i16)])
        });
        assert_eq!(samples.len(), 2);
        assert_eq!(samples.uses(4), [0, 0, 2, 0]);
        assert_eq!(samples.evaluation(1, &[[0.0; 2], [0.0; 2], [1.0, 5.0]]), 32.0);
    }
}
