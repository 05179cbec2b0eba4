//! How often seed 003's textbook cut (`beta <= alpha`) picks another move than its strict cut
//! (which always agrees with minimax), on 2,000 positions sampled from random games.
//!
//! Run: `cargo run --release -p alphabeta-games --example hare_wolves_cuts`.

use alphabeta_engine::CutRule;
use alphabeta_games::hare_wolves::{article, players::sample_positions};
use alphabeta_games::Notation;

fn main() {
    let positions = sample_positions(2000, 5);
    for depth in [2u32, 4, 6, 8] {
        let mut differ = 0;
        let mut example = None;
        for position in &positions {
            let strict = article::search(position, depth, CutRule::Strict);
            let standard = article::search(position, depth, CutRule::Standard);
            assert_eq!(strict.value, standard.value, "the cut never changes the value");
            if let (Some(a), Some(b)) = (strict.best_move, standard.best_move) {
                if a != b {
                    differ += 1;
                    example.get_or_insert_with(|| {
                        format!(
                            "{}: strict {}, standard {}",
                            position.position_text(),
                            position.move_text(a),
                            position.move_text(b)
                        )
                    });
                }
            }
        }
        println!(
            "depth {depth}: {differ}/{} positions differ; first: {}",
            positions.len(),
            example.unwrap_or_default()
        );
    }
}
