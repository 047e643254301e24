//! The legal moves in the general engine's order, so that the fast path's list is `movegen`'s
//! move for move (the rules, SAN and the listed commands see one order): pieces by square,
//! each piece's targets in the standard geometry's own walk order (rays outward, orthogonal
//! first, each ray's targets taken from its set nearest first; leaper tables; a pawn's step,
//! double step, then captures), castling last, queenside
//! first. It never decides legality: `legal` does.

use std::sync::OnceLock;

use super::attacks::{Set, RANK_1, RANK_8};
use super::board::Board;
use super::legal::{squares, Sink, PROMOTIONS};
use crate::geometry::Geometry;
use crate::movegen::simple;
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind};

/// A square's walk: the squares a leaper or a pawn there may reach, in the order the general
/// engine tries them.
#[derive(Clone, Copy)]
struct Walk {
    len: u8,
    squares: [u8; 8],
}

impl Walk {
    const EMPTY: Walk = Walk {
        len: 0,
        squares: [0; 8],
    };
    fn push(&mut self, sq: u8) {
        self.squares[self.len as usize] = sq;
        self.len += 1;
    }
    fn squares(&self) -> &[u8] {
        &self.squares[..self.len as usize]
    }
}

/// One ray of a slider from a square: its squares as a set, and whether they go up in square
/// number (so outward is lowest first) or down (highest first).
#[derive(Clone, Copy)]
struct Ray {
    squares: Set,
    up: bool,
}

impl Ray {
    const EMPTY: Ray = Ray { squares: 0, up: true };
}

/// Per square, the walks of the standard board: a queen's rays in the general engine's order
/// (a rook's or a bishop's targets lie on some of them, in the same order), a knight's, a
/// king's, and per colour a pawn's.
struct Walks {
    slider: [[Ray; 8]; 64],
    knight: [Walk; 64],
    king: [Walk; 64],
    pawn: [[Walk; 64]; 2],
}

fn walks() -> &'static Walks {
    static WALKS: OnceLock<Box<Walks>> = OnceLock::new();
    WALKS.get_or_init(|| {
        let geo = Geometry::standard();
        let mut w = Box::new(Walks {
            slider: [[Ray::EMPTY; 8]; 64],
            knight: [Walk::EMPTY; 64],
            king: [Walk::EMPTY; 64],
            pawn: [[Walk::EMPTY; 64]; 2],
        });
        for from in 0..64u8 {
            let f = from as usize;
            for (i, d) in geo.slides(Role::Queen).enumerate() {
                let ray = geo.ray(from, d);
                w.slider[f][i] = Ray {
                    squares: ray.iter().fold(0, |set, &to| set | 1 << to),
                    up: ray.first().is_none_or(|&to| to > from),
                };
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
    /// Per square with a move, its piece's role.
    roles: [Role; 64],
    /// The squares with at least one move.
    movers: Set,
    /// The castling moves, `[QUEENSIDE, KINGSIDE]`.
    castles: [Option<Move>; 2],
}

impl Default for Ordered {
    fn default() -> Ordered {
        Ordered {
            targets: [0; 64],
            roles: [Role::Pawn; 64],
            movers: 0,
            castles: [None; 2],
        }
    }
}

impl Ordered {
    fn add(&mut self, role: Role, from: u8, targets: Set) {
        if targets != 0 {
            self.targets[from as usize] |= targets;
            self.roles[from as usize] = role;
            self.movers |= 1 << from;
        }
    }

    /// Appends the moves to `out` in the general engine's order.
    pub fn write(&self, board: &Board, out: &mut Vec<Move>) {
        let walks = walks();
        let us = board.turn;
        for from in squares(self.movers) {
            let f = from as usize;
            let role = self.roles[f];
            let targets = self.targets[f];
            match role {
                Role::Pawn => write_pawn(board, from, targets, &walks.pawn[us.index()][f], out),
                Role::Knight => write_leaper(role, from, targets, &walks.knight[f], out),
                Role::King => write_leaper(role, from, targets, &walks.king[f], out),
                _ => {
                    for ray in &walks.slider[f] {
                        let mut on_ray = targets & ray.squares;
                        while on_ray != 0 {
                            let to = if ray.up {
                                on_ray.trailing_zeros()
                            } else {
                                63 - on_ray.leading_zeros()
                            };
                            on_ray &= !(1 << to);
                            out.push(simple(role, from, to as u8));
                        }
                    }
                }
            }
        }
        out.extend(self.castles.iter().flatten());
    }
}

/// A knight's or king's moves to `targets`, in its walk's order: each square of the walk is
/// written down and kept only if it is a target (no branch on the target, which the walk's
/// order makes unpredictable).
fn write_leaper(role: Role, from: u8, targets: Set, walk: &Walk, out: &mut Vec<Move>) {
    let mut kept = [0u8; 8];
    let mut n = 0;
    for &to in walk.squares() {
        kept[n] = to;
        n += ((targets >> to) & 1) as usize;
    }
    out.extend(kept[..n].iter().map(|&to| simple(role, from, to)));
}

/// A pawn's moves to `targets` in its walk's order (step, double step, captures): four
/// promotions on the last rank, the double step and en passant marked.
fn write_pawn(board: &Board, from: u8, targets: Set, walk: &Walk, out: &mut Vec<Move>) {
    let last = if board.turn == Color::White { RANK_8 } else { RANK_1 };
    for &to in walk.squares().iter().filter(|&&to| targets & (1 << to) != 0) {
        let mut m = simple(Role::Pawn, from, to);
        if last & (1 << to) != 0 {
            out.extend(PROMOTIONS.map(|p| Move {
                promotion: Some(p),
                ..m
            }));
            continue;
        }
        if to.abs_diff(from) == 16 {
            m.kind = MoveKind::DoublePush;
        } else if board.ep == Some(to) && to % 8 != from % 8 {
            m.kind = MoveKind::EnPassant;
        }
        out.push(m);
    }
}

impl Sink for Ordered {
    fn piece(&mut self, role: Role, from: u8, targets: Set) {
        self.add(role, from, targets);
    }
    fn pawns(&mut self, targets: Set, back: i8, _: MoveKind) {
        for to in squares(targets) {
            self.add(Role::Pawn, (to as i8 - back) as u8, 1 << to);
        }
    }
    fn promotions(&mut self, targets: Set, back: i8) {
        self.pawns(targets, back, MoveKind::Normal);
    }
    fn one(&mut self, m: Move) {
        if m.kind == MoveKind::Castle {
            self.castles[usize::from(m.to % 8 > m.from % 8)] = Some(m);
        } else {
            self.add(m.role, m.from, 1 << m.to);
        }
    }
}
