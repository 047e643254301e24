//! Congo's moves, every one of them legal (there is no check): each piece's pattern, the
//! lion's flying capture across the river, the monkey's chains of jumps. It never changes the
//! position it is given.

use super::{in_castle, lion, DIRECTIONS, RIVER};
use crate::movegen::simple;
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind, Position};

const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];

/// Calls `emit` with each move of the side to move, piece by piece in square order.
pub fn moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    for (sq, role) in pos.pieces(us) {
        match role {
            Role::Lion => lion_moves(pos, sq, emit),
            Role::Zebra => {
                for &t in pos.geo.knight.get(sq as usize) {
                    step(pos, role, sq, t, true, emit);
                }
            }
            Role::Giraffe => {
                for (df, dr) in DIRECTIONS {
                    if let Some(t) = pos.geo.offset(sq, df, dr) {
                        step(pos, role, sq, t, false, emit);
                    }
                    if let Some(t) = pos.geo.offset(sq, 2 * df, 2 * dr) {
                        step(pos, role, sq, t, true, emit);
                    }
                }
            }
            Role::Elephant => {
                for d in ORTHOGONAL {
                    let (df, dr) = DIRECTIONS[d];
                    for n in 1..=2 {
                        if let Some(t) = pos.geo.offset(sq, n * df, n * dr) {
                            step(pos, role, sq, t, true, emit);
                        }
                    }
                }
            }
            Role::Crocodile => crocodile_moves(pos, sq, emit),
            Role::Monkey => {
                for (df, dr) in DIRECTIONS {
                    if let Some(t) = pos.geo.offset(sq, df, dr) {
                        step(pos, role, sq, t, false, emit);
                    }
                }
                monkey_jumps(pos, sq, emit);
            }
            Role::Pawn => pawn_moves(pos, sq, emit),
            Role::Superpawn => superpawn_moves(pos, sq, emit),
            _ => {}
        }
    }
}

/// A step or leap to `to`: onto an empty square, or onto an enemy when `captures`.
fn step<F: FnMut(Move)>(pos: &Position, role: Role, from: u8, to: u8, captures: bool, emit: &mut F) {
    let code = pos.board[to as usize];
    if code == 0 || (captures && !pos.is_color(to, pos.turn)) {
        emit(simple(role, from, to));
    }
}

/// The forward rank step of `color`.
fn ahead(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The lion: a king's step inside its castle, and the capture of the other lion along an open
/// file or diagonal.
fn lion_moves<F: FnMut(Move)>(pos: &Position, sq: u8, emit: &mut F) {
    let us = pos.turn;
    for &t in pos.geo.king.get(sq as usize) {
        if in_castle(pos, us, t) {
            step(pos, Role::Lion, sq, t, true, emit);
        }
    }
    // The castles are three ranks apart, so the lions are never neighbours.
    if let Some(theirs) = flying_target(pos, us) {
        emit(simple(Role::Lion, sq, theirs));
    }
}

/// The enemy lion's square when `color`'s lion sees it along an open file or diagonal.
fn flying_target(pos: &Position, color: Color) -> Option<u8> {
    let ours = lion(pos, color)?;
    let theirs = lion(pos, color.other())?;
    let geo = pos.geo;
    let df = i16::from(geo.file(theirs)) - i16::from(geo.file(ours));
    let dr = i16::from(geo.rank(theirs)) - i16::from(geo.rank(ours));
    if !(df == 0 || df.abs() == dr.abs()) || dr == 0 {
        return None;
    }
    let (sf, sr) = (df.signum() as i8, dr.signum() as i8);
    let mut cur = geo.offset(ours, sf, sr)?;
    while cur != theirs {
        if pos.board[cur as usize] != 0 {
            return None;
        }
        cur = geo.offset(cur, sf, sr)?;
    }
    Some(theirs)
}

/// Whether the side to move's lion can take the other lion now.
pub fn lion_can_take_lion(pos: &Position) -> bool {
    flying_target(pos, pos.turn).is_some()
}

/// The crocodile: a king's step (moving or taking); on land also a rook's slide along its
/// file towards the river, up to and into it; in the river a rook's slide along the river.
fn crocodile_moves<F: FnMut(Move)>(pos: &Position, sq: u8, emit: &mut F) {
    let geo = pos.geo;
    for &t in geo.king.get(sq as usize) {
        step(pos, Role::Crocodile, sq, t, true, emit);
    }
    let rank = geo.rank(sq);
    let slides: &[(i8, i8)] = if rank == RIVER {
        &[(1, 0), (-1, 0)]
    } else if rank < RIVER {
        &[(0, 1)]
    } else {
        &[(0, -1)]
    };
    for &(df, dr) in slides {
        let mut cur = sq;
        let mut n = 0;
        while let Some(t) = geo.offset(cur, df, dr) {
            n += 1;
            let code = pos.board[t as usize];
            // The first square is the king's step, already given.
            if n > 1 && (code == 0 || !pos.is_color(t, pos.turn)) {
                emit(simple(Role::Crocodile, sq, t));
            }
            if code != 0 || geo.rank(t) == RIVER && rank != RIVER {
                break;
            }
            cur = t;
        }
    }
}

/// The pawn: a step straight or diagonally forward, moving or taking; past the river also one
/// or two squares straight back without taking or jumping. On the last rank it becomes a
/// superpawn.
fn pawn_moves<F: FnMut(Move)>(pos: &Position, sq: u8, emit: &mut F) {
    let us = pos.turn;
    let geo = pos.geo;
    let fwd = ahead(us);
    for df in [-1, 0, 1] {
        if let Some(t) = geo.offset(sq, df, fwd) {
            let code = pos.board[t as usize];
            if code == 0 || !pos.is_color(t, us) {
                let last = geo.relative_rank(us, t) == geo.height - 1;
                emit(Move {
                    promotion: last.then_some(Role::Superpawn),
                    ..simple(Role::Pawn, sq, t)
                });
            }
        }
    }
    let past_river = match us {
        Color::White => geo.rank(sq) > RIVER,
        Color::Black => geo.rank(sq) < RIVER,
    };
    if past_river {
        backward(pos, Role::Pawn, sq, 0, -fwd, emit);
    }
}

/// One or two empty squares along (df, dr), the second only through the first.
fn backward<F: FnMut(Move)>(pos: &Position, role: Role, sq: u8, df: i8, dr: i8, emit: &mut F) {
    let mut cur = sq;
    for _ in 0..2 {
        match pos.geo.offset(cur, df, dr) {
            Some(t) if pos.board[t as usize] == 0 => {
                emit(simple(role, sq, t));
                cur = t;
            }
            _ => break,
        }
    }
}

/// The superpawn: a step forward (straight or diagonal) or sideways, moving or taking; one or
/// two squares straight or diagonally back, without taking or jumping.
fn superpawn_moves<F: FnMut(Move)>(pos: &Position, sq: u8, emit: &mut F) {
    let us = pos.turn;
    let fwd = ahead(us);
    for (df, dr) in [(-1, fwd), (0, fwd), (1, fwd), (-1, 0), (1, 0)] {
        if let Some(t) = pos.geo.offset(sq, df, dr) {
            step(pos, Role::Superpawn, sq, t, true, emit);
        }
    }
    for df in [-1, 0, 1] {
        backward(pos, Role::Superpawn, sq, df, -fwd, emit);
    }
}

/// One chain of a monkey's jumps: the squares it lands on and the squares it jumps (whose
/// pieces it takes), in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub landings: Vec<u8>,
    pub over: Vec<u8>,
}

/// The most chains one monkey's move list names (a move keeps its chain's number in a byte).
pub const MAX_ROUTES: usize = 256;

/// The monkey's captures: a jump over an adjacent enemy to the empty square straight beyond,
/// then, at its choice, further such jumps in any directions over pieces not yet jumped (they
/// leave the board when the move ends, so they still stand in the way). Taking the lion ends
/// the chain. Each chain that ends on a square having taken a set of pieces is one move, the
/// first route found naming it (directions tried north, north-east, ... north-west, depth
/// first); at most [`MAX_ROUTES`].
pub fn chains(pos: &Position, from: u8) -> Vec<Route> {
    let mut chain = Chain {
        pos,
        from,
        seen: Vec::new(),
        routes: Vec::new(),
    };
    chain.extend(from, 0, &mut Vec::new(), &mut Vec::new());
    chain.routes
}

fn monkey_jumps<F: FnMut(Move)>(pos: &Position, from: u8, emit: &mut F) {
    for (i, route) in chains(pos, from).iter().enumerate() {
        if let Some(&to) = route.landings.last() {
            emit(Move {
                role: Role::Monkey,
                from,
                to,
                promotion: None,
                kind: MoveKind::Jumps(i as u8),
            });
        }
    }
}

struct Chain<'a> {
    pos: &'a Position,
    from: u8,
    /// The (landing square, squares jumped) pairs already given.
    seen: Vec<(u8, u64)>,
    routes: Vec<Route>,
}

impl Chain<'_> {
    fn extend(&mut self, at: u8, jumped: u64, landings: &mut Vec<u8>, over: &mut Vec<u8>) {
        let pos = self.pos;
        let them = pos.turn.other();
        for (df, dr) in DIRECTIONS {
            let Some(mid) = pos.geo.offset(at, df, dr) else {
                continue;
            };
            let Some(land) = pos.geo.offset(mid, df, dr) else {
                continue;
            };
            let bit = 1u64 << mid;
            if !pos.is_color(mid, them) || jumped & bit != 0 {
                continue;
            }
            if pos.board[land as usize] != 0 && land != self.from {
                continue;
            }
            let taken = jumped | bit;
            if self.seen.contains(&(land, taken)) || self.routes.len() >= MAX_ROUTES {
                continue;
            }
            self.seen.push((land, taken));
            landings.push(land);
            over.push(mid);
            self.routes.push(Route {
                landings: landings.clone(),
                over: over.clone(),
            });
            if pos.piece_at(mid).map(|p| p.role) != Some(Role::Lion) {
                self.extend(land, taken, landings, over);
            }
            landings.pop();
            over.pop();
        }
    }
}
