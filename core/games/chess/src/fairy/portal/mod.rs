//! Portal chess as Mike Hidden's porthole chess: neutral porthole tokens lie on the board; a
//! piece that moves onto one leaves by another open one, and the token it entered by moves to
//! the square the piece came from. The tokens live in `Position::portholes` only; nothing here
//! touches another variant. See seeds/chess/portal.md for every reading.

pub mod fen_field;
pub mod notation;

use crate::geometry::holds;
use crate::pawn_zones::promotion_roles;
use crate::piece::{Color, Leap, Piece, Role};
use crate::position::{slides_along, Move, MoveKind, Position};

/// The set-up: the standard array and eight portholes on c3, f3, a4, h4, a5, h5, c6 and f6
/// (the reading chosen for the "standard set-up" the rules' figure shows; see the seeds page).
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - (c3,f3,a4,h4,a5,h5,c6,f6) 0 1";

/// How many porthole tokens lie on `sq`.
pub fn tokens(pos: &Position, sq: u8) -> u8 {
    pos.portholes
        .as_ref()
        .and_then(|t| t.get(sq as usize).copied())
        .unwrap_or(0)
}

/// Whether a porthole lies on `sq`.
pub fn is_porthole(pos: &Position, sq: u8) -> bool {
    tokens(pos, sq) > 0
}

/// The open portholes: squares with a token and no piece, in increasing order.
pub fn open_portholes(pos: &Position) -> Vec<u8> {
    (0..pos.geo.squares() as u8)
        .filter(|&sq| is_porthole(pos, sq) && pos.board[sq as usize] == 0)
        .collect()
}

/// Whether a piece of `role` and `color` may leave by the porthole on `exit`: a pawn never
/// comes out on its first or last rank (it promotes only by moving onto the last rank).
fn may_exit(pos: &Position, role: Role, color: Color, exit: u8) -> bool {
    let rank = pos.geo.relative_rank(color, exit);
    role != Role::Pawn || (rank != 0 && rank != pos.geo.height - 1)
}

/// Every move of the side to move's pieces before king safety: the chess moves that do not
/// end on a porthole, one move per open exit for each porthole a piece may enter, castling.
pub fn moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let exits = open_portholes(pos);
    let us = pos.turn;
    for (sq, role) in pos.pieces(us).collect::<Vec<_>>() {
        match role {
            Role::Pawn => pawn_moves(pos, sq, &exits, emit),
            _ => {
                let mut reach = |to: u8| reach_square(pos, role, sq, to, &exits, emit);
                for d in pos.geo.slides(role) {
                    for &t in pos.geo.ray(sq, d) {
                        reach(t);
                        if pos.board[t as usize] != 0 || is_porthole(pos, t) {
                            break;
                        }
                    }
                }
                let leaps = match role.leap() {
                    Leap::None => &[][..],
                    Leap::Knight => pos.geo.knight.get(sq as usize),
                    Leap::King => pos.geo.king.get(sq as usize),
                };
                for &t in leaps {
                    reach(t);
                }
            }
        }
    }
    castling(pos, emit);
}

/// A non-pawn piece of `role` on `from` reaching `to` by its pattern: a chess move onto a
/// plain square, or entries into the porthole there (empty or holding an enemy), one per exit.
fn reach_square<F: FnMut(Move)>(pos: &Position, role: Role, from: u8, to: u8, exits: &[u8], emit: &mut F) {
    if pos.is_color(to, pos.turn) {
        return;
    }
    if is_porthole(pos, to) {
        enter(pos, role, from, to, exits, emit);
    } else {
        emit(plain(role, from, to, None));
    }
}

/// The entries into the porthole on `entry`, one per other open porthole the piece may leave by.
fn enter<F: FnMut(Move)>(pos: &Position, role: Role, from: u8, entry: u8, exits: &[u8], emit: &mut F) {
    for &exit in exits {
        if exit != entry && may_exit(pos, role, pos.turn, exit) {
            emit(Move {
                role,
                from,
                to: entry,
                promotion: None,
                kind: MoveKind::Portal(exit),
            });
        }
    }
}

fn plain(role: Role, from: u8, to: u8, promotion: Option<Role>) -> Move {
    Move {
        role,
        from,
        to,
        promotion,
        kind: MoveKind::Normal,
    }
}

/// A pawn steps only onto plain empty squares (a porthole stops it: it enters diagonally
/// only), two from its home rank over a plain empty square, takes diagonally on plain squares
/// and enters a porthole diagonally. No en passant: the double step is a plain move.
fn pawn_moves<F: FnMut(Move)>(pos: &Position, sq: u8, exits: &[u8], emit: &mut F) {
    let geo = pos.geo;
    let us = pos.turn;
    let free = |t: u8| pos.board[t as usize] == 0 && !is_porthole(pos, t);
    let land = |to: u8, emit: &mut F| {
        let roles = promotion_roles(pos.variant, geo, us, to);
        if roles.is_empty() {
            emit(plain(Role::Pawn, sq, to, None));
        }
        for &p in roles {
            emit(plain(Role::Pawn, sq, to, Some(p)));
        }
    };
    if let Some(one) = geo.forward(us, sq).filter(|&t| free(t)) {
        land(one, emit);
        if holds(&geo.pawn_home[us.index()], sq) {
            if let Some(two) = geo.forward(us, one).filter(|&t| free(t)) {
                land(two, emit);
            }
        }
    }
    for &t in geo.pawn_attacks(us, sq) {
        if pos.is_color(t, us) {
            continue;
        }
        if is_porthole(pos, t) {
            enter(pos, Role::Pawn, sq, t, exits, emit);
        } else if pos.board[t as usize] != 0 {
            land(t, emit);
        }
    }
}

/// Castling as in chess, and no porthole on any square from the king to the rook, their
/// destinations included.
fn castling<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    crate::movegen::castling_moves(pos, &mut |m: Move| {
        let (kt, rt) = pos.castle_targets(pos.turn, pos.castle_side(pos.turn, m.to));
        let ends = [m.from, m.to, kt, rt];
        let lo = ends.into_iter().min().unwrap_or(m.from);
        let hi = ends.into_iter().max().unwrap_or(m.to);
        if !(lo..=hi).any(|sq| is_porthole(pos, sq)) {
            emit(m);
        }
    });
}

/// Whether some move of `by` would take the piece on `sq`: its pattern reaches `sq` (a
/// porthole stops a slider), and when `sq` is a porthole the taker has another open porthole
/// to leave by. No piece attacks through a porthole: an exit must be empty.
pub fn attacked(pos: &Position, sq: u8, by: Color) -> bool {
    let geo = pos.geo;
    let theirs = |t: u8, role: Role| pos.board[t as usize] == Piece::new(by, role).code();
    let can_take = |role: Role| {
        !is_porthole(pos, sq)
            || open_portholes(pos)
                .iter()
                .any(|&e| e != sq && may_exit(pos, role, by, e))
    };
    if geo.pawn_attacks(by.other(), sq).iter().any(|&t| theirs(t, Role::Pawn)) && can_take(Role::Pawn) {
        return true;
    }
    if geo.knight.get(sq as usize).iter().any(|&t| theirs(t, Role::Knight)) && can_take(Role::Knight) {
        return true;
    }
    if geo.king.get(sq as usize).iter().any(|&t| theirs(t, Role::King)) && can_take(Role::King) {
        return true;
    }
    (0..geo.dirs).any(|d| {
        for &t in geo.ray(sq, d) {
            let code = pos.board[t as usize];
            if code != 0 {
                return pos.is_color(t, by)
                    && slides_along(code, d >= geo.ortho)
                    && Role::from_code(code).is_some_and(can_take);
            }
            if is_porthole(pos, t) {
                return false;
            }
        }
        false
    })
}

/// Makes a move: a chess move as usual; an entry takes what stands on the porthole, puts the
/// piece on its exit, and moves the entered token to the square the piece came from.
pub fn play(pos: &mut Position, m: &Move) {
    pos.play_on_board(m);
    let MoveKind::Portal(exit) = m.kind else {
        return;
    };
    let code = pos.board[m.to as usize];
    pos.put(m.to, 0);
    pos.put(exit, code);
    if m.role == Role::King {
        pos.kings[pos.turn.other().index()] = Some(exit);
    }
    if let Some(tokens) = pos.portholes.as_mut() {
        tokens[m.to as usize] = tokens[m.to as usize].saturating_sub(1);
        tokens[m.from as usize] += 1;
    }
}
