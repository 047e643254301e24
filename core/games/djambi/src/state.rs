//! A Djambi game between entries: the board, whose turn it is and whose regular turn it was,
//! the count toward the quiet-game draw, and the result. It changes only through `play`,
//! which assumes a legal move; the surrender of pieces, encirclement and the turn order
//! after each move are worked out here.

use serde::{Deserialize, Serialize};

use super::board::{Board, Kind, Piece, Square, COLOUR_NAMES, DIRECTIONS, MAZE};
use super::moves::{make, moves, Move};
use kifu_core::rules::Outcome;

pub const SEATS: u8 = 4;
/// kifu's own end (the published rules have none): the game is drawn once this many moves in
/// a row have killed nobody. Kills are finite (36 pieces), so every game ends.
pub const QUIET_LIMIT: u32 = 100;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub board: Board,
    /// The seat to move now.
    pub to_move: u8,
    /// The seat whose regular turn is now, or was last: the turn goes on from it. When it
    /// differs from `to_move`, the player in power is taking the extra turn it has after
    /// each other player.
    pub regular: u8,
    /// Moves in a row that killed nobody.
    pub quiet: u32,
    pub plies: u32,
    pub outcome: Option<Outcome>,
    /// The last move's canonical text, with who made it.
    pub last: Option<String>,
}

/// A colour's name for messages: `red (p1)`.
pub fn seat_name(seat: u8) -> String {
    format!("{} (p{})", COLOUR_NAMES[usize::from(seat)], seat + 1)
}

impl State {
    pub fn new(board: Board, to_move: u8, regular: u8, quiet: u32, plies: u32) -> State {
        let mut state = State {
            board,
            to_move,
            regular,
            quiet,
            plies,
            outcome: None,
            last: None,
        };
        state.outcome = state.result();
        state
    }

    /// A seat is in the game while it controls a living chief.
    pub fn alive(&self, seat: u8) -> bool {
        self.board.chief_of(seat).is_some()
    }

    pub fn legal(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        moves(&self.board, self.to_move)
    }

    /// Plays a legal move (`None`: the player passes, having no move).
    pub fn play(&mut self, mv: Option<&Move>, text: &str) {
        let mover = self.to_move;
        let mut killed = 0;
        if let Some(mv) = mv {
            if let Some(victim) = make(&mut self.board, mv) {
                killed += 1;
                if victim.kind == Kind::Chief {
                    if let Some(loser) = victim.owner {
                        self.hand_over(loser, Some(mover));
                    }
                }
            }
        }
        killed += self.encircle();
        self.adopt_unowned();
        self.quiet = if killed > 0 { 0 } else { self.quiet + 1 };
        self.plies = self.plies.saturating_add(1);
        self.last = Some(format!("{} {text}", COLOUR_NAMES[usize::from(mover)]));
        self.advance(mover);
        self.outcome = self.result();
    }

    /// The living pieces of `loser` go to `to` (nobody, when `None`).
    fn hand_over(&mut self, loser: u8, to: Option<u8>) {
        let theirs: Vec<(Square, Piece)> = self
            .board
            .pieces()
            .filter(|(_, p)| p.alive && p.owner == Some(loser))
            .collect();
        for (square, piece) in theirs {
            self.board.put(square, Some(Piece { owner: to, ..piece }));
        }
    }

    /// A chief outside the Labyrinth with a corpse on every square around it, whose player
    /// controls no living necromobile, dies there; the player's pieces go to the player in
    /// power, or to nobody. Repeated until nothing changes; returns the chiefs that died.
    fn encircle(&mut self) -> u32 {
        let mut died = 0;
        loop {
            let trapped = (0..SEATS).find_map(|seat| {
                let chief = self.board.chief_of(seat)?;
                let necromobile = self
                    .board
                    .pieces()
                    .any(|(_, p)| p.alive && p.kind == Kind::Necromobile && p.owner == Some(seat));
                let walled = DIRECTIONS
                    .iter()
                    .filter_map(|d| chief.step(*d))
                    .all(|s| self.board.at(s).is_some_and(|p| !p.alive));
                (chief != MAZE && !necromobile && walled).then_some((seat, chief))
            });
            let Some((seat, chief)) = trapped else { break };
            self.board.put(chief, Some(Piece::corpse(Kind::Chief)));
            let heir = self.board.in_power().filter(|p| *p != seat);
            self.hand_over(seat, heir);
            died += 1;
        }
        died
    }

    /// Pieces that belong to nobody go to a chief as soon as one is in power.
    fn adopt_unowned(&mut self) {
        let Some(ruler) = self.board.in_power() else { return };
        let unowned: Vec<(Square, Piece)> = self
            .board
            .pieces()
            .filter(|(_, p)| p.alive && p.owner.is_none())
            .collect();
        for (square, piece) in unowned {
            self.board.put(
                square,
                Some(Piece {
                    owner: Some(ruler),
                    ..piece
                }),
            );
        }
    }

    /// Whose turn follows `mover`'s: the player in power after each other player; otherwise
    /// the next player in the game after the last regular turn, passing over the one in power.
    fn advance(&mut self, mover: u8) {
        let ruler = self.board.in_power();
        if let Some(ruler) = ruler.filter(|r| *r != mover) {
            self.to_move = ruler;
            return;
        }
        let next = (1..=SEATS)
            .map(|step| (self.regular + step) % SEATS)
            .find(|seat| self.alive(*seat) && Some(*seat) != ruler)
            .or(ruler)
            .unwrap_or(mover);
        self.to_move = next;
        self.regular = next;
    }

    fn result(&self) -> Option<Outcome> {
        let living: Vec<u8> = (0..SEATS).filter(|s| self.alive(*s)).collect();
        match living.as_slice() {
            [] => Some(Outcome::draw("no chief is left alive")),
            [winner] => Some(Outcome::win(
                *winner,
                format!("the last chief alive is {}'s", COLOUR_NAMES[usize::from(*winner)]),
            )),
            _ if self.quiet >= QUIET_LIMIT => Some(Outcome::draw(format!(
                "{QUIET_LIMIT} moves in a row without a kill (kifu's rule)"
            ))),
            _ => None,
        }
    }
}
