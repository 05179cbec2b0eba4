//! A small efficiently updatable neural network (NNUE) that corrects the chess evaluation:
//! 768 inputs per perspective → [`HIDDEN`] clipped-ReLU units per perspective → 1 output, in
//! centipawns, added to the classical evaluation ([`super::eval::evaluate`]) by the game's
//! `evaluate`. The output layer has [`BUCKETS`] sets of weights, one per band of the number of
//! pieces on the board ([`bucket`]), so the network weighs its units by the stage of the game.
//!
//! The inputs of a perspective are one per (piece colour relative to the perspective, piece
//! type, square seen from the perspective's side): [`feature`]. Both perspectives share the
//! first layer; the output layer weighs the side to move's units, then the other side's.
//! The network is trained by `nnue_train --residual` (`crates/bench/src/bin/nnue_train.rs`)
//! on the engine's own self-play positions (`datagen`), in floating point, to what the
//! classical evaluation leaves of the positions' targets, and stored quantized (`net.bin`):
//! first-layer weights and biases times [`QA`], output weights times [`QB`], the output biases
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
/// Output buckets: sets of output weights, chosen by the number of pieces ([`bucket`]).
pub const BUCKETS: usize = 8;
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

const MAGIC: &[u8; 8] = b"ABNNUE2\0";
/// The form before output buckets (one output): read as a network whose buckets are alike.
const MAGIC_ONE_OUTPUT: &[u8; 8] = b"ABNNUE1\0";

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

/// The output bucket of `board`: its number of pieces (kings included, 2 to 32) in bands of
/// four, from 0 (two to five pieces) to `BUCKETS - 1` (30 to 32).
#[must_use]
pub fn bucket(board: &Board) -> usize {
    (board.occupied().len() as usize).saturating_sub(2).min(4 * BUCKETS - 1) / 4
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
/// by move ([`Accumulator::update`]): what [`evaluate`] sums afresh. Beside it, the other
/// sum over the same pieces that a move changes by its pieces alone: the classical
/// evaluation's piece-square weights ([`super::eval::piece_square`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Accumulator {
    /// White's perspective, then Black's.
    units: [[i16; HIDDEN]; 2],
    /// The sum of the pieces' piece-square weights, `(middlegame, endgame)`.
    piece_squares: (i32, i32),
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
        Accumulator {
            units: NETWORK.first_layer(board),
            piece_squares: super::eval::piece_squares(board),
        }
    }

    /// The board's sum of piece-square weights, `(middlegame, endgame)` from White's view:
    /// what [`super::eval::evaluate_with_piece_squares`] takes.
    #[must_use]
    pub fn piece_squares(&self) -> (i32, i32) {
        self.piece_squares
    }

    /// Writes into `next` the first layer of `after`, from this one of `before`: the rows of
    /// the pieces that left a square taken away, of those that arrived added, each unit in one
    /// pass over the rows that changed. A legal move changes two squares, or three (en
    /// passant) or four (castling); boards further apart are summed afresh. `next` is then
    /// `Accumulator::new(after)`, for any two boards.
    pub fn update(&self, before: &Board, after: &Board, next: &mut Accumulator) {
        /// The most squares a move changes.
        const MOVE_SQUARES: usize = 4;
        let network = &*NETWORK;
        // The squares whose colour or piece differs, then what left and what arrived on each,
        // as (colour, piece, square).
        let mut changed = before.colors(Color::White) ^ after.colors(Color::White);
        changed |= before.colors(Color::Black) ^ after.colors(Color::Black);
        for piece in Piece::ALL {
            changed |= before.pieces(piece) ^ after.pieces(piece);
        }
        if changed.len() as usize > MOVE_SQUARES {
            *next = Accumulator::new(after);
            return;
        }
        let occupant = |board: &Board, square: Square| {
            Some((board.color_on(square)?, board.piece_on(square)?, square))
        };
        let mut left = [(Color::White, Piece::Pawn, Square::A1); MOVE_SQUARES];
        let mut arrived = left;
        let (mut lefts, mut arrivals) = (0, 0);
        let (mut mg, mut eg) = self.piece_squares;
        for square in changed {
            if let Some(piece @ (colour, kind, _)) = occupant(before, square) {
                left[lefts] = piece;
                lefts += 1;
                let (gone_mg, gone_eg) = super::eval::piece_square(colour, kind, square);
                (mg, eg) = (mg - gone_mg, eg - gone_eg);
            }
            if let Some(piece @ (colour, kind, _)) = occupant(after, square) {
                arrived[arrivals] = piece;
                arrivals += 1;
                let (came_mg, came_eg) = super::eval::piece_square(colour, kind, square);
                (mg, eg) = (mg + came_mg, eg + came_eg);
            }
        }
        next.piece_squares = (mg, eg);
        for (index, perspective) in [Color::White, Color::Black].into_iter().enumerate() {
            let row = |&(colour, piece, square): &(Color, Piece, Square)| {
                &network.l1_weights[feature(perspective, colour, piece, square)]
            };
            let from = &self.units[index];
            let to = &mut next.units[index];
            match (&left[..lefts], &arrived[..arrivals]) {
                ([gone], [came]) => moved(to, from, row(came), row(gone)),
                ([gone, taken], [came]) => captured(to, from, row(came), row(gone), row(taken)),
                (gone, came) => {
                    *to = *from;
                    for piece in came {
                        add(to, row(piece));
                    }
                    for piece in gone {
                        subtract(to, row(piece));
                    }
                }
            }
        }
    }

    /// The evaluation of `board` (the board this accumulator is of) for its side to move, as
    /// [`evaluate`] gives it.
    #[must_use]
    pub fn evaluate(&self, board: &Board) -> i32 {
        let (ours, theirs) = match board.side_to_move() {
            Color::White => (&self.units[0], &self.units[1]),
            Color::Black => (&self.units[1], &self.units[0]),
        };
        NETWORK.output(ours, theirs, bucket(board))
    }
}

/// The accumulators of a game's boards, from the first to the current one, kept as the
/// game's moves are played and taken back: a move writes the next accumulator in place
/// ([`Accumulator::update`]), taking it back only steps down (no copy).
#[derive(Debug)]
pub struct Stack {
    /// `slots[..=top]` are the boards' accumulators; the slots above are stale.
    slots: Vec<Accumulator>,
    top: usize,
}

impl Clone for Stack {
    fn clone(&self) -> Stack {
        Stack { slots: self.slots[..=self.top].to_vec(), top: self.top }
    }
}

impl Stack {
    /// The stack of a game that starts at `board`.
    #[must_use]
    pub fn new(board: &Board) -> Stack {
        Stack { slots: vec![Accumulator::new(board)], top: 0 }
    }

    /// The current board's accumulator.
    #[must_use]
    pub fn current(&self) -> &Accumulator {
        &self.slots[self.top]
    }

    /// A move from `before` (the current board) to `after`.
    pub fn play(&mut self, before: &Board, after: &Board) {
        let (current, next) = self.step_up();
        current.update(before, after, next);
    }

    /// A step that leaves the pieces where they are (a pass).
    pub fn repeat(&mut self) {
        let (current, next) = self.step_up();
        *next = *current;
    }

    /// Steps up one slot (adding it if there is none): the accumulator below and the slot.
    fn step_up(&mut self) -> (&Accumulator, &mut Accumulator) {
        if self.slots.len() == self.top + 1 {
            self.slots.push(self.slots[self.top]);
        }
        self.top += 1;
        let (below, above) = self.slots.split_at_mut(self.top);
        (&below[self.top - 1], &mut above[0])
    }

    /// Takes back the last step (nothing at the first board).
    pub fn undo(&mut self) {
        self.top = self.top.saturating_sub(1);
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
    /// Per bucket, the side to move's units' weights, then the other side's.
    l2_weights: [[[i16; HIDDEN]; 2]; BUCKETS],
    l2_bias: [i32; BUCKETS],
}

impl fmt::Debug for Network {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Network({INPUTS} → {HIDDEN} → 1, {BUCKETS} output buckets)")
    }
}

impl Network {
    /// Quantizes float weights: `l1_weights` by input then unit (`INPUTS · HIDDEN`),
    /// `l2_weights` by bucket, the side to move's units then the other side's
    /// (`BUCKETS · 2 · HIDDEN`), `l2_bias` by bucket. Values out of `i16` range saturate.
    ///
    /// # Panics
    /// If a slice's length is not the one above.
    #[must_use]
    pub fn quantize(
        l1_weights: &[f32],
        l1_bias: &[f32],
        l2_weights: &[f32],
        l2_bias: &[f32],
    ) -> Network {
        assert_eq!(l1_weights.len(), INPUTS * HIDDEN, "first-layer weights");
        assert_eq!(l1_bias.len(), HIDDEN, "first-layer biases");
        assert_eq!(l2_weights.len(), BUCKETS * 2 * HIDDEN, "output weights");
        assert_eq!(l2_bias.len(), BUCKETS, "output biases");
        let q = |w: f32, scale: i32| (w * scale as f32).round() as i16;
        let row = |values: &[f32], scale: i32| -> [i16; HIDDEN] {
            std::array::from_fn(|unit| q(values[unit], scale))
        };
        Network {
            l1_weights: l1_weights.chunks_exact(HIDDEN).map(|chunk| row(chunk, QA)).collect(),
            l1_bias: row(l1_bias, QA),
            l2_weights: std::array::from_fn(|bucket| {
                let weights = &l2_weights[bucket * 2 * HIDDEN..];
                [row(&weights[..HIDDEN], QB), row(&weights[HIDDEN..], QB)]
            }),
            l2_bias: std::array::from_fn(|bucket| {
                (l2_bias[bucket] * (QA * QB) as f32).round() as i32
            }),
        }
    }

    /// The float weights [`Network::quantize`] takes, in its order (first-layer weights,
    /// first-layer biases, output weights, output biases): each stored value divided by its
    /// scale, so quantizing them again gives this network back.
    #[must_use]
    pub fn dequantize(&self) -> (Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>) {
        fn floats(row: &[i16; HIDDEN], scale: i32) -> impl Iterator<Item = f32> + '_ {
            row.iter().map(move |&w| f32::from(w) / scale as f32)
        }
        let l1_weights = self.l1_weights.iter().flat_map(|row| floats(row, QA)).collect();
        let l1_bias = floats(&self.l1_bias, QA).collect();
        let l2_weights = self.l2_weights.iter().flatten().flat_map(|row| floats(row, QB)).collect();
        let l2_bias = self.l2_bias.iter().map(|&bias| bias as f32 / (QA * QB) as f32).collect();
        (l1_weights, l1_bias, l2_weights, l2_bias)
    }

    /// The file form: the header (`ABNNUE2\0`, then [`HIDDEN`] and [`BUCKETS`] as
    /// little-endian `u32`s), the first layer's weights by input then unit, its biases, the
    /// output weights by bucket and the output biases (`i32`), all little-endian.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(file_length(BUCKETS, 16));
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&(BUCKETS as u32).to_le_bytes());
        let rows =
            self.l1_weights.iter().chain([&self.l1_bias]).chain(self.l2_weights.iter().flatten());
        for value in rows.flatten() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for bias in self.l2_bias {
            bytes.extend_from_slice(&bias.to_le_bytes());
        }
        bytes
    }

    /// Reads [`Network::to_bytes`]'s form, or the form before output buckets (`ABNNUE1\0`,
    /// [`HIDDEN`], then one output's weights and bias), whose one output every bucket takes.
    ///
    /// # Errors
    /// A wrong header, another hidden size or number of buckets, or a length that is not the
    /// network's.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let (buckets, header) = match bytes.get(..8) {
            Some(magic) if magic == MAGIC && bytes.len() >= 16 => (word(12) as usize, 16),
            Some(magic) if magic == MAGIC_ONE_OUTPUT && bytes.len() >= 12 => (1, 12),
            _ => return Err(NetworkError("it does not start with `ABNNUE2` or `ABNNUE1`".into())),
        };
        let hidden = word(8);
        if hidden as usize != HIDDEN {
            return Err(NetworkError(format!("{hidden} hidden units, expected {HIDDEN}")));
        }
        if header == 16 && buckets != BUCKETS {
            return Err(NetworkError(format!("{buckets} output buckets, expected {BUCKETS}")));
        }
        let expected = file_length(buckets, header);
        if bytes.len() != expected {
            return Err(NetworkError(format!("{} bytes, expected {expected}", bytes.len())));
        }
        let biases = expected - 4 * buckets;
        let mut values = bytes[header..biases]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut row = || -> [i16; HIDDEN] { std::array::from_fn(|_| values.next().unwrap_or(0)) };
        let l1_weights = (0..INPUTS).map(|_| row()).collect();
        let l1_bias = row();
        let read: Vec<[[i16; HIDDEN]; 2]> = (0..buckets).map(|_| [row(), row()]).collect();
        let bias = |bucket: usize| word(biases + 4 * bucket) as i32;
        // One output (the older form) serves every bucket.
        let l2_weights = std::array::from_fn(|bucket| read[bucket % buckets]);
        let l2_bias = std::array::from_fn(|bucket| bias(bucket % buckets));
        Ok(Network { l1_weights, l1_bias, l2_weights, l2_bias })
    }

    /// The evaluation of `board` for the side to move, in centipawns, within `±`[`LIMIT`].
    #[must_use]
    pub fn evaluate(&self, board: &Board) -> i32 {
        let [white, black] = self.first_layer(board);
        let bucket = bucket(board);
        match board.side_to_move() {
            Color::White => self.output(&white, &black, bucket),
            Color::Black => self.output(&black, &white, bucket),
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

    /// The output for the side to move's units and the other side's by `bucket`'s weights,
    /// within `±`[`LIMIT`].
    fn output(&self, ours: &[i16; HIDDEN], theirs: &[i16; HIDDEN], bucket: usize) -> i32 {
        let [our_weights, their_weights] = &self.l2_weights[bucket];
        let sum = output(ours, our_weights) + output(theirs, their_weights);
        let value = (i64::from(sum) + i64::from(self.l2_bias[bucket])) * i64::from(SCALE)
            / i64::from(QA * QB);
        value.clamp(-i64::from(LIMIT), i64::from(LIMIT)) as i32
    }
}

/// The length of a network file with `buckets` outputs after a header of `header` bytes.
const fn file_length(buckets: usize, header: usize) -> usize {
    header + 2 * (INPUTS + 1 + 2 * buckets) * HIDDEN + 4 * buckets
}

/// `accumulator += row`, wrapping (a legal position cannot overflow, see [`WEIGHT_LIMIT`]).
fn add(accumulator: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (sum, weight) in accumulator.iter_mut().zip(row) {
        *sum = sum.wrapping_add(*weight);
    }
}

/// `to = from + came - gone`, wrapping: a piece that moved.
fn moved(to: &mut [i16; HIDDEN], from: &[i16; HIDDEN], came: &[i16; HIDDEN], gone: &[i16; HIDDEN]) {
    for unit in 0..HIDDEN {
        to[unit] = from[unit].wrapping_add(came[unit]).wrapping_sub(gone[unit]);
    }
}

/// `to = from + came - gone - taken`, wrapping: a capture.
fn captured(
    to: &mut [i16; HIDDEN],
    from: &[i16; HIDDEN],
    came: &[i16; HIDDEN],
    gone: &[i16; HIDDEN],
    taken: &[i16; HIDDEN],
) {
    for unit in 0..HIDDEN {
        to[unit] =
            from[unit].wrapping_add(came[unit]).wrapping_sub(gone[unit]).wrapping_sub(taken[unit]);
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
        assert_eq!(Network::quantize(&l1_weights, &l1_bias, &l2_weights, &l2_bias), network);
    }

    #[test]
    fn the_accumulator_kept_move_by_move_is_the_one_summed_afresh() {
        use alphabeta_engine::{Game, SplitMix64};
        let mut rng = SplitMix64::new(7);
        let mut moves = Vec::new();
        let mut last = Board::default();
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
                let network = Accumulator::new(board).evaluate(board);
                assert_eq!(network, evaluate(board), "{board}");
                let classical = crate::chess::eval::evaluate(board);
                assert_eq!(game.evaluate(), classical + network, "{board}");
                // Any two boards, not only a move apart: from the previous game's last board.
                let mut next = Accumulator::new(&last);
                Accumulator::new(&last).update(&last, board, &mut next);
                assert_eq!(next, Accumulator::new(board), "{last} to {board}");
            }
            last = game.board().clone();
        }
    }

    /// The stack's current accumulator is the one summed afresh through moves, passes and
    /// take-backs in any order, and a clone carries on alike.
    #[test]
    fn the_stack_follows_moves_passes_and_take_backs() {
        use alphabeta_engine::{Game, SplitMix64};
        let mut rng = SplitMix64::new(11);
        let mut game = crate::chess::Chess::new();
        // The steps played: `Some(move)` or `None` for a pass.
        let mut steps = Vec::new();
        let mut moves = Vec::new();
        for step in 0..3000 {
            moves.clear();
            game.legal_moves(&mut moves);
            match rng.below(5) {
                0 | 1 if !steps.is_empty() => match steps.pop() {
                    Some(Some(mv)) => game.undo(mv),
                    _ => game.undo_pass(),
                },
                2 if game.can_pass() => {
                    game.pass();
                    steps.push(None);
                }
                _ if !moves.is_empty() => {
                    let mv = moves[rng.below(moves.len())];
                    game.play(mv);
                    steps.push(Some(mv));
                }
                _ => {}
            }
            let fresh = Accumulator::new(game.board());
            assert_eq!(*game.accumulators.current(), fresh, "step {step}: {}", game.board());
            if step % 100 == 0 {
                let mut copy = game.clone();
                moves.clear();
                copy.legal_moves(&mut moves);
                if let Some(&mv) = moves.first() {
                    copy.play(mv);
                    assert_eq!(*copy.accumulators.current(), Accumulator::new(copy.board()));
                }
            }
        }
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = include_bytes!("net.bin");
        let error = |bytes: &[u8]| Network::from_bytes(bytes).unwrap_err().to_string();
        assert!(error(b"").contains("ABNNUE2"));
        assert!(error(b"ABNNUE2\0").contains("ABNNUE2"));
        assert!(error(&bytes[..bytes.len() - 1]).contains("bytes, expected"));
        let mut other = bytes.to_vec();
        other[8] ^= 1;
        assert!(error(&other).contains("hidden units"));
        let mut other = bytes.to_vec();
        other[12] ^= 1;
        assert!(error(&other).contains("output buckets"));
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
        // Three pieces: bucket 0; the other buckets' weights are zero.
        let mut l2 = vec![0.0; BUCKETS * 2 * HIDDEN];
        l2[0] = 1.0;
        l2[HIDDEN] = -1.0;
        let mut biases = vec![0.0; BUCKETS];
        biases[0] = 0.25;
        let network = Network::quantize(&l1, &vec![0.0; HIDDEN], &l2, &biases);
        let white: Board = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap();
        // (0.5 · 1 + 0.25) · 400 = 300 for White to move, and (0.5 · −1 + 0.25) · 400 = −100
        // for Black to move, whose "other side" unit is White's; quantized, 128 · 64 + 4080
        // and −128 · 64 + 4080 over 16320, times 400, truncated.
        assert_eq!(network.evaluate(&white), 300);
        let black: Board = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".parse().unwrap();
        assert_eq!(network.evaluate(&black), -100);
        // The start position (32 pieces) reads the last bucket, whose weights are zero.
        assert_eq!(network.evaluate(&Board::default()), 0);
    }

    #[test]
    fn buckets_are_bands_of_four_piece_counts() {
        let board = |fen: &str| -> Board { fen.parse().unwrap() };
        assert_eq!(bucket(&board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), 0);
        assert_eq!(bucket(&board("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1")), 0);
        assert_eq!(bucket(&board("4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1")), 1);
        assert_eq!(bucket(&Board::default()), BUCKETS - 1);
    }

    #[test]
    fn the_one_output_form_reads_as_alike_buckets() {
        let network = Network::from_bytes(include_bytes!("net.bin")).unwrap();
        let (l1, b1, l2, b2) = network.dequantize();
        // Bucket 3's output for every bucket, written in the older form.
        let one = &l2[3 * 2 * HIDDEN..][..2 * HIDDEN];
        let alike = Network::quantize(&l1, &b1, &one.repeat(BUCKETS), &[b2[3]; BUCKETS]);
        let mut old = b"ABNNUE1\0".to_vec();
        old.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let new = alike.to_bytes();
        let weights = 2 * (INPUTS + 1) * HIDDEN;
        old.extend_from_slice(&new[16..16 + weights + 4 * HIDDEN]);
        old.extend_from_slice(&alike.l2_bias[0].to_le_bytes());
        assert_eq!(Network::from_bytes(&old).unwrap(), alike);
        let error = Network::from_bytes(&old[..old.len() - 2]).unwrap_err().to_string();
        assert!(error.contains("bytes, expected"), "{error}");
    }
}
