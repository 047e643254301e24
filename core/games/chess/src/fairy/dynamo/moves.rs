//! Dynamo chess's pseudo-legal moves (castling aside, which the engine adds): plain moves to
//! empty squares, a piece leaving the board, pushes and pulls. It never emits a move that
//! takes the mover's own king off the board, and never changes the position.

use super::{first_piece, shift, Dynamo, LEAPS, STEPS};
use crate::geometry::holds;
use crate::movegen::simple;
use crate::pawn_zones::promotion_roles;
use crate::piece::{Color, Piece, Role};
use crate::position::{Move, MoveKind, Position};

/// Every pseudo-legal move of the side to move, castling aside.
pub fn moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    for sq in pos.squares_of(us).collect::<Vec<u8>>() {
        let Some(role) = Role::from_code(pos.board[sq as usize]) else {
            continue;
        };
        match role {
            Role::Pawn => pawn_moves(pos, sq, emit),
            Role::Knight | Role::King => leaper_moves(pos, sq, role, emit),
            _ => slider_moves(pos, sq, role, emit),
        }
    }
}

/// The step directions (indices into [`STEPS`]) a slider of `role` moves along.
fn slider_dirs(role: Role) -> &'static [u8] {
    match role {
        Role::Rook => &[0, 2, 4, 6],
        Role::Bishop => &[1, 3, 5, 7],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7],
    }
}

/// Emits one move per promotion choice of whichever pawn (the mover or the other piece) ends
/// on its own last rank, or the move alone.
fn emit_with<F: FnMut(Move)>(pos: &Position, m: Move, pawn_lands: Option<(Color, u8)>, emit: &mut F) {
    let roles = pawn_lands.map_or(&[][..], |(color, to)| promotion_roles(pos.variant, pos.geo, color, to));
    if roles.is_empty() {
        emit(m);
    }
    for &role in roles {
        emit(Move {
            promotion: Some(role),
            ..m
        });
    }
}

fn dynamo(role: Role, from: u8, to: u8, d: Dynamo) -> Move {
    Move {
        role,
        from,
        to,
        promotion: None,
        kind: MoveKind::Dynamo(d.code()),
    }
}

/// The pawn of the piece on `sq` when it lands on `to`, for promotion.
fn pawn_at(pos: &Position, sq: u8, to: Option<u8>) -> Option<(Color, u8)> {
    let p = Piece::from_code(pos.board[sq as usize])?;
    (p.role == Role::Pawn).then_some((p.color, to?))
}

/// Whether moving the piece on `sq` off the board would lose the side to move its king.
fn own_king(pos: &Position, sq: u8) -> bool {
    Piece::from_code(pos.board[sq as usize]).is_some_and(|p| p.role == Role::King && p.color == pos.turn)
}

/// The empty squares from `sq` along `v`, in order, and whether the edge follows them.
fn run(pos: &Position, sq: u8, v: (i8, i8)) -> (Vec<u8>, bool) {
    let mut squares = Vec::new();
    let mut at = sq;
    loop {
        match shift(pos, at, v) {
            None => return (squares, true),
            Some(next) if pos.board[next as usize] != 0 => return (squares, false),
            Some(next) => {
                squares.push(next);
                at = next;
            }
        }
    }
}

/// A queen's, rook's or bishop's moves: to empty squares, off the board (once, whichever
/// edge), and along each line a push of the first piece ahead or a pull of the first piece
/// behind, each piece moving any number of empty squares that way without passing the other.
fn slider_moves<F: FnMut(Move)>(pos: &Position, from: u8, role: Role, emit: &mut F) {
    let mut can_exit = false;
    for &dir in slider_dirs(role) {
        let v = STEPS[usize::from(dir)];
        let back = (-v.0, -v.1);
        let (ahead, edge) = run(pos, from, v);
        can_exit |= edge;
        for &to in &ahead {
            emit(simple(role, from, to));
        }
        // Push the first piece ahead: it moves 1.. squares on, or over the edge; the mover
        // stays or follows short of its landing.
        if let Some(other) = first_piece(pos, from, v, true) {
            let (beyond, off) = run(pos, other, v);
            let mut path = ahead.clone();
            path.push(other);
            for k in 0..=beyond.len() {
                let (lands, travel) = if k < beyond.len() {
                    (Some(beyond[k]), k as u8 + 1)
                } else if off && !own_king(pos, other) {
                    (None, 0)
                } else {
                    continue;
                };
                let crossed = if lands.is_some() { k } else { beyond.len() };
                let reach: Vec<u8> = path.iter().chain(&beyond[..crossed]).copied().collect();
                let d = Dynamo {
                    dir,
                    pull: false,
                    travel,
                    exits: false,
                };
                for to in std::iter::once(from).chain(reach) {
                    emit_with(pos, dynamo(role, from, to, d), pawn_at(pos, other, lands), emit);
                }
            }
        }
        // Pull the first piece behind: the mover stays, moves on or leaves the board; the
        // pulled piece follows short of the mover's landing, or over the edge after it.
        if let Some(other) = first_piece(pos, from, back, true) {
            let (between, _) = run(pos, other, v);
            let mut trail = between.clone();
            trail.push(from);
            let stops = std::iter::once(None)
                .chain((0..ahead.len()).map(Some))
                .map(|j| (j.map(|j| ahead[j]), j.map_or(0, |j| j + 1)));
            for (mover_to, j) in stops {
                let room = trail.len() - 1 + j;
                let landings: Vec<u8> = trail.iter().chain(&ahead).copied().take(room).collect();
                for (k, &lands) in landings.iter().enumerate() {
                    let d = Dynamo {
                        dir,
                        pull: true,
                        travel: k as u8 + 1,
                        exits: false,
                    };
                    let to = mover_to.unwrap_or(from);
                    emit_with(pos, dynamo(role, from, to, d), pawn_at(pos, other, Some(lands)), emit);
                }
            }
            if edge {
                let landings: Vec<u8> = trail.iter().chain(&ahead).copied().collect();
                for k in 0..=landings.len() {
                    if k == landings.len() && own_king(pos, other) {
                        continue;
                    }
                    let lands = landings.get(k).copied();
                    let d = Dynamo {
                        dir,
                        pull: true,
                        travel: if lands.is_some() { k as u8 + 1 } else { 0 },
                        exits: true,
                    };
                    emit_with(pos, dynamo(role, from, from, d), pawn_at(pos, other, lands), emit);
                }
            }
        }
    }
    if can_exit {
        emit(dynamo(role, from, from, Dynamo::EXIT));
    }
}

/// A knight's or king's moves: a step to an empty square, a knight leaving the board (once),
/// a push of the piece one step away to the next square on (or over the edge), the mover
/// staying or stepping into the vacated square, and a pull: the mover steps away from the
/// piece next to it (a knight also over the edge) and that piece steps into its square.
fn leaper_moves<F: FnMut(Move)>(pos: &Position, from: u8, role: Role, emit: &mut F) {
    let table = if role == Role::Knight { &LEAPS } else { &STEPS };
    let mut can_exit = false;
    for (dir, &v) in table.iter().enumerate() {
        let dir = dir as u8;
        let back = (-v.0, -v.1);
        let ahead = shift(pos, from, v);
        match ahead {
            None => can_exit |= role == Role::Knight,
            Some(to) if pos.board[to as usize] == 0 => emit(simple(role, from, to)),
            Some(other) => {
                let lands = shift(pos, other, v);
                let free = lands.is_none_or(|t| pos.board[t as usize] == 0);
                if free && !(lands.is_none() && own_king(pos, other)) {
                    let d = Dynamo {
                        dir,
                        pull: false,
                        travel: u8::from(lands.is_some()),
                        exits: false,
                    };
                    for to in [from, other] {
                        emit_with(pos, dynamo(role, from, to, d), pawn_at(pos, other, lands), emit);
                    }
                }
            }
        }
        let Some(other) = shift(pos, from, back).filter(|&b| pos.board[b as usize] != 0) else {
            continue;
        };
        let exits = ahead.is_none();
        if exits && role == Role::King {
            continue;
        }
        if ahead.is_some_and(|t| pos.board[t as usize] != 0) {
            continue;
        }
        let d = Dynamo {
            dir,
            pull: true,
            travel: 1,
            exits,
        };
        emit_with(
            pos,
            dynamo(role, from, ahead.unwrap_or(from), d),
            pawn_at(pos, other, Some(from)),
            emit,
        );
    }
    if can_exit {
        emit(dynamo(role, from, from, Dynamo::EXIT));
    }
}

/// A pawn's moves: its step and double step to empty squares (no en passant: there are no
/// captures), promoting on its last rank; a push, never a pull: of a friendly piece straight
/// ahead one square on, or of an enemy piece on a square it attacks one square on along that
/// diagonal (either over the edge); the pawn stays or steps into the vacated square.
fn pawn_moves<F: FnMut(Move)>(pos: &Position, from: u8, emit: &mut F) {
    let us = pos.turn;
    let geo = pos.geo;
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let promote = |to: u8| Some((us, to));
    if let Some(one) = shift(pos, from, (0, forward)).filter(|&t| pos.board[t as usize] == 0) {
        emit_with(pos, simple(Role::Pawn, from, one), promote(one), emit);
        if holds(&geo.pawn_home[us.index()], from) {
            if let Some(two) = shift(pos, one, (0, forward)).filter(|&t| pos.board[t as usize] == 0) {
                emit_with(pos, simple(Role::Pawn, from, two), promote(two), emit);
            }
        }
    }
    for (dir, &v) in STEPS.iter().enumerate() {
        if v.1 != forward {
            continue;
        }
        let straight = v.0 == 0;
        let Some(other) = shift(pos, from, v).filter(|&t| pos.board[t as usize] != 0) else {
            continue;
        };
        if pos.is_color(other, us) != straight {
            continue;
        }
        let lands = shift(pos, other, v);
        if lands.is_some_and(|t| pos.board[t as usize] != 0) || (lands.is_none() && own_king(pos, other)) {
            continue;
        }
        let d = Dynamo {
            dir: dir as u8,
            pull: false,
            travel: u8::from(lands.is_some()),
            exits: false,
        };
        for to in [from, other] {
            // The pushed piece is a pawn on its last rank, or else the pawn following it is.
            let pushed = pawn_at(pos, other, lands)
                .filter(|&(color, at)| !promotion_roles(pos.variant, geo, color, at).is_empty());
            let pawn = pushed.or(if to == other { promote(to) } else { None });
            emit_with(pos, dynamo(Role::Pawn, from, to, d), pawn, emit);
        }
    }
}
