pub mod pgn;
