//! Tests of the chess engine: perft suites, notation, FEN, game ends and the oracle games.

mod alice;
mod balbo;
mod board_view;
mod congo_naive;
mod congo_notation;
mod fairy_naive;
mod fairy_rules;
mod fen_tests;
mod game_rules;
mod geometry_tests;
mod handbuilt;
mod hex;
mod holes;
mod illegal_moves;
mod notation;
mod oracle_ffish;
mod oracle_games;
mod perft_suites;
mod record_replay;
mod robustness;
mod round_trip;
mod variant_support;
