//! A game in progress: the position, the positions since the last irreversible move (for
//! repetitions), the draw offer and the result; and the endings found after each move. It
//! changes only through `after_move`, given a move already found legal.

use serde::{Deserialize, Serialize};

use super::board::{Kind, Side};
use super::moves::{has_legal_move, play};
use super::position::{Move, MoveKind, Position};
use super::text::repetition_key;
use kifu_core::rules::Outcome;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub position: Position,
    /// A 16-byte key (blake3 of `text::repetition_key`) of each position since the last
    /// capture, pawn move or lost castling right, the current one last. Never longer than
    /// 151: the seventy-five-move rule ends the game first.
    pub history: Vec<[u8; 16]>,
    /// The seat whose draw offer is on the table.
    pub draw_offer: Option<u8>,
    pub result: Option<Outcome>,
}

fn key(pos: &Position) -> [u8; 16] {
    let hash = blake3::hash(repetition_key(pos).as_bytes());
    let mut out = [0; 16];
    out.copy_from_slice(&hash.as_bytes()[..16]);
    out
}

impl State {
    pub fn new(position: Position) -> State {
        let mut state = State {
            history: vec![key(&position)],
            position,
            draw_offer: None,
            result: None,
        };
        state.result = state.automatic_end();
        state
    }

    /// How many times the current position has stood, this time included.
    pub fn occurrences(&self) -> usize {
        match self.history.last() {
            Some(now) => self.history.iter().filter(|k| *k == now).count(),
            None => 0,
        }
    }

    /// Makes a legal move and finds whether it ended the game.
    pub fn after_move(&mut self, m: &Move, kind: MoveKind) {
        let after = play(&self.position, m, kind);
        if after.halfmove == 0 || after.castling != self.position.castling {
            self.history.clear();
        }
        self.history.push(key(&after));
        self.position = after;
        self.result = self.automatic_end();
    }

    /// Why a draw may be claimed now, if it may.
    pub fn claim(&self) -> Option<&'static str> {
        if self.occurrences() >= 3 {
            Some("threefold repetition, claimed")
        } else if self.position.halfmove >= 100 {
            Some("fifty moves without a capture or a pawn move, claimed")
        } else {
            None
        }
    }

    /// The endings that need no claim: checkmate, stalemate, a position where no mate can
    /// follow, fivefold repetition, seventy-five moves without a capture or a pawn move.
    fn automatic_end(&self) -> Option<Outcome> {
        let pos = &self.position;
        let side = pos.turn;
        if !has_legal_move(pos) {
            return Some(if pos.in_check(side) {
                Outcome::win(side.other().seat(), format!("{} is checkmated", side.name()))
            } else {
                Outcome::draw(format!("stalemate: {} has no legal move", side.name()))
            });
        }
        if no_mate_possible(pos) {
            return Some(Outcome::draw(
                "neither side can ever mate (a king and at most a bishop or a knight against a bare king)",
            ));
        }
        if self.occurrences() >= 5 {
            return Some(Outcome::draw("fivefold repetition"));
        }
        if pos.halfmove >= 150 {
            return Some(Outcome::draw("seventy-five moves without a capture or a pawn move"));
        }
        None
    }
}

/// King against king, or king and one bishop or knight against a bare king: no sequence of
/// moves mates, on any board and so on this one.
fn no_mate_possible(pos: &Position) -> bool {
    let others: Vec<(Side, Kind)> = pos
        .board
        .values()
        .filter(|p| p.kind != Kind::King)
        .map(|p| (p.side, p.kind))
        .collect();
    match others.as_slice() {
        [] => true,
        [(_, kind)] => matches!(kind, Kind::Bishop | Kind::Knight),
        _ => false,
    }
}
