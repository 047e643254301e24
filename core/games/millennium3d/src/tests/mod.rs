//! The crate's tests: the rules' examples, the notation and PGN, perft against a naive
//! generator written from the rules alone, and random playouts.

mod naive;
mod perft;
mod playout;
mod rules;
mod text;
