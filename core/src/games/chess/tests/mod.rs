//! Tests of the chess engine: perft suites, notation, FEN, game ends and the oracle games.

mod perft_suites;
mod oracle_games;
mod notation;
mod fen_tests;
mod game_rules;
