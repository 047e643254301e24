//! Masonic chess (George R. Dekle Sr., 1983) on the 8x8 brick board: what the brick grid's
//! tables do not give by themselves. The bishop's one rook step, the pawn's second forward
//! step (both bricks above are forward), en passant after a step along either, and SAN for
//! two pawns stepping to one brick. Nothing here touches another variant.

use std::sync::OnceLock;

use crate::geometry::{holds, Geometry};
use crate::pawn_zones::promotion_roles;
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind, Position};
use crate::shape::Shape;

/// The board: 8x8 bricks, ranks 2, 4, 6 and 8 shifted half a brick right; pawns at home on
/// the second and seventh ranks.
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::build(&Shape::brick(8, 8)))
}

/// The usual array on the bricks.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The direction of `color`'s second forward step, from the grid's table (the first is the
/// engine's `forward`, direction 0 or 1).
fn second_push(geo: &Geometry, color: Color) -> usize {
    geo.grid
        .pawn_pushes()
        .get(1)
        .map_or(color.index(), |d| d ^ color.index())
}

/// The bishop's single steps to the six bricks sharing an edge, and the pawns' steps up
/// their second forward direction (one brick, or two from home), promotions included.
pub fn extra_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let geo = pos.geo;
    let us = pos.turn;
    for (sq, role) in pos.pieces(us) {
        match role {
            Role::Bishop => {
                for d in 0..geo.ortho {
                    if let Some(&to) = geo.ray(sq, d).first() {
                        if !pos.is_color(to, us) {
                            emit(plain(Role::Bishop, sq, to, None, MoveKind::Normal));
                        }
                    }
                }
            }
            Role::Pawn => pawn_steps(pos, sq, emit),
            _ => {}
        }
    }
}

fn plain(role: Role, from: u8, to: u8, promotion: Option<Role>, kind: MoveKind) -> Move {
    Move {
        role,
        from,
        to,
        promotion,
        kind,
    }
}

fn pawn_steps<F: FnMut(Move)>(pos: &Position, sq: u8, emit: &mut F) {
    let geo = pos.geo;
    let us = pos.turn;
    let ray = geo.ray(sq, second_push(geo, us));
    let Some(&one) = ray.first() else {
        return;
    };
    if pos.board[one as usize] != 0 {
        return;
    }
    let roles = promotion_roles(pos.variant, geo, us, one);
    if roles.is_empty() {
        emit(plain(Role::Pawn, sq, one, None, MoveKind::Normal));
    }
    for &p in roles {
        emit(plain(Role::Pawn, sq, one, Some(p), MoveKind::Normal));
    }
    if let Some(&two) = ray.get(1) {
        if holds(&geo.pawn_home[us.index()], sq) && pos.board[two as usize] == 0 {
            emit(plain(Role::Pawn, sq, two, None, MoveKind::DoublePush));
        }
    }
}

/// Whether a bishop of `by` stands on a brick sharing an edge with `sq` (its one rook step).
pub fn bishop_step_attacks(pos: &Position, sq: u8, by: Color) -> bool {
    let geo = pos.geo;
    (0..geo.ortho).any(|d| {
        geo.ray(sq, d)
            .first()
            .is_some_and(|&t| pos.is_color(t, by) && pos.piece_at(t).is_some_and(|p| p.role == Role::Bishop))
    })
}

/// After a double step: the passed brick is the en passant cell, along whichever forward
/// direction the pawn went, unless that cell would not say which pawn passed (see
/// [`passed_pawn`]).
pub fn after_move(pos: &mut Position, m: &Move) {
    if m.kind != MoveKind::DoublePush {
        return;
    }
    let geo = pos.geo;
    let us = pos.turn;
    let passed = [us.index(), second_push(geo, us)]
        .into_iter()
        .map(|d| geo.ray(m.from, d))
        .find(|ray| ray.get(1) == Some(&m.to))
        .and_then(|ray| ray.first().copied());
    pos.ep = passed.filter(|&sq| passed_pawn(pos, us, sq) == Some(m.to));
}

/// The pawn of `mover` that passed over `sq` by a double step: the one pawn of `mover` one
/// brick beyond `sq` along a forward direction whose start, one brick behind `sq` the same
/// way, is an empty home cell. `None` when there is none, or two (the cell then does not
/// say which pawn moved, and no en passant is offered).
pub fn passed_pawn(pos: &Position, mover: Color, sq: u8) -> Option<u8> {
    let geo = pos.geo;
    let mut found = None;
    for d in [mover.index(), second_push(geo, mover)] {
        let ahead = geo.ray(sq, d).first().copied();
        let behind = geo.ray(sq, d ^ 1).first().copied();
        let (Some(ahead), Some(behind)) = (ahead, behind) else {
            continue;
        };
        let pawn = pos
            .piece_at(ahead)
            .is_some_and(|p| p.color == mover && p.role == Role::Pawn);
        if pawn && pos.board[behind as usize] == 0 && holds(&geo.pawn_home[mover.index()], behind) {
            if found.is_some() {
                return None;
            }
            found = Some(ahead);
        }
    }
    found
}

/// Why an en passant cell read from a FEN cannot stand, if it cannot.
pub fn ep_refusal(pos: &Position, ep: u8) -> Option<String> {
    let them = pos.turn.other();
    if pos.board[ep as usize] != 0 || passed_pawn(pos, them, ep).is_none() {
        return Some(format!(
            "en passant square {} does not follow a {} pawn's double step",
            pos.geo.name(ep),
            them.name()
        ));
    }
    None
}

/// Whether a pawn move is written with its from-brick in SAN (`d2e3`): when another legal
/// pawn move reaches the same brick (both bricks below a brick may step to it).
pub fn pawn_move_needs_square(pos: &Position, m: &Move) -> bool {
    if pos.variant != crate::variant::Variant::Masonic || m.role != Role::Pawn {
        return false;
    }
    crate::movegen::legal_moves(pos)
        .iter()
        .any(|o| o.role == Role::Pawn && o.to == m.to && o.from != m.from)
}
