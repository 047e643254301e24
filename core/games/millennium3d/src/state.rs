//! A game in progress: the position, the repetition keys since the last irreversible move,
//! and the result once reached. Moves and resignations change it only through `play` and
//! `resign`, which decide the end of the game.

use kifu_core::rules::Outcome;
use serde::{Deserialize, Serialize};

use crate::board::Position;
use crate::fen;
use crate::moves::{has_legal_move, in_check, irreversible, legal_moves, play, Move};

/// Plies without a capture or pawn move that end the game as a draw (FIDE's 75-move rule).
pub const SEVENTY_FIVE_MOVES: u32 = 150;
/// How often one position must stand to end the game as a draw (FIDE's fivefold rule).
pub const FIVEFOLD: usize = 5;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub position: Position,
    /// A key for each position since the last irreversible move, this one last.
    pub history: Vec<[u8; 16]>,
    pub result: Option<Outcome>,
}

/// What makes two positions the same for repetition: the men, the side to move, castling
/// rights and an en passant square that can be used.
fn key(pos: &Position) -> [u8; 16] {
    // The clocks never make positions differ; an en passant square nobody can use neither.
    let usable = pos.en_passant.is_some()
        && legal_moves(pos)
            .iter()
            .any(|m| m.special == crate::moves::Special::EnPassant);
    let full = fen::write(pos);
    let kept: Vec<&str> = full.split(' ').take(if usable { 4 } else { 3 }).collect();
    let text = kept.join(" ");
    let hash = blake3::hash(text.as_bytes());
    let mut out = [0; 16];
    out.copy_from_slice(&hash.as_bytes()[..16]);
    out
}

impl State {
    pub fn new(position: Position) -> State {
        let mut state = State {
            history: vec![key(&position)],
            position,
            result: None,
        };
        state.result = state.ending();
        state
    }

    /// Makes a legal move and decides whether the game ends with it.
    pub fn play(&mut self, m: &Move) {
        let next = play(&self.position, m);
        if irreversible(&self.position, m, &next) {
            self.history.clear();
        }
        self.position = next;
        self.history.push(key(&self.position));
        self.result = self.ending();
    }

    /// The side to move gives up.
    pub fn resign(&mut self) {
        let loser = self.position.to_move;
        self.result = Some(Outcome::win(loser.other().seat(), format!("{} resigned", loser.name())));
    }

    fn ending(&self) -> Option<Outcome> {
        let pos = &self.position;
        let us = pos.to_move;
        if !has_legal_move(pos) {
            return Some(if in_check(pos) {
                Outcome::win(us.other().seat(), format!("{} is checkmated", us.name()))
            } else {
                Outcome::draw(format!("stalemate: {} has no legal move", us.name()))
            });
        }
        if pos.halfmove >= SEVENTY_FIVE_MOVES {
            return Some(Outcome::draw("seventy-five moves each without a capture or pawn move"));
        }
        let now = self.history.last()?;
        if self.history.iter().filter(|k| *k == now).count() >= FIVEFOLD {
            return Some(Outcome::draw("the same position for the fifth time"));
        }
        None
    }
}
