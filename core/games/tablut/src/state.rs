//! A Tablut game between entries: the board, the side to move, the positions seen (for
//! repetition) and the result. It changes only through `play`, which assumes a legal move.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::board::{Board, Piece, Side};
use super::moves::{can_move, make, side_moves, Move};
use super::ruleset::{Preset, RuleSet};
use kifu_core::rules::Outcome;

/// Ashton (pytablut): the game is drawn once this many plies have been made without a result.
pub const ASHTON_PLY_LIMIT: u32 = 301;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub rules: RuleSet,
    pub board: Board,
    pub to_move: Side,
    pub plies: u32,
    /// How often each position has stood (its key: the board, and the side to move except
    /// under Ashton, whose server counts boards alone), the start included.
    pub seen: BTreeMap<String, u32>,
    pub outcome: Option<Outcome>,
    /// The last move's canonical text.
    pub last: Option<String>,
}

impl State {
    pub fn new(rules: RuleSet, board: Board, to_move: Side) -> State {
        let mut state = State {
            rules,
            board,
            to_move,
            plies: 0,
            seen: BTreeMap::new(),
            outcome: None,
            last: None,
        };
        let key = state.key();
        state.seen.insert(key, 1);
        state.outcome = state.no_move_outcome();
        state
    }

    fn key(&self) -> String {
        match self.rules.preset {
            Preset::Ashton => self.board.write(),
            _ => format!("{} {}", self.board.write(), self.to_move.name()),
        }
    }

    pub fn legal(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        side_moves(&self.rules, &self.board, self.to_move)
    }

    /// Plays a legal move; returns the squares it emptied (the king last).
    pub fn play(&mut self, mv: Move, text: &str) -> Vec<super::board::Square> {
        let mover = self.to_move;
        let taken = make(&self.rules, &mut self.board, mv);
        self.plies += 1;
        self.to_move = mover.other();
        let key = self.key();
        let count = {
            let entry = self.seen.entry(key).or_insert(0);
            *entry += 1;
            *entry
        };
        self.last = Some(format!("{} {text}", mover.name()));
        self.outcome = self.result(count);
        taken
    }

    fn result(&self, repeated: u32) -> Option<Outcome> {
        let Some(king) = self.board.king() else {
            return Some(Outcome::win(Side::Black.seat(), "the king is captured"));
        };
        if self.rules.is_escape(king) {
            return Some(Outcome::win(Side::White.seat(), format!("the king escapes to {king}")));
        }
        if self.rules.preset == Preset::Ashton {
            // pytablut checks both sides after every move, white first, then repetition.
            for side in [Side::White, Side::Black] {
                let pieces = self.board.all().any(|(_, p)| p.side() == side);
                if pieces && !can_move(&self.rules, &self.board, side) {
                    let why = format!("{} cannot move", side.name());
                    return Some(Outcome::win(side.other().seat(), why));
                }
            }
        }
        if repeated >= 3 {
            return Some(Outcome::draw("the same position stood a third time"));
        }
        if self.rules.preset == Preset::Ashton && self.plies >= ASHTON_PLY_LIMIT {
            return Some(Outcome::draw(format!("{ASHTON_PLY_LIMIT} plies without a result")));
        }
        self.no_move_outcome()
    }

    /// The side to move loses when it has no move (under Ashton: no piece at all).
    fn no_move_outcome(&self) -> Option<Outcome> {
        if !can_move(&self.rules, &self.board, self.to_move) {
            let side = self.to_move;
            let why = if self.board.all().any(|(_, p)| p.side() == side) {
                format!("{} cannot move", side.name())
            } else {
                format!("{} has no piece left", side.name())
            };
            return Some(Outcome::win(side.other().seat(), why));
        }
        None
    }

    pub fn soldiers(&self, piece: Piece) -> usize {
        self.board.count(piece)
    }
}
