//! `nnue_train`: fits the chess network (`alphabeta_games::chess::nnue`) to position files
//! (`FEN | result | score`, as `datagen` writes them) and writes it quantized.
//!
//! ```text
//! cargo run --release -p alphabeta-bench --bin nnue_train -- train.txt \
//!     --held-out held-out.txt --epochs 8 --lambda 0.1 --residual --mirror \
//!     --out crates/games/src/chess/net.bin
//! ```
//!
//! With `--residual` (how the engine uses it) the network fits what the classical evaluation
//! leaves: the prediction's logit is the classical evaluation's plus the network's.
//!
//! The network's output `o` (float, side to move's view) predicts `sigmoid(o · SCALE /
//! scale)`; the target is `lambda · result + (1 − lambda) · sigmoid(score / scale)`, both
//! from the side to move's view (a position without a score has its result). Loss: mean
//! squared error, minimised by Adam over shuffled mini-batches, the gradient of a batch
//! computed on `--threads` threads; weights are clipped to `±WEIGHT_LIMIT` after each step.
//! Deterministic for a given `--seed` and `--threads`.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;
use std::thread;
use std::time::Instant;

use alphabeta_engine::SplitMix64;
use alphabeta_games::chess::nnue::{Network, BUCKETS, HIDDEN, INPUTS, SCALE, WEIGHT_LIMIT};
use alphabeta_games::chess::tune::parse_positions;
use alphabeta_games::chess::{self, nnue};
use anyhow::{bail, Context, Result};
use clap::Parser;
use cozy_chess::{Board, BoardBuilder, CastleRights, Color, Square};

/// Fits the chess network to position files and writes it quantized.
#[derive(Parser, Debug)]
#[command(name = "nnue_train")]
struct Arguments {
    /// Training position files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Positions to measure the fit on, not trained on.
    #[arg(long)]
    held_out: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's learning rate; a tenth of it for the last fifth of the epochs.
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    /// The weight of the game's result in the target (the rest is the score's).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Centipawns of the sigmoid's unit: `sigmoid(cp / scale)`.
    #[arg(long, default_value_t = 240.0)]
    scale: f32,
    /// Start from this network file (`net.bin`'s form) instead of random weights, to go on
    /// training it on new positions (a file with one output starts every output bucket
    /// from it).
    #[arg(long)]
    init: Option<PathBuf>,
    /// Seed of the initial weights (without `--init`) and of the shuffles.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads computing each batch's gradient.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Fit the network to what the classical evaluation leaves: the prediction is
    /// `sigmoid(classical / scale + output · SCALE / scale)`.
    #[arg(long)]
    residual: bool,
    /// Train on each position without castling rights a second time with its files
    /// mirrored (a↔h): the rules are symmetric under the flip, so the mirrored position has
    /// the same value.
    #[arg(long)]
    mirror: bool,
    /// Write the quantized network here.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    match run(&Arguments::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("nnue_train: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Positions as the fit reads them: per position the side to move's inputs and the other
/// side's, in flat arrays, and the target.
#[derive(Default)]
struct Samples {
    /// `starts[i] .. starts[i + 1]` index `ours` and `theirs` for position `i`.
    starts: Vec<usize>,
    ours: Vec<u16>,
    theirs: Vec<u16>,
    targets: Vec<f32>,
    /// The output bucket of each position (`nnue::bucket`).
    buckets: Vec<u8>,
    /// Whether the network adds to the classical evaluation.
    residual: bool,
    /// The classical evaluation (`chess::evaluate`), in units of `scale`.
    classical: Vec<f32>,
}

impl Samples {
    fn read(path: &PathBuf, lambda: f32, scale: f32, mirror: bool) -> Result<Samples> {
        let text =
            fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        Samples::parse(&text, lambda, scale, mirror).with_context(|| format!("{}", path.display()))
    }

    /// The positions of a position file's text; with `mirror`, each position that has a
    /// [`mirrored`] form is followed by it, with the same result and score.
    fn parse(text: &str, lambda: f32, scale: f32, mirror: bool) -> Result<Samples> {
        let mut samples = Samples { starts: vec![0], ..Samples::default() };
        for position in parse_positions(text)? {
            let copy = if mirror { mirrored(&position.board) } else { None };
            samples.push(&position.board, position.result, position.score, lambda, scale);
            if let Some(board) = copy {
                samples.push(&board, position.result, position.score, lambda, scale);
            }
        }
        Ok(samples)
    }

    /// One position, with its game's result and its search score (both White's).
    fn push(&mut self, board: &Board, result: f64, score: Option<f64>, lambda: f32, scale: f32) {
        let us = board.side_to_move();
        let white = us == Color::White;
        let result = if white { result } else { 1.0 - result } as f32;
        let target = match score {
            Some(score) => {
                let score = if white { score } else { -score } as f32;
                lambda * result + (1.0 - lambda) * sigmoid(score / scale)
            }
            None => result,
        };
        self.ours.extend(nnue::features(board, us).map(|f| f as u16));
        self.theirs.extend(nnue::features(board, !us).map(|f| f as u16));
        self.starts.push(self.ours.len());
        self.targets.push(target);
        self.buckets.push(nnue::bucket(board) as u8);
        self.classical.push(chess::evaluate(board) as f32 / scale);
    }

    fn len(&self) -> usize {
        self.targets.len()
    }

    fn append(&mut self, other: Samples) {
        let base = self.ours.len();
        self.starts.extend(other.starts[1..].iter().map(|start| start + base));
        self.ours.extend(other.ours);
        self.theirs.extend(other.theirs);
        self.targets.extend(other.targets);
        self.buckets.extend(other.buckets);
        self.classical.extend(other.classical);
    }

    /// The part of the prediction's logit that is not the network's.
    fn base(&self, index: usize) -> f32 {
        if self.residual {
            self.classical[index]
        } else {
            0.0
        }
    }

    fn bucket(&self, index: usize) -> usize {
        usize::from(self.buckets[index])
    }

    fn inputs(&self, index: usize) -> (&[u16], &[u16]) {
        let range = self.starts[index]..self.starts[index + 1];
        (&self.ours[range.clone()], &self.theirs[range])
    }
}

/// `board` with its files reversed (a↔h), or `None` while either side may castle (castling
/// is not symmetric under the flip).
fn mirrored(board: &Board) -> Option<Board> {
    let mut builder = BoardBuilder::from_board(board);
    if builder.castle_rights != [CastleRights::EMPTY; 2] {
        return None;
    }
    let squares = builder.board;
    builder.board = std::array::from_fn(|i| squares[Square::index(i).flip_file() as usize]);
    builder.en_passant = builder.en_passant.map(Square::flip_file);
    builder.build().ok()
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The float network, or a gradient of it: the same shapes.
#[derive(Clone)]
struct Weights {
    l1: Vec<f32>,
    b1: Vec<f32>,
    /// By bucket: the side to move's units' weights, then the other side's.
    l2: Vec<f32>,
    /// By bucket.
    b2: Vec<f32>,
}

impl Weights {
    fn zero() -> Weights {
        Weights {
            l1: vec![0.0; INPUTS * HIDDEN],
            b1: vec![0.0; HIDDEN],
            l2: vec![0.0; BUCKETS * 2 * HIDDEN],
            b2: vec![0.0; BUCKETS],
        }
    }

    fn random(seed: u64) -> Weights {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |limit: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (unit * 2.0 - 1.0) * limit
        };
        let mut weights = Weights::zero();
        // About 30 inputs are active: keep a unit's sum near 1.
        weights.l1.iter_mut().for_each(|w| *w = uniform(1.0 / 30f32.sqrt()));
        weights.l2.iter_mut().for_each(|w| *w = uniform(1.0 / (2.0 * HIDDEN as f32).sqrt()));
        weights
    }

    /// The float weights of a network file.
    fn read(path: &PathBuf) -> Result<Weights> {
        let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let network =
            Network::from_bytes(&bytes).with_context(|| format!("reading {}", path.display()))?;
        let (l1, b1, l2, b2) = network.dequantize();
        Ok(Weights { l1, b1, l2, b2 })
    }

    fn parameters(&mut self) -> impl Iterator<Item = &mut f32> {
        self.l1
            .iter_mut()
            .chain(self.b1.iter_mut())
            .chain(self.l2.iter_mut())
            .chain(self.b2.iter_mut())
    }

    fn add(&mut self, other: &Weights) {
        for (a, b) in self.l1.iter_mut().zip(&other.l1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&other.b1) {
            *a += b;
        }
        for (a, b) in self.l2.iter_mut().zip(&other.l2) {
            *a += b;
        }
        for (a, b) in self.b2.iter_mut().zip(&other.b2) {
            *a += b;
        }
    }

    fn clear(&mut self) {
        self.parameters().for_each(|w| *w = 0.0);
    }

    /// The units' sums for one perspective's inputs.
    fn accumulate(&self, inputs: &[u16], units: &mut [f32; HIDDEN]) {
        units.copy_from_slice(&self.b1);
        for &input in inputs {
            let row = &self.l1[input as usize * HIDDEN..][..HIDDEN];
            for (unit, weight) in units.iter_mut().zip(row) {
                *unit += weight;
            }
        }
    }

    /// The output weights of `bucket`: the side to move's units', then the other side's.
    fn output_weights(&self, bucket: usize) -> &[f32] {
        &self.l2[bucket * 2 * HIDDEN..][..2 * HIDDEN]
    }

    /// The float output for one position of output bucket `bucket`, with the units' sums.
    fn forward(
        &self,
        (ours, theirs): (&[u16], &[u16]),
        bucket: usize,
        units: &mut [[f32; HIDDEN]; 2],
    ) -> f32 {
        self.accumulate(ours, &mut units[0]);
        self.accumulate(theirs, &mut units[1]);
        let mut output = self.b2[bucket];
        for (side, weights) in units.iter().zip(self.output_weights(bucket).chunks_exact(HIDDEN)) {
            for (unit, weight) in side.iter().zip(weights) {
                output += unit.clamp(0.0, 1.0) * weight;
            }
        }
        output
    }

    /// The squared error of one position; adds its gradient, times `factor`, to `gradient`.
    /// `k` is `SCALE / scale`: the prediction is `sigmoid(output · k)`.
    fn backward(
        &self,
        samples: &Samples,
        index: usize,
        k: f32,
        factor: f32,
        gradient: &mut Weights,
    ) -> f32 {
        let (ours, theirs) = samples.inputs(index);
        let bucket = samples.bucket(index);
        let mut units = [[0.0; HIDDEN]; 2];
        let output = self.forward((ours, theirs), bucket, &mut units);
        let prediction = sigmoid(samples.base(index) + output * k);
        let error = prediction - samples.targets[index];
        let d_output = 2.0 * error * prediction * (1.0 - prediction) * k * factor;
        gradient.b2[bucket] += d_output;
        for (side, (inputs, weights)) in [ours, theirs]
            .into_iter()
            .zip(self.output_weights(bucket).chunks_exact(HIDDEN))
            .enumerate()
        {
            let mut d_units = [0.0; HIDDEN];
            let grad_l2 = &mut gradient.l2[(bucket * 2 + side) * HIDDEN..][..HIDDEN];
            for unit in 0..HIDDEN {
                let value = units[side][unit];
                grad_l2[unit] += d_output * value.clamp(0.0, 1.0);
                if value > 0.0 && value < 1.0 {
                    d_units[unit] = d_output * weights[unit];
                }
            }
            for (bias, d) in gradient.b1.iter_mut().zip(&d_units) {
                *bias += d;
            }
            for &input in inputs {
                let row = &mut gradient.l1[input as usize * HIDDEN..][..HIDDEN];
                for (weight, d) in row.iter_mut().zip(&d_units) {
                    *weight += d;
                }
            }
        }
        error * error
    }
}

/// Mean squared error over `samples`, the prediction `sigmoid(output · k)`.
fn loss(weights: &Weights, samples: &Samples, k: f32, threads: usize) -> f64 {
    let chunk = samples.len().div_ceil(threads).max(1);
    let indices: Vec<usize> = (0..samples.len()).collect();
    let total: f64 = thread::scope(|scope| {
        let handles: Vec<_> = indices
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut units = [[0.0; HIDDEN]; 2];
                    part.iter()
                        .map(|&i| {
                            let output =
                                weights.forward(samples.inputs(i), samples.bucket(i), &mut units);
                            let p = sigmoid(samples.base(i) + output * k);
                            f64::from((p - samples.targets[i]).powi(2))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / samples.len().max(1) as f64
}

fn run(arguments: &Arguments) -> Result<()> {
    if arguments.epochs == 0 || arguments.batch == 0 || arguments.threads == 0 {
        bail!("--epochs, --batch and --threads must be at least 1");
    }
    if !(0.0..=1.0).contains(&arguments.lambda) || arguments.scale <= 0.0 || arguments.rate <= 0.0 {
        bail!("--lambda must be in 0 ..= 1, --scale and --rate above 0");
    }
    let k = SCALE as f32 / arguments.scale;
    let started = Instant::now();
    let mut training = Samples { starts: vec![0], ..Samples::default() };
    for path in &arguments.files {
        training.append(Samples::read(path, arguments.lambda, arguments.scale, arguments.mirror)?);
    }
    if training.len() == 0 {
        bail!("no training positions");
    }
    let mut held_out = match &arguments.held_out {
        Some(path) => Some(Samples::read(path, arguments.lambda, arguments.scale, false)?),
        None => None,
    };
    training.residual = arguments.residual;
    if let Some(held_out) = &mut held_out {
        held_out.residual = arguments.residual;
    }
    let classical = |samples: &Samples| {
        let sum: f64 = samples
            .classical
            .iter()
            .zip(&samples.targets)
            .map(|(p, t)| f64::from((sigmoid(*p) - t).powi(2)))
            .sum();
        sum / samples.len().max(1) as f64
    };
    eprintln!(
        "the classical evaluation's error: training {:.6}{}",
        classical(&training),
        held_out.as_ref().map_or(String::new(), |h| format!(", held out {:.6}", classical(h)))
    );
    eprintln!(
        "{} training positions{} read in {:.1} s",
        training.len(),
        held_out.as_ref().map_or(String::new(), |h| format!(", {} held out", h.len())),
        started.elapsed().as_secs_f64()
    );
    let threads = arguments.threads;
    let mut weights = match &arguments.init {
        Some(path) => Weights::read(path)?,
        None => {
            let mut weights = Weights::random(arguments.seed);
            if arguments.residual {
                // Start from the classical evaluation alone.
                weights.l2.iter_mut().for_each(|w| *w *= 0.01);
            }
            weights
        }
    };
    let mut moments = (Weights::zero(), Weights::zero());
    let mut gradients = vec![Weights::zero(); threads];
    let mut rng = SplitMix64::new(arguments.seed ^ 0x5eed);
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut step = 0i32;
    let report = |epoch: usize, weights: &Weights| {
        let train = loss(weights, &training, k, threads);
        let held =
            held_out.as_ref().map(|h| format!(", held out {:.6}", loss(weights, h, k, threads)));
        eprintln!(
            "epoch {epoch}: training {train:.6}{} ({:.0} s)",
            held.unwrap_or_default(),
            started.elapsed().as_secs_f64()
        );
    };
    report(0, &weights);
    for epoch in 1..=arguments.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let rate =
            if epoch * 5 > arguments.epochs * 4 { arguments.rate / 10.0 } else { arguments.rate };
        for batch in order.chunks(arguments.batch) {
            let factor = 1.0 / batch.len() as f32;
            let part = batch.len().div_ceil(threads);
            thread::scope(|scope| {
                for (indices, gradient) in batch.chunks(part).zip(gradients.iter_mut()) {
                    let (weights, training) = (&weights, &training);
                    scope.spawn(move || {
                        gradient.clear();
                        for &index in indices {
                            weights.backward(training, index, k, factor, gradient);
                        }
                    });
                }
            });
            let (first, rest) = gradients.split_at_mut(1);
            for other in rest.iter().take(batch.chunks(part).count().saturating_sub(1)) {
                first[0].add(other);
            }
            step += 1;
            adam(&mut weights, &first[0], &mut moments, rate, step);
        }
        report(epoch, &weights);
    }
    let network = Network::quantize(&weights.l1, &weights.b1, &weights.l2, &weights.b2);
    fs::write(&arguments.out, network.to_bytes())
        .with_context(|| format!("writing {}", arguments.out.display()))?;
    eprintln!("wrote {}", arguments.out.display());
    Ok(())
}

/// One Adam step (β₁ 0.9, β₂ 0.999), then the clip to `±WEIGHT_LIMIT`.
fn adam(
    weights: &mut Weights,
    gradient: &Weights,
    moments: &mut (Weights, Weights),
    rate: f32,
    step: i32,
) {
    let (b1, b2) = (0.9f32, 0.999f32);
    let correction = (1.0 - b2.powi(step)).sqrt() / (1.0 - b1.powi(step));
    let mut g = gradient.clone();
    let parameters = weights
        .parameters()
        .zip(g.parameters())
        .zip(moments.0.parameters().zip(moments.1.parameters()));
    for ((w, g), (m, v)) in parameters {
        *m = b1 * *m + (1.0 - b1) * *g;
        *v = b2 * *v + (1.0 - b2) * *g * *g;
        *w -= rate * correction * *m / (v.sqrt() + 1e-8);
        *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5 | 30
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 1 | 45
8/5k2/8/3K4/8/8/4P3/8 w - - 0 1 | 1 | 250
4k3/8/8/8/8/8/8/3QK3 b - - 0 1 | 1 | 900
r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1 | 0 | -800
";

    fn samples(residual: bool) -> Samples {
        let mut samples = Samples::parse(TEXT, 0.5, 240.0, false).unwrap();
        samples.residual = residual;
        samples
    }

    #[test]
    fn mirroring_flips_the_files_of_positions_that_cannot_castle() {
        let board = |fen: &str| Board::from_fen(fen, false).unwrap();
        assert_eq!(
            mirrored(&board("8/5k2/8/3K4/8/8/4P3/8 w - - 0 1")),
            Some(board("8/2k5/8/4K3/8/8/3P4/8 w - - 0 1"))
        );
        // The en passant square moves with the files.
        assert_eq!(
            mirrored(&board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")),
            Some(board("3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 2"))
        );
        assert_eq!(mirrored(&board("r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1")), None);
        // Two of the five positions cannot castle: each comes twice, the copy's target the
        // same and its inputs the flipped squares.
        let plain = Samples::parse(TEXT, 0.5, 240.0, false).unwrap();
        let doubled = Samples::parse(TEXT, 0.5, 240.0, true).unwrap();
        assert_eq!(doubled.len(), 7);
        assert_eq!(doubled.targets, [0, 1, 2, 2, 3, 3, 4].map(|i| plain.targets[i]));
        let flip = |inputs: &[u16]| {
            let mut flipped: Vec<u16> = inputs.iter().map(|&f| f ^ 7).collect();
            flipped.sort_unstable();
            flipped
        };
        let sorted = |inputs: &[u16]| {
            let mut sorted = inputs.to_vec();
            sorted.sort_unstable();
            sorted
        };
        for (original, copy) in [(2, 3), (4, 5)] {
            assert_eq!(flip(doubled.inputs(original).0), sorted(doubled.inputs(copy).0));
            assert_eq!(flip(doubled.inputs(original).1), sorted(doubled.inputs(copy).1));
        }
    }

    /// The loss of `samples` as a plain sum, on one thread.
    fn total(weights: &Weights, samples: &Samples, k: f32) -> f64 {
        loss(weights, samples, k, 1) * samples.len() as f64
    }

    #[test]
    fn targets_are_the_side_to_moves_blend() {
        let samples = samples(false);
        assert_eq!(samples.len(), 5);
        // Black to move after 1.e4, a draw, White's score 30: 0.5 · 0.5 + 0.5 · σ(−30/240).
        assert!((samples.targets[0] - (0.25 + 0.5 * sigmoid(-30.0 / 240.0))).abs() < 1e-6);
        // White to move, a win for White at 45.
        assert!((samples.targets[1] - (0.5 + 0.5 * sigmoid(45.0 / 240.0))).abs() < 1e-6);
        // Black to move and White won: Black's result 0.
        assert!((samples.targets[3] - 0.5 * sigmoid(-900.0 / 240.0)).abs() < 1e-6);
        assert_eq!(samples.inputs(2).0.len(), 3);
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        for residual in [false, true] {
            let samples = samples(residual);
            let k = SCALE as f32 / 240.0;
            let weights = Weights::random(3);
            let mut gradient = Weights::zero();
            for index in 0..samples.len() {
                weights.backward(&samples, index, k, 1.0, &mut gradient);
            }
            // The inputs of the first position, the biases, the output weights.
            let (ours, _) = samples.inputs(0);
            let l1 = ours[0] as usize * HIDDEN;
            // The first positions have 32 pieces (the last bucket), the others 3 or 4
            // (bucket 0).
            let last = (BUCKETS - 1) * 2 * HIDDEN;
            let checks: Vec<(&str, usize, f32)> = vec![
                ("l1", l1, gradient.l1[l1]),
                ("l1", l1 + 5, gradient.l1[l1 + 5]),
                ("b1", 7, gradient.b1[7]),
                ("l2", 3, gradient.l2[3]),
                ("l2", HIDDEN + 9, gradient.l2[HIDDEN + 9]),
                ("l2", last + 4, gradient.l2[last + 4]),
                ("l2", last + HIDDEN + 11, gradient.l2[last + HIDDEN + 11]),
                ("b2", 0, gradient.b2[0]),
                ("b2", BUCKETS - 1, gradient.b2[BUCKETS - 1]),
            ];
            for (name, index, analytic) in checks {
                let nudged = |delta: f32| {
                    let mut w = weights.clone();
                    match name {
                        "l1" => w.l1[index] += delta,
                        "b1" => w.b1[index] += delta,
                        "l2" => w.l2[index] += delta,
                        _ => w.b2[index] += delta,
                    }
                    total(&w, &samples, k)
                };
                let h = 1e-3;
                let numeric = ((nudged(h) - nudged(-h)) / (2.0 * f64::from(h))) as f32;
                assert!(
                    (numeric - analytic).abs() <= 1e-3 + 0.02 * analytic.abs(),
                    "{name}[{index}], residual {residual}: {analytic} against {numeric}"
                );
            }
        }
    }

    #[test]
    fn training_lowers_the_loss_and_the_network_computes_it_quantized() {
        let samples = samples(false);
        let k = SCALE as f32 / 240.0;
        let mut weights = Weights::random(1);
        let before = loss(&weights, &samples, k, 2);
        let mut moments = (Weights::zero(), Weights::zero());
        for step in 1..=200 {
            let mut gradient = Weights::zero();
            for index in 0..samples.len() {
                weights.backward(&samples, index, k, 0.2, &mut gradient);
            }
            adam(&mut weights, &gradient, &mut moments, 0.01, step);
        }
        let after = loss(&weights, &samples, k, 2);
        assert!(after < before / 2.0, "{before} → {after}");
        // The quantized network computes its own weights' float value (to the centipawn it
        // truncates), and the trained float network's within the rounding of the weights.
        let network = Network::quantize(&weights.l1, &weights.b1, &weights.l2, &weights.b2);
        let (l1, b1, l2, b2) = network.dequantize();
        let rounded = Weights { l1, b1, l2, b2 };
        for (index, fen) in
            ["8/5k2/8/3K4/8/8/4P3/8 w - - 0 1", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1"].iter().enumerate()
        {
            let board: cozy_chess::Board = fen.parse().unwrap();
            let mut units = [[0.0; HIDDEN]; 2];
            let (inputs, bucket) = (samples.inputs(index + 2), samples.bucket(index + 2));
            let float = weights.forward(inputs, bucket, &mut units) * SCALE as f32;
            let exact = rounded.forward(inputs, bucket, &mut units) * SCALE as f32;
            let quantized = network.evaluate(&board);
            assert!((exact - quantized as f32).abs() < 1.01, "{fen}: {exact} against {quantized}");
            assert!((float - quantized as f32).abs() < 16.0, "{fen}: {float} against {quantized}");
        }
    }

    #[test]
    fn training_can_start_from_a_network_file() {
        let random = Weights::random(3);
        let network = &Network::quantize(&random.l1, &random.b1, &random.l2, &random.b2);
        let path = std::env::temp_dir().join(format!("nnue_train_init_{}.bin", std::process::id()));
        fs::write(&path, network.to_bytes()).unwrap();
        let weights = Weights::read(&path).unwrap();
        fs::write(&path, b"ABNNUE1\0 not a network").unwrap();
        let error = format!("{:#}", Weights::read(&path).err().unwrap());
        fs::remove_file(&path).unwrap();
        assert_eq!(&Network::quantize(&weights.l1, &weights.b1, &weights.l2, &weights.b2), network);
        assert!(
            error.contains(&path.display().to_string()) && error.contains("hidden units"),
            "{error}"
        );
        let missing = format!("{:#}", Weights::read(&path).err().unwrap());
        assert!(missing.contains("reading"), "{missing}");
    }
}
