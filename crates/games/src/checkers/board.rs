//! The checkers position as three 32-bit boards and its move generator.
//!
//! Bit `n - 1` is the square numbered `n` (1–32) in the standard way: squares 1–4 on the top
//! row (Black's side, at b8, d8, f8, h8), 29–32 on the bottom row (White's side, at a1, c1,
//! e1, g1). Rows 0, 2, 4, 6 (from the top) hold their dark squares in columns 1, 3, 5, 7;
//! rows 1, 3, 5, 7 in columns 0, 2, 4, 6. Black moves down the board (towards row 7).
//!
//! Simple moves are found for all pieces at once by shifting the boards
//! (see: chessprogramming.org/Checkers, "bitboards"); jumps are followed square by square
//! from the pieces that the boards say can capture.

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, on squares 1–12 at the start, moves first.
    Black,
    /// White, on squares 21–32 at the start.
    White,
}

impl Color {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `"black"` or `"white"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// `'B'` or `'W'`, as PDN writes it.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

/// Rows 0, 2, 4, 6.
const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Rows 1, 3, 5, 7.
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The leftmost dark square of each row (index 0 within its row).
const FIRST_IN_ROW: u32 = 0x1111_1111;
/// The rightmost dark square of each row (index 3 within its row).
const LAST_IN_ROW: u32 = 0x8888_8888;
/// Row 0: squares 1–4, where White men are crowned.
pub const TOP_ROW: u32 = 0x0000_000F;
/// Row 7: squares 29–32, where Black men are crowned.
pub const BOTTOM_ROW: u32 = 0xF000_0000;

/// One step towards the top left (row - 1, column - 1) for every bit.
#[inline]
fn up_left(b: u32) -> u32 {
    ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) >> 5)
}

/// One step towards the top right (row - 1, column + 1).
#[inline]
fn up_right(b: u32) -> u32 {
    ((b & EVEN_ROWS & !LAST_IN_ROW) >> 3) | ((b & ODD_ROWS) >> 4)
}

/// One step towards the bottom left (row + 1, column - 1).
#[inline]
fn down_left(b: u32) -> u32 {
    ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) << 3)
}

/// One step towards the bottom right (row + 1, column + 1).
#[inline]
fn down_right(b: u32) -> u32 {
    ((b & EVEN_ROWS & !LAST_IN_ROW) << 5) | ((b & ODD_ROWS) << 4)
}

/// The four diagonal directions, in the order of [`STEPS`]: up-left, up-right, down-left,
/// down-right. Up is towards squares 1–4.
const SHIFTS: [fn(u32) -> u32; 4] = [up_left, up_right, down_left, down_right];

/// The opposite of each direction of [`SHIFTS`].
const OPPOSITE: [usize; 4] = [3, 2, 1, 0];

/// No square (off the board).
const NONE: u8 = u8::MAX;

/// `STEPS[direction][square]`: the square one step away (index 0–31), or [`NONE`].
const STEPS: [[u8; 32]; 4] = {
    let mut steps = [[NONE; 32]; 4];
    let mut square = 0;
    while square < 32 {
        let row = (square / 4) as i32;
        let col = ((square % 4) * 2 + if row % 2 == 0 { 1 } else { 0 }) as i32;
        let deltas = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        let mut direction = 0;
        while direction < 4 {
            let (r, c) = (row + deltas[direction].0, col + deltas[direction].1);
            if r >= 0 && r < 8 && c >= 0 && c < 8 {
                steps[direction][square] = (r * 4 + c / 2) as u8;
            }
            direction += 1;
        }
        square += 1;
    }
    steps
};

/// The directions a piece moves in: men forward only, kings all four.
#[inline]
fn directions(color: Color, king: bool) -> &'static [usize] {
    match (king, color) {
        (true, _) => &[0, 1, 2, 3],
        (false, Color::Black) => &[2, 3],
        (false, Color::White) => &[0, 1],
    }
}

/// The row where `color`'s men are crowned.
#[inline]
#[must_use]
pub fn crowning_row(color: Color) -> u32 {
    match color {
        Color::Black => BOTTOM_ROW,
        Color::White => TOP_ROW,
    }
}

/// A move: a step, or a jump of one or more captures.
///
/// Two jumps that take the same pieces in a different order (a king going round a loop one
/// way or the other) are different moves, as in Aart Bik's perft counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts (index 0–31: square number - 1).
    pub from: u8,
    /// Where it ends.
    pub to: u8,
    /// The number of pieces captured (0 for a step).
    pub jumps: u8,
    /// The direction of each jump, two bits each, the first jump in the lowest bits.
    pub path: u32,
    /// The squares of the pieces captured.
    pub captured: u32,
    /// Those of them that were kings.
    pub captured_kings: u32,
    /// A man is crowned by this move.
    pub crowns: bool,
}

impl Move {
    /// Whether the move captures.
    #[must_use]
    pub fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// The squares the piece stands on, start and end included (indices 0–31).
    #[must_use]
    pub fn squares(self) -> Vec<u8> {
        let mut squares = vec![self.from];
        if self.jumps == 0 {
            squares.push(self.to);
            return squares;
        }
        let mut at = self.from;
        for jump in 0..self.jumps {
            let direction = ((self.path >> (2 * jump)) & 3) as usize;
            at = STEPS[direction][usize::from(STEPS[direction][usize::from(at)])];
            squares.push(at);
        }
        squares
    }
}

/// A position: where the pieces stand and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Black's pieces.
    pub black: u32,
    /// White's pieces.
    pub white: u32,
    /// The kings of both sides.
    pub kings: u32,
    /// The side to move.
    pub to_move: Color,
}

impl Default for Position {
    /// The start: Black on 1–12, White on 21–32, Black to move.
    fn default() -> Self {
        Position { black: 0x0000_0FFF, white: 0xFFF0_0000, kings: 0, to_move: Color::Black }
    }
}

/// Where [`Position::jumpers`] found captures, and for which directions.
struct Jumpers {
    /// Pieces that can capture, per direction.
    by_direction: [u32; 4],
}

impl Position {
    /// The pieces of `color`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The empty squares.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> u32 {
        !(self.black | self.white)
    }

    /// The pieces of the side to move that may move in each direction (men forward only).
    #[inline]
    fn movers(&self) -> [u32; 4] {
        let us = self.pieces(self.to_move);
        let kings = us & self.kings;
        match self.to_move {
            Color::Black => [kings, kings, us, us],
            Color::White => [us, us, kings, kings],
        }
    }

    /// The pieces that can capture in each direction.
    #[inline]
    fn jumpers(&self) -> Jumpers {
        let them = self.pieces(self.to_move.other());
        let empty = self.empty();
        let movers = self.movers();
        let mut by_direction = [0; 4];
        for direction in 0..4 {
            let back = SHIFTS[OPPOSITE[direction]];
            by_direction[direction] = movers[direction] & back(back(empty) & them);
        }
        Jumpers { by_direction }
    }

    /// Whether the side to move has a capture (and so must capture).
    #[inline]
    #[must_use]
    pub fn has_capture(&self) -> bool {
        self.jumpers().by_direction.iter().any(|&bits| bits != 0)
    }

    /// Appends the legal moves: every complete jump when there is one, otherwise every step.
    pub fn generate(&self, moves: &mut Vec<Move>) {
        let jumpers = self.jumpers();
        let any = jumpers.by_direction.iter().fold(0, |all, &bits| all | bits);
        if any != 0 {
            self.for_each_jump(any, &mut |mv| moves.push(mv));
            return;
        }
        let empty = self.empty();
        let crown = crowning_row(self.to_move);
        for (direction, movers) in self.movers().into_iter().enumerate() {
            let mut targets = SHIFTS[direction](movers) & empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let from = STEPS[OPPOSITE[direction]][usize::from(to)];
                let crowns = self.kings & (1 << from) == 0 && crown & (1 << to) != 0;
                moves.push(Move {
                    from,
                    to,
                    jumps: 0,
                    path: 0,
                    captured: 0,
                    captured_kings: 0,
                    crowns,
                });
            }
        }
    }

    /// The number of legal moves (perft's last ply): steps by population count, jumps one by
    /// one.
    #[inline]
    #[must_use]
    pub fn count_moves(&self) -> u64 {
        let jumpers = self.jumpers();
        let any = jumpers.by_direction.iter().fold(0, |all, &bits| all | bits);
        if any != 0 {
            let mut count = 0;
            self.for_each_jump(any, &mut |_| count += 1);
            return count;
        }
        let empty = self.empty();
        self.movers()
            .into_iter()
            .enumerate()
            .map(|(direction, movers)| u64::from((SHIFTS[direction](movers) & empty).count_ones()))
            .sum()
    }

    /// Calls `found` with every complete jump of the pieces in `jumpers`.
    fn for_each_jump(&self, jumpers: u32, found: &mut dyn FnMut(Move)) {
        let mut pieces = jumpers;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let king = self.kings & (1 << from) != 0;
            // The piece leaves its square: a king may come back to it.
            let empty = self.empty() | (1 << from);
            let start = Move {
                from,
                to: from,
                jumps: 0,
                path: 0,
                captured: 0,
                captured_kings: 0,
                crowns: false,
            };
            self.extend_jump(start, king, empty, found);
        }
    }

    /// Continues the jump `so_far` (standing on `so_far.to`) while it can; calls `found` at
    /// each end. A man that reaches its crowning row stops there.
    fn extend_jump(&self, so_far: Move, king: bool, empty: u32, found: &mut dyn FnMut(Move)) {
        let them = self.pieces(self.to_move.other()) & !so_far.captured;
        let at = usize::from(so_far.to);
        let mut extended = false;
        for &direction in directions(self.to_move, king) {
            let over = STEPS[direction][at];
            if over == NONE || them & (1 << over) == 0 {
                continue;
            }
            let land = STEPS[direction][usize::from(over)];
            if land == NONE || empty & (1 << land) == 0 {
                continue;
            }
            extended = true;
            let mut next = so_far;
            next.to = land;
            next.path |= (direction as u32) << (2 * u32::from(so_far.jumps));
            next.jumps += 1;
            next.captured |= 1 << over;
            next.captured_kings |= self.kings & (1 << over);
            if !king && crowning_row(self.to_move) & (1 << land) != 0 {
                next.crowns = true;
                found(next);
            } else {
                self.extend_jump(next, king, empty, found);
            }
        }
        if !extended && so_far.jumps > 0 {
            found(so_far);
        }
    }

    /// Plays a legal move (unchecked).
    #[inline]
    pub fn play(&mut self, mv: Move) {
        let moved = (1u32 << mv.from) ^ (1u32 << mv.to);
        let (us, them) = match self.to_move {
            Color::Black => (&mut self.black, &mut self.white),
            Color::White => (&mut self.white, &mut self.black),
        };
        *us ^= moved;
        *them &= !mv.captured;
        if self.kings & (1 << mv.from) != 0 {
            self.kings ^= moved;
        }
        self.kings &= !mv.captured;
        if mv.crowns {
            self.kings |= 1 << mv.to;
        }
        self.to_move = self.to_move.other();
    }

    /// Takes back `mv`, the last move played.
    #[inline]
    pub fn undo(&mut self, mv: Move) {
        self.to_move = self.to_move.other();
        let moved = (1u32 << mv.from) ^ (1u32 << mv.to);
        if mv.crowns {
            self.kings &= !(1 << mv.to);
        } else if self.kings & (1 << mv.to) != 0 {
            self.kings ^= moved;
        }
        self.kings |= mv.captured_kings;
        let (us, them) = match self.to_move {
            Color::Black => (&mut self.black, &mut self.white),
            Color::White => (&mut self.white, &mut self.black),
        };
        *us ^= moved;
        *them |= mv.captured;
    }

    /// The Zobrist key of the position and side to move.
    #[inline]
    #[must_use]
    pub fn key(&self) -> u64 {
        let mut key = match self.to_move {
            Color::Black => 0,
            Color::White => ZOBRIST_SIDE,
        };
        let kinds = [
            self.black & !self.kings,
            self.white & !self.kings,
            self.black & self.kings,
            self.white & self.kings,
        ];
        for (kind, mut bits) in kinds.into_iter().enumerate() {
            while bits != 0 {
                let square = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                key ^= ZOBRIST[kind][square];
            }
        }
        key
    }
}

/// SplitMix64: the random numbers of the Zobrist keys.
const fn splitmix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One key per kind of piece (black man, white man, black king, white king) and square.
const ZOBRIST: [[u64; 32]; 4] = {
    let mut keys = [[0; 32]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut square = 0;
        while square < 32 {
            keys[kind][square] =
                splitmix(0x9E37_79B9_7F4A_7C15u64.wrapping_mul((kind * 32 + square + 1) as u64));
            square += 1;
        }
        kind += 1;
    }
    keys
};

/// The key of White to move.
const ZOBRIST_SIDE: u64 = splitmix(0xC0FF_EE00_D15E_A5E5);

/// The grid row and column (0–7, from the top left) of a square index 0–31.
#[must_use]
pub fn row_col(square: u8) -> (usize, usize) {
    let row = usize::from(square / 4);
    let col = usize::from(square % 4) * 2 + usize::from(row % 2 == 0);
    (row, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_the_step_table() {
        for direction in 0..4 {
            for square in 0..32 {
                let expected = match STEPS[direction][square] {
                    NONE => 0,
                    to => 1u32 << to,
                };
                assert_eq!(SHIFTS[direction](1 << square), expected, "{direction} {square}");
            }
        }
    }

    #[test]
    fn squares_sit_where_the_standard_numbering_puts_them() {
        // 1 on b8, 4 on h8, 5 on a7, 29 on a1, 32 on g1.
        assert_eq!(row_col(0), (0, 1));
        assert_eq!(row_col(3), (0, 7));
        assert_eq!(row_col(4), (1, 0));
        assert_eq!(row_col(28), (7, 0));
        assert_eq!(row_col(31), (7, 6));
    }
}
