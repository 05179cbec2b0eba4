//! Chess in the catalogue: levels of the strong search ([`super::search_config`]: negamax
//! with every technique on, the tapered PeSTO evaluation) by time per move,
//! positions as FEN (or `startpos`, optionally followed by `moves` and the moves played, as
//! UCI writes it, so that repetitions are seen), the fast perft.

use std::time::Duration;

use alphabeta_engine::{Limits, Score, SearchResult, Searcher, Source, SplitMix64, Stats};

use super::perft::{Perft, PerftConfig};
use super::{Chess, Color, Move, Piece, Square};
use crate::entry::{
    merge_limits, timed_level, Board, Entry, Highlights, LevelError, LevelInfo, MoveSquares,
    OpeningBook, PerftOptions, Player, Resources, Solve, SolveOptions, TIMED_LEVELS,
};
use crate::prove::Prover;
use crate::Notation;

/// The budgets of a level (one of [`Entry::levels`]): its depth limit and its time a move;
/// `None` for a level chess does not have. UCI reads its levels here.
#[must_use]
pub fn level_limits(level: &str) -> Option<Limits> {
    timed_level("chess", level).ok().map(|(depth, time)| Limits {
        depth: Some(depth),
        time: Some(time),
        ..Limits::default()
    })
}

/// Knobs of [`Strength::at_knob`] with the Elo measured at them, weakest first: each knob
/// matched against Debian's Stockfish 15.1 with `UCI_LimitStrength` at one `UCI_Elo`, 10 s +
/// 0.1 s, its Elo Stockfish's plus the match's Elo difference, then made increasing by pooling
/// neighbours measured out of order (a pooled pair stands at its mean knob and mean Elo):
/// docs/chess.md, "`UCI_Elo` calibrated against Stockfish". [`Strength::for_elo`] interpolates
/// between them, so a requested Elo plays the knob measured at that strength.
const CALIBRATION: [(u32, u32); 5] =
    [(200, 1049), (400, 1477), (800, 1609), (1100, 1898), (1330, 2038)];

/// The weakest `UCI_Elo`: the weakest measured setting's.
pub const ELO_MIN: u32 = CALIBRATION[0].1;
/// The strongest `UCI_Elo`: the strongest measured setting's (full strength is stronger).
pub const ELO_MAX: u32 = CALIBRATION[CALIBRATION.len() - 1].1;

/// The strongest knob of [`Strength::at_knob`].
const KNOB_MAX: u32 = 1400;

/// How a human-strength opponent plays (UCI's `UCI_LimitStrength` and `UCI_Elo`): a search
/// of at most `nodes` positions with `lines` MultiPV lines, then a move chosen at random among
/// the lines within `margin` centipawns of the best (the closer, the likelier).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The node budget of a move.
    pub nodes: u64,
    /// The lines searched (MultiPV).
    pub lines: usize,
    /// How much worse than the best line, in centipawns, a move chosen may be.
    pub margin: i32,
}

impl Strength {
    /// The strength measured at `elo` (brought into `ELO_MIN..=ELO_MAX`): the knob
    /// interpolated linearly between the two calibrated settings around it.
    #[must_use]
    pub fn for_elo(elo: u32) -> Self {
        let elo = elo.clamp(ELO_MIN, ELO_MAX);
        let knob = CALIBRATION.windows(2).find(|pair| elo <= pair[1].1).map_or(KNOB_MAX, |pair| {
            let ((low_knob, low_elo), (high_knob, high_elo)) = (pair[0], pair[1]);
            low_knob + (elo - low_elo) * (high_knob - low_knob) / (high_elo - low_elo)
        });
        Self::at_knob(knob)
    }

    /// The setting of knob `knob` (brought into `0..=1400`): 500 nodes at 0, twice as many
    /// every 133 (737,406 at 1400), 4 lines, a margin of (1400 - knob) / 10 centipawns (140 at
    /// 0, none at 1400).
    #[must_use]
    pub fn at_knob(knob: u32) -> Self {
        let knob = knob.min(KNOB_MAX);
        let doublings = f64::from(knob) / 133.0;
        Self {
            nodes: (500.0 * doublings.exp2()).round() as u64,
            lines: 4,
            margin: ((KNOB_MAX - knob) / 10) as i32,
        }
    }

    /// The index of the line to play among `lines` (best first): one within the margin of the
    /// best, drawn with weights `margin + 1 - (best - score)`; the best when it is a win or a
    /// loss (a decisive line is never traded away) or when no line is given.
    pub fn choose(&self, lines: &[alphabeta_engine::PvLine<Move>], rng: &mut SplitMix64) -> usize {
        let Some(best) = lines.first().map(|line| line.score) else { return 0 };
        if best.is_win() || best.is_loss() {
            return 0;
        }
        let weights: Vec<u64> = lines
            .iter()
            .map(|line| {
                let behind = i64::from(best.raw()) - i64::from(line.score.raw());
                let decisive = line.score.is_win() || line.score.is_loss();
                let weight = i64::from(self.margin) + 1 - behind;
                if decisive || weight <= 0 {
                    0
                } else {
                    weight as u64
                }
            })
            .collect();
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut pick = rng.next_u64() % total;
        for (index, weight) in weights.iter().enumerate() {
            if pick < *weight {
                return index;
            }
            pick -= weight;
        }
        0
    }
}

/// What `analyse` searches when no budget is given (chess is not solved, so its values are
/// heuristic unless a mate is found): this depth, within this time (`solve`'s mate search
/// too).
const ANALYSIS_DEPTH: u32 = 4;
const ANALYSIS_TIME: Duration = Duration::from_secs(5);

/// How far `solve`'s mate search looks when no depth is given, in plies (mate in 3).
const MATE_SEARCH_PLIES: u32 = 5;

/// The grid cell of a square: rank 8 on the top row, file a on the left.
fn cell(square: Square) -> usize {
    (7 - square.rank() as usize) * 8 + square.file() as usize
}

/// The squares a move is clicked from and to, as people see it (castling: the king's two
/// squares, from its UCI text).
fn squares(game: &Chess, mv: Move) -> (Square, Square) {
    let text = game.uci(mv);
    let to = text.get(2..4).and_then(|to| to.parse::<Square>().ok()).unwrap_or(mv.to);
    (mv.from, to)
}

/// The token of a piece on the page: `wK`, `bp`, ...
fn token(color: Color, piece: Piece) -> String {
    let letter = match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    };
    match color {
        Color::White => format!("w{letter}"),
        Color::Black => format!("b{letter}"),
    }
}

/// The strong search ([`super::search_config`]) with repetitions inside the search path
/// counted as draws.
struct ChessSearch {
    searcher: Searcher,
}

impl ChessSearch {
    fn new(depth: u32, time: Duration, resources: &Resources) -> Result<Self, LevelError> {
        let mut config = super::search_config(resources.threads, resources.table_bytes);
        config.limits.depth = Some(depth);
        config.limits.time = Some(time);
        let searcher = Searcher::try_new(config).map_err(|error| LevelError(error.to_string()))?;
        Ok(Self { searcher })
    }

    fn search(&mut self, game: &Chess, limits: &Limits) -> SearchResult<Move> {
        let saved = self.searcher.config().limits.clone();
        self.searcher.config_mut().limits = merge_limits(&saved, limits);
        let mut position = game.clone();
        position.set_search_root();
        let result = self.searcher.search_parallel(&mut position);
        self.searcher.config_mut().limits = saved;
        result
    }
}

impl Player<Chess> for ChessSearch {
    fn think(&mut self, game: &Chess, limits: &Limits) -> SearchResult<Move> {
        self.search(game, limits)
    }
}

/// Chess's solver: a mate search proves what `solve` reports; `analyse` values every move
/// with the strong search (heuristic, unless it proves a mate or a draw).
struct ChessSolver {
    mates: Prover,
    search: ChessSearch,
}

impl Solve<Chess> for ChessSolver {
    fn solve(&mut self, game: &Chess) -> SearchResult<Move> {
        self.mates.prove(game)
    }

    fn analyse(&mut self, game: &Chess) -> Vec<(Move, SearchResult<Move>)> {
        let mut position = game.clone();
        position.set_search_root();
        self.search.searcher.analyse(&mut position)
    }
}

/// A level that plays from a Polyglot book while the book has a move of positive weight for
/// the position (chosen by weight), and searches from there on. A book move is not searched:
/// its value is not known. An entry the position cannot play is passed over for the search
/// (the library does not print; `alphabeta uci` names it).
struct BookPlayer {
    book: super::polyglot::Book,
    rng: SplitMix64,
    search: ChessSearch,
}

impl Player<Chess> for BookPlayer {
    fn think(&mut self, game: &Chess, limits: &Limits) -> SearchResult<Move> {
        match self.book.choose(game.board(), &mut self.rng) {
            Ok(Some(mv)) => SearchResult {
                best_move: Some(mv),
                score: -Score::INFINITY,
                exact: false,
                pv: vec![mv],
                stats: Stats::default(),
                aborted: false,
                root_moves: Vec::new(),
                lines: Vec::new(),
                source: Source::Book,
            },
            Ok(None) | Err(_) => self.search.think(game, limits),
        }
    }
}

impl Entry for Chess {
    const TITLE: &'static str = "Chess";
    const ALIASES: &'static [&'static str] = &["international-chess"];
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const RULES: &'static str = "The rules of chess (FIDE): castling, en passant, promotion; \
        checkmate wins; stalemate, the fifty-move rule, threefold repetition and insufficient \
        material are draws. White moves first.";
    const MOVE_HELP: &'static str = "UCI (e2e4, e7e8q, e1g1) or SAN (Nf3, exd5, O-O, e8=Q)";
    const POSITION_HELP: &'static str = "FEN, or startpos; either may be followed by `moves` \
        and the moves played (startpos moves e2e4 e7e5)";
    const FORCED_WIN: &'static str = "mate";

    fn starters() -> Vec<&'static str> {
        vec!["White"]
    }

    fn start(first: &str) -> Option<Self> {
        first.eq_ignore_ascii_case("white").then(Chess::new)
    }

    /// FEN or `startpos`, then optionally `moves` and moves in UCI or SAN.
    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let (fen, moves) = match text.split_once(" moves") {
            Some((fen, moves)) => (fen, moves),
            None => (text, ""),
        };
        let mut game = Chess::from_fen(fen).map_err(|error| error.to_string())?;
        for (index, mv) in moves.split_whitespace().enumerate() {
            game.play_text(mv)
                .map_err(|error| format!("move {} after `moves`: {error}", index + 1))?;
        }
        crate::entry::with_side_named(game, to_move)
    }

    fn board(&self) -> Board {
        let mut cells = vec![String::new(); 64];
        for square in Square::ALL {
            if let (Some(piece), Some(color)) =
                (self.board().piece_on(square), self.board().color_on(square))
            {
                cells[cell(square)] = token(color, piece);
            }
        }
        Board::chess_grid(cells)
    }

    fn move_squares(&self, mv: Move) -> MoveSquares {
        let (from, to) = squares(self, mv);
        MoveSquares { from: Some(cell(from)), squares: vec![cell(to)] }
    }

    /// The king of the side to move, when it is in check.
    fn highlights(&self) -> Highlights {
        let check = if self.in_check() {
            vec![cell(self.board().king(self.side_to_move()))]
        } else {
            Vec::new()
        };
        Highlights { win: Vec::new(), check }
    }

    fn builders() -> Vec<crate::build::Builder> {
        vec![super::build::BUILDER]
    }

    fn levels() -> Vec<LevelInfo> {
        TIMED_LEVELS.iter().map(|(info, _, _)| *info).collect()
    }

    fn default_level() -> &'static str {
        "medium"
    }

    fn player(level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError> {
        let (depth, time) = timed_level("chess", level)?;
        let search = ChessSearch::new(depth, time, resources)?;
        match &resources.book {
            OpeningBook::File(path) => {
                let book = super::polyglot::Book::read(path)
                    .map_err(|error| LevelError(error.to_string()))?;
                let seed = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |since| since.as_nanos() as u64);
                Ok(Box::new(BookPlayer { book, rng: SplitMix64::new(seed), search }))
            }
            _ => Ok(Box::new(search)),
        }
    }

    /// Chess is not solved: `solve` is a mate search within the budget (5 plies and at
    /// most 5 s when none is given), which reports a mate it proves or how far it looked;
    /// `analyse` a deepening search (4 plies, 5 s), exact only when it proves a mate or a
    /// draw.
    fn solver(options: &SolveOptions) -> Result<Box<dyn Solve<Self>>, LevelError> {
        let time = options.limits.time.unwrap_or(ANALYSIS_TIME);
        let depth = options.limits.depth.unwrap_or(ANALYSIS_DEPTH);
        let mut search = ChessSearch::new(depth, time, &options.resources)?;
        search.searcher.config_mut().limits.nodes = options.limits.nodes;
        search.searcher.config_mut().limits.stop = options.limits.stop.clone();
        let limits = Limits { time: Some(time), ..options.limits.clone() };
        let mates = Prover::new(limits, MATE_SEARCH_PLIES);
        Ok(Box::new(ChessSolver { mates, search }))
    }

    /// The fast perft: bulk counting at the last ply, the table of counts, threads.
    fn perft(
        &self,
        depth: u32,
        options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> u64 {
        let config =
            PerftConfig { hash_mib: options.hash_bytes >> 20, threads: options.threads.max(1) };
        match Perft::new(&config) {
            Ok(runner) => {
                runner.count(self.board(), depth, &mut |done| progress(done.done, done.total))
            }
            Err(_) => super::perft::perft(self.board(), depth),
        }
    }

    /// The fast divide: one runner, so one table, for every first move.
    fn divide(
        &self,
        depth: u32,
        options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(Move, u64)> {
        let config =
            PerftConfig { hash_mib: options.hash_bytes >> 20, threads: options.threads.max(1) };
        match Perft::new(&config) {
            Ok(runner) => {
                runner.divide(self.board(), depth, &mut |done| progress(done.done, done.total))
            }
            Err(_) => super::perft::divide(self.board(), depth),
        }
    }

    // The score and the moves as chess players read them (Play: score text, SAN).

    /// Pawns from the side to move's view, as engines show it ("+0.35", "-1.20", "0.00"),
    /// or the moves to mate ("mate in 3", "mated in 2"; "mated" when it is already); a
    /// proven draw is "draw".
    fn score_text(&self, score: alphabeta_engine::Score, exact: bool) -> String {
        let moves = |plies: u32| plies.div_ceil(2);
        match (score.is_win(), score.is_loss(), score.plies()) {
            (true, _, Some(plies)) => format!("mate in {}", moves(plies)),
            (_, true, Some(0)) => "mated".to_string(),
            (_, true, Some(plies)) => format!("mated in {}", moves(plies)),
            (true, _, None) => "mate".to_string(),
            (_, true, None) => "mated".to_string(),
            _ if exact && score == alphabeta_engine::Score::DRAW => "draw".to_string(),
            _ => {
                let centipawns = score.raw();
                let sign = match centipawns.signum() {
                    1 => "+",
                    -1 => "-",
                    _ => "",
                };
                let magnitude = centipawns.unsigned_abs();
                format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
            }
        }
    }

    /// A proven mate as players say it: "White mates in 3" (in the mating side's moves).
    fn proven_words(&self, score: alphabeta_engine::Score) -> Option<String> {
        let plies = score.plies().filter(|&plies| plies > 0)?;
        let winner = self.side_name(score.is_win());
        (score.is_win() || score.is_loss())
            .then(|| format!("{winner} mates in {}", plies.div_ceil(2)))
    }

    /// SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`, `Qh4#`).
    fn move_words(&self, mv: Move) -> String {
        self.san(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_engine::PvLine;

    #[test]
    fn the_strength_of_a_knob_is_the_documented_one() {
        let strength = |knob| {
            let Strength { nodes, lines, margin } = Strength::at_knob(knob);
            (nodes, lines, margin)
        };
        assert_eq!(strength(0), (500, 4, 140));
        assert_eq!(strength(532), (8000, 4, 86));
        assert_eq!(strength(1400), (737_406, 4, 0));
        assert_eq!(strength(3000), strength(1400));
    }

    #[test]
    fn an_elo_plays_the_knob_calibrated_at_it() {
        for pair in CALIBRATION.windows(2) {
            assert!(pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1, "{pair:?}");
        }
        for (knob, elo) in CALIBRATION {
            assert_eq!(Strength::for_elo(elo), Strength::at_knob(knob), "{elo}");
        }
        assert_eq!(Strength::for_elo(0), Strength::for_elo(ELO_MIN));
        assert_eq!(Strength::for_elo(u32::MAX), Strength::at_knob(CALIBRATION[4].0));
        // Stronger asked, never weaker played: more nodes, a narrower margin.
        let mut last = Strength::for_elo(ELO_MIN);
        for elo in ELO_MIN..=ELO_MAX {
            let strength = Strength::for_elo(elo);
            assert!(strength.nodes >= last.nodes && strength.margin <= last.margin, "{elo}");
            last = strength;
        }
    }

    #[test]
    fn a_weaker_line_is_chosen_only_within_the_margin() {
        let line = |score: Score| PvLine { score, exact: false, pv: Vec::new() };
        let lines =
            [line(Score::heuristic(50)), line(Score::heuristic(40)), line(Score::heuristic(-200))];
        let mut rng = SplitMix64::new(3);
        let mut chosen = [0; 3];
        for _ in 0..1000 {
            chosen[Strength::at_knob(0).choose(&lines, &mut rng)] += 1;
        }
        // Weights 141 and 131: the third line is 250 centipawns behind.
        assert!(chosen[0] > 400 && chosen[1] > 400 && chosen[2] == 0, "{chosen:?}");
        for _ in 0..100 {
            assert_eq!(Strength::at_knob(KNOB_MAX).choose(&lines, &mut rng), 0);
        }
        let winning = [line(Score::win_in(3)), line(Score::heuristic(900))];
        assert_eq!(Strength::at_knob(0).choose(&winning, &mut rng), 0);
    }
}
