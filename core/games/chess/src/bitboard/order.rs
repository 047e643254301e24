//! The legal moves in the general engine's order, so that the fast path's list is `movegen`'s
//! move for move (the rules, SAN and the listed commands see one order): pieces by square,
//! each piece's targets in the standard geometry's own walk order (rays outward, orthogonal
//! first; leaper tables; a pawn's step, double step, then captures), castling last, queenside
//! first. It never decides legality: `legal` does.

use std::sync::OnceLock;

use super::attacks::{Set, RANK_1, RANK_8};
use super::board::Board;
use super::legal::{squares, Sink, PROMOTIONS};
use crate::geometry::Geometry;
use crate::piece::{Color, Role, ROLES};
use crate::position::{Move, MoveKind};

/// A square's walk: the squares a piece there may reach, in the order the general engine
/// tries them.
#[derive(Clone, Copy)]
struct Walk {
    len: u8,
    squares: [u8; 27],
}

impl Walk {
    const EMPTY: Walk = Walk {
        len: 0,
        squares: [0; 27],
    };
    fn push(&mut self, sq: u8) {
        self.squares[self.len as usize] = sq;
        self.len += 1;
    }
    fn squares(&self) -> &[u8] {
        &self.squares[..self.len as usize]
    }
}

/// Per square, the walks of the standard board: a queen's (a rook's or a bishop's targets
/// come in the same order within it), a knight's, a king's, and per colour a pawn's.
struct Walks {
    slider: [Walk; 64],
    knight: [Walk; 64],
    king: [Walk; 64],
    pawn: [[Walk; 64]; 2],
}

fn walks() -> &'static Walks {
    static WALKS: OnceLock<Box<Walks>> = OnceLock::new();
    WALKS.get_or_init(|| {
        let geo = Geometry::standard();
        let mut w = Box::new(Walks {
            slider: [Walk::EMPTY; 64],
            knight: [Walk::EMPTY; 64],
            king: [Walk::EMPTY; 64],
            pawn: [[Walk::EMPTY; 64]; 2],
        });
        for from in 0..64u8 {
            let f = from as usize;
            for d in geo.slides(Role::Queen) {
                for &to in geo.ray(from, d) {
                    w.slider[f].push(to);
                }
            }
            for &to in geo.knight.get(f) {
                w.knight[f].push(to);
            }
            for &to in geo.king.get(f) {
                w.king[f].push(to);
            }
            for color in [Color::White, Color::Black] {
                let walk = &mut w.pawn[color.index()][f];
                if let Some(one) = geo.forward(color, from) {
                    walk.push(one);
                    if let Some(two) = geo.forward(color, one) {
                        walk.push(two);
                    }
                }
                for &to in geo.pawn_attacks(color, from) {
                    walk.push(to);
                }
            }
        }
        w
    })
}

/// Collects the legal moves by square, to write them out in order.
pub struct Ordered {
    /// Per square of the side to move, the squares its piece may go to.
    targets: [Set; 64],
    /// The squares with at least one move.
    movers: Set,
    /// The castling moves, `[QUEENSIDE, KINGSIDE]`.
    castles: [Option<Move>; 2],
}

impl Default for Ordered {
    fn default() -> Ordered {
        Ordered {
            targets: [0; 64],
            movers: 0,
            castles: [None; 2],
        }
    }
}

impl Ordered {
    fn add(&mut self, from: u8, targets: Set) {
        if targets != 0 {
            self.targets[from as usize] |= targets;
            self.movers |= 1 << from;
        }
    }

    /// Appends the moves to `out` in the general engine's order.
    pub fn write(&self, board: &Board, out: &mut Vec<Move>) {
        let walks = walks();
        let us = board.turn;
        let last = if us == Color::White { RANK_8 } else { RANK_1 };
        for from in squares(self.movers) {
            let f = from as usize;
            let Some(role) = ROLES.into_iter().find(|r| board.by_role[r.index()] & (1 << from) != 0) else {
                continue;
            };
            let walk = match role {
                Role::Pawn => &walks.pawn[us.index()][f],
                Role::Knight => &walks.knight[f],
                Role::King => &walks.king[f],
                _ => &walks.slider[f],
            };
            let targets = self.targets[f];
            for &to in walk.squares().iter().filter(|&&to| targets & (1 << to) != 0) {
                let mut m = Move {
                    role,
                    from,
                    to,
                    promotion: None,
                    kind: MoveKind::Normal,
                };
                if role == Role::Pawn {
                    if last & (1 << to) != 0 {
                        for p in PROMOTIONS {
                            out.push(Move {
                                promotion: Some(p),
                                ..m
                            });
                        }
                        continue;
                    }
                    if to.abs_diff(from) == 16 {
                        m.kind = MoveKind::DoublePush;
                    } else if board.ep == Some(to) && to % 8 != from % 8 {
                        m.kind = MoveKind::EnPassant;
                    }
                }
                out.push(m);
            }
        }
        out.extend(self.castles.iter().flatten());
    }
}

impl Sink for Ordered {
    fn piece(&mut self, _: Role, from: u8, targets: Set) {
        self.add(from, targets);
    }
    fn pawns(&mut self, targets: Set, back: i8, _: MoveKind) {
        for to in squares(targets) {
            self.add((to as i8 - back) as u8, 1 << to);
        }
    }
    fn promotions(&mut self, targets: Set, back: i8) {
        self.pawns(targets, back, MoveKind::Normal);
    }
    fn one(&mut self, m: Move) {
        if m.kind == MoveKind::Castle {
            self.castles[usize::from(m.to % 8 > m.from % 8)] = Some(m);
        } else {
            self.add(m.from, 1 << m.to);
        }
    }
}
