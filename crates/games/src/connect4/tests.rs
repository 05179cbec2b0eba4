//! Unit tests of the board, the notation and the solver on small positions.

use super::*;
