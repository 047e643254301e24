//! FEN and EPD, read and written: X-FEN and Shredder-FEN castling, crazyhouse pockets in
//! brackets or as an extra rank with `~` promoted markers, three-check counters in both
//! dialects, holes of the board as `*` (one per hole, as Fairy-Stockfish writes walls).
//! Reading (`read`) refuses an illegal position with a reason and never panics on text;
//! writing (`write`) never fails.

mod read;
mod write;

pub use read::{parse_epd, parse_fen, parse_fen_on, parse_state_fen};
pub use write::{castling_text, shown_ep, to_epd, to_epd_showing, to_epd_with, to_fen, to_fen_showing};
