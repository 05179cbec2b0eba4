//! A small efficiently updatable neural network (NNUE) that corrects the chess evaluation:
//! 768 inputs per perspective → [`HIDDEN`] clipped-ReLU units per perspective → 1 output, in
//! centipawns, added to the classical evaluation ([`super::eval::evaluate`]) by the game's
//! `evaluate`.
//!
//! The inputs of a perspective are one per (piece colour relative to the perspective, piece
//! type, square seen from the perspective's side): [`feature`]. Both perspectives share the
//! first layer; the output layer weighs the side to move's units, then the other side's.
//! The network is trained by `nnue_train --residual` (`crates/bench/src/bin/nnue_train.rs`)
//! on the engine's own self-play positions (`datagen`), in floating point, to what the
//! classical evaluation leaves of the positions' targets, and stored quantized (`net.bin`):
//! first-layer weights and biases times [`QA`], output weights times [`QB`], the output bias
//! times `QA · QB`, all little-endian after a header ([`Network::from_bytes`]).
//!
//! [`Accumulator`] keeps the first layer of a game's board up to date move by move (the rows
//! of the pieces that moved); [`evaluate`] sums it afresh. Integer arithmetic throughout, so
//! a position has one value on every machine.

use std::fmt;
use std::sync::LazyLock;

use cozy_chess::{Board, Color, Piece, Square};

/// Inputs per perspective: 2 colours × 6 piece types × 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per perspective.
pub const HIDDEN: usize = 128;
/// The first layer's quantization: a float weight `w` is stored as `round(w · QA)`, and a
/// unit's activation is clipped to `0 ..= QA`.
pub const QA: i32 = 255;
/// The output layer's quantization: `round(w · QB)`.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;
/// The largest float weight the trainer allows in either layer, so that `i16`
/// accumulators cannot overflow on a legal position (32 pieces) and output weights fit
/// `±127`.
pub const WEIGHT_LIMIT: f32 = 1.98;
/// The evaluation's bound, in centipawns, well inside the search's heuristic range.
pub const LIMIT: i32 = 20_000;

const MAGIC: &[u8; 8] = b"ABNNUE1\0";

/// The network shipped with the engine, read once.
static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("net.bin")).expect("the embedded network is well formed")
});

/// The index of the input for a piece of `colour` and type `piece` on `square`, seen by
/// `perspective`: its own pieces first, squares mirrored top to bottom for Black.
#[must_use]
pub fn feature(perspective: Color, colour: Color, piece: Piece, square: Square) -> usize {
    let theirs = usize::from(colour != perspective);
    let square = match perspective {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    };
    (theirs * 6 + piece as usize) * 64 + square
}

/// The active inputs of `board` for `perspective`, in a fixed order (by colour, piece type,
/// square).
pub fn features(board: &Board, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    [Color::White, Color::Black].into_iter().flat_map(move |colour| {
        Piece::ALL.into_iter().flat_map(move |piece| {
            board
                .colored_pieces(colour, piece)
                .into_iter()
                .map(move |square| feature(perspective, colour, piece, square))
        })
    })
}

/// The embedded network's output for `board` and its side to move, in centipawns (the
/// correction it adds to the classical evaluation).
#[must_use]
pub fn evaluate(board: &Board) -> i32 {
    NETWORK.evaluate(board)
}

/// The embedded network's first layer for a board, both perspectives, kept up to date move
/// by move ([`Accumulator::update`]): what [`evaluate`] sums afresh.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Accumulator {
    /// White's perspective, then Black's.
    units: [[i16; HIDDEN]; 2],
}

impl fmt::Debug for Accumulator {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("Accumulator")
    }
}

impl Accumulator {
    /// The first layer of `board`, summed afresh.
    #[must_use]
    pub fn new(board: &Board) -> Accumulator {
        Accumulator { units: NETWORK.first_layer(board) }
    }

    /// The first layer of `after`, from this one of `before`: the rows of the pieces that
    /// left a square taken away, of those that arrived added. Equal to
    /// `Accumulator::new(after)` for any two boards.
    #[must_use]
    pub fn update(&self, before: &Board, after: &Board) -> Accumulator {
        let network = &*NETWORK;
        let mut next = *self;
        for colour in [Color::White, Color::Black] {
            for piece in Piece::ALL {
                let old = before.colored_pieces(colour, piece);
                let new = after.colored_pieces(colour, piece);
                for (perspective, side) in
                    [Color::White, Color::Black].into_iter().zip(&mut next.units)
                {
                    let row =
                        |square| &network.l1_weights[feature(perspective, colour, piece, square)];
                    for square in old - new {
                        subtract(side, row(square));
                    }
                    for square in new - old {
                        add(side, row(square));
                    }
                }
            }
        }
        next
    }

    /// The evaluation for `side_to_move`, as [`evaluate`] gives it for the board.
    #[must_use]
    pub fn evaluate(&self, side_to_move: Color) -> i32 {
        let (ours, theirs) = match side_to_move {
            Color::White => (&self.units[0], &self.units[1]),
            Color::Black => (&self.units[1], &self.units[0]),
        };
        NETWORK.output(ours, theirs)
    }
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkError(String);

impl fmt::Display for NetworkError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "bad network file: {}", self.0)
    }
}

impl std::error::Error for NetworkError {}

/// A quantized network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// `INPUTS` rows of `HIDDEN` weights.
    l1_weights: Vec<[i16; HIDDEN]>,
    l1_bias: [i16; HIDDEN],
    /// The side to move's units' weights, then the other side's.
    l2_weights: [[i16; HIDDEN]; 2],
    l2_bias: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Network({INPUTS} → {HIDDEN} → 1)")
    }
}

impl Network {
    /// Quantizes float weights: `l1_weights` by input then unit (`INPUTS · HIDDEN`),
    /// `l2_weights` the side to move's units then the other side's (`2 · HIDDEN`). Values
    /// out of `i16` range saturate.
    ///
    /// # Panics
    /// If a slice's length is not the one above.
    #[must_use]
    pub fn quantize(
        l1_weights: &[f32],
        l1_bias: &[f32],
        l2_weights: &[f32],
        l2_bias: f32,
    ) -> Network {
        assert_eq!(l1_weights.len(), INPUTS * HIDDEN, "first-layer weights");
        assert_eq!(l1_bias.len(), HIDDEN, "first-layer biases");
        assert_eq!(l2_weights.len(), 2 * HIDDEN, "output weights");
        let q = |w: f32, scale: i32| (w * scale as f32).round() as i16;
        let row = |values: &[f32], scale: i32| -> [i16; HIDDEN] {
            std::array::from_fn(|unit| q(values[unit], scale))
        };
        Network {
            l1_weights: l1_weights.chunks_exact(HIDDEN).map(|chunk| row(chunk, QA)).collect(),
            l1_bias: row(l1_bias, QA),
            l2_weights: [row(&l2_weights[..HIDDEN], QB), row(&l2_weights[HIDDEN..], QB)],
            l2_bias: (l2_bias * (QA * QB) as f32).round() as i32,
        }
    }

    /// The float weights [`Network::quantize`] takes, in its order (first-layer weights,
    /// first-layer biases, output weights, output bias): each stored value divided by its
    /// scale, so quantizing them again gives this network back.
    #[must_use]
    pub fn dequantize(&self) -> (Vec<f32>, Vec<f32>, Vec<f32>, f32) {
        fn floats(row: &[i16; HIDDEN], scale: i32) -> impl Iterator<Item = f32> + '_ {
            row.iter().map(move |&w| f32::from(w) / scale as f32)
        }
        let l1_weights = self.l1_weights.iter().flat_map(|row| floats(row, QA)).collect();
        let l1_bias = floats(&self.l1_bias, QA).collect();
        let l2_weights = self.l2_weights.iter().flat_map(|row| floats(row, QB)).collect();
        (l1_weights, l1_bias, l2_weights, self.l2_bias as f32 / (QA * QB) as f32)
    }

    /// The file form: the header (`ABNNUE1\0`, then [`HIDDEN`] as a little-endian `u32`),
    /// the first layer's weights by input then unit, its biases, the output weights and the
    /// output bias (`i32`), all little-endian.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(12 + 2 * (INPUTS + 3) * HIDDEN + 4);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let rows = self.l1_weights.iter().chain([&self.l1_bias]).chain(&self.l2_weights);
        for value in rows.flatten() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.extend_from_slice(&self.l2_bias.to_le_bytes());
        bytes
    }

    /// Reads [`Network::to_bytes`]'s form.
    ///
    /// # Errors
    /// A wrong header, another hidden size, or a length that is not the network's.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let expected = 12 + 2 * (INPUTS + 3) * HIDDEN + 4;
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(NetworkError("it does not start with `ABNNUE1`".into()));
        }
        let hidden = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
        if hidden as usize != HIDDEN {
            return Err(NetworkError(format!("{hidden} hidden units, expected {HIDDEN}")));
        }
        if bytes.len() != expected {
            return Err(NetworkError(format!("{} bytes, expected {expected}", bytes.len())));
        }
        let mut values = bytes[12..expected - 4]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut row = || -> [i16; HIDDEN] { std::array::from_fn(|_| values.next().unwrap_or(0)) };
        let l1_weights = (0..INPUTS).map(|_| row()).collect();
        let l1_bias = row();
        let l2_weights = [row(), row()];
        let tail = &bytes[expected - 4..];
        let l2_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Ok(Network { l1_weights, l1_bias, l2_weights, l2_bias })
    }

    /// The evaluation of `board` for the side to move, in centipawns, within `±`[`LIMIT`].
    #[must_use]
    pub fn evaluate(&self, board: &Board) -> i32 {
        let [white, black] = self.first_layer(board);
        match board.side_to_move() {
            Color::White => self.output(&white, &black),
            Color::Black => self.output(&black, &white),
        }
    }

    /// The first layer's units for `board`, White's perspective then Black's.
    fn first_layer(&self, board: &Board) -> [[i16; HIDDEN]; 2] {
        let mut units = [self.l1_bias; 2];
        for colour in [Color::White, Color::Black] {
            for piece in Piece::ALL {
                for square in board.colored_pieces(colour, piece) {
                    for (perspective, side) in
                        [Color::White, Color::Black].into_iter().zip(&mut units)
                    {
                        add(side, &self.l1_weights[feature(perspective, colour, piece, square)]);
                    }
                }
            }
        }
        units
    }

    /// The output for the side to move's units and the other side's, within `±`[`LIMIT`].
    fn output(&self, ours: &[i16; HIDDEN], theirs: &[i16; HIDDEN]) -> i32 {
        let sum = output(ours, &self.l2_weights[0]) + output(theirs, &self.l2_weights[1]);
        let value =
            (i64::from(sum) + i64::from(self.l2_bias)) * i64::from(SCALE) / i64::from(QA * QB);
        value.clamp(-i64::from(LIMIT), i64::from(LIMIT)) as i32
    }
}

/// `accumulator += row`, wrapping (a legal position cannot overflow, see [`WEIGHT_LIMIT`]).
fn add(accumulator: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (sum, weight) in accumulator.iter_mut().zip(row) {
        *sum = sum.wrapping_add(*weight);
    }
}

/// `accumulator -= row`, wrapping.
fn subtract(accumulator: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (sum, weight) in accumulator.iter_mut().zip(row) {
        *sum = sum.wrapping_sub(*weight);
    }
}

/// `Σ clamp(unit, 0, QA) · weight`.
fn output(units: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    units
        .iter()
        .zip(weights)
        .map(|(&unit, &weight)| i32::from(unit).clamp(0, QA) * i32::from(weight))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_network_loads_and_round_trips() {
        let bytes = include_bytes!("net.bin");
        let network = Network::from_bytes(bytes).unwrap();
        assert_eq!(network.to_bytes(), bytes.to_vec());
    }

    #[test]
    fn dequantized_weights_quantize_back_to_the_network() {
        let network = Network::from_bytes(include_bytes!("net.bin")).unwrap();
        let (l1_weights, l1_bias, l2_weights, l2_bias) = network.dequantize();
        assert_eq!(Network::quantize(&l1_weights, &l1_bias, &l2_weights, l2_bias), network);
    }

    #[test]
    fn the_accumulator_kept_move_by_move_is_the_one_summed_afresh() {
        use alphabeta_engine::{Game, SplitMix64};
        let mut rng = SplitMix64::new(7);
        let mut moves = Vec::new();
        for _ in 0..40 {
            let mut game = crate::chess::Chess::new();
            for _ in 0..120 {
                moves.clear();
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]);
                let board = game.board();
                let network = Accumulator::new(board).evaluate(board.side_to_move());
                assert_eq!(network, evaluate(board), "{board}");
                let classical = crate::chess::eval::evaluate(board);
                assert_eq!(game.evaluate(), classical + network, "{board}");
            }
        }
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = include_bytes!("net.bin");
        let error = |bytes: &[u8]| Network::from_bytes(bytes).unwrap_err().to_string();
        assert!(error(b"").contains("ABNNUE1"));
        assert!(error(&bytes[..bytes.len() - 1]).contains("bytes, expected"));
        let mut other = bytes.to_vec();
        other[8] ^= 1;
        assert!(error(&other).contains("hidden units"));
    }

    #[test]
    fn features_mirror_between_perspectives() {
        let board = Board::default();
        let white: Vec<usize> = features(&board, Color::White).collect();
        let mut black: Vec<usize> = features(&board, Color::Black).collect();
        assert_eq!(white.len(), 32);
        black.sort_unstable();
        let mut sorted = white.clone();
        sorted.sort_unstable();
        // The start position is its own mirror image.
        assert_eq!(sorted, black);
        assert_eq!(feature(Color::White, Color::White, Piece::Pawn, Square::E2), 12);
        assert_eq!(feature(Color::Black, Color::Black, Piece::Pawn, Square::E7), 12);
        assert_eq!(feature(Color::Black, Color::White, Piece::King, Square::E1), (6 + 5) * 64 + 60);
    }

    #[test]
    fn a_quantized_network_computes_its_float_value() {
        // One unit per perspective: a white pawn on e2 gives White's unit 0.5.
        let mut l1 = vec![0.0; INPUTS * HIDDEN];
        l1[feature(Color::White, Color::White, Piece::Pawn, Square::E2) * HIDDEN] = 0.5;
        let mut l2 = vec![0.0; 2 * HIDDEN];
        l2[0] = 1.0;
        l2[HIDDEN] = -1.0;
        let network = Network::quantize(&l1, &vec![0.0; HIDDEN], &l2, 0.25);
        let white: Board = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap();
        // (0.5 · 1 + 0.25) · 400 = 300 for White to move, and (0.5 · −1 + 0.25) · 400 = −100
        // for Black to move, whose "other side" unit is White's; quantized, 128 · 64 + 4080
        // and −128 · 64 + 4080 over 16320, times 400, truncated.
        assert_eq!(network.evaluate(&white), 300);
        let black: Board = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".parse().unwrap();
        assert_eq!(network.evaluate(&black), -100);
    }
}
