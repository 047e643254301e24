//! Whether a position read from text could stand on a board of its variant: kings, pawns on
//! the back ranks, en passant, the side not to move in check; and the looser test for a
//! position an illegal move that stood has left. It explains each refusal in words and never
//! changes the position.

use super::geometry::holds;
use super::pawn_zones::pawn_never_stands;
use super::piece::{Color, Role};
use super::position::Position;
use super::variant::{Safety, Variant};

/// `Ok` when the position is legal for its variant, else the reason.
pub fn validate(pos: &Position) -> Result<(), String> {
    validate_irregular(pos)?;
    let us = pos.turn;
    let them = us.other();
    if pos.in_check(them) {
        return Err(format!("{} is in check but it is {}'s move", them.name(), us.name()));
    }
    if pos.variant.safety() == Safety::NoChecks && pos.in_check(us) {
        return Err(format!("{} is in check, and racing kings allows no checks", us.name()));
    }
    Ok(())
}

/// As [`validate`], but for a position an illegal move that stood may leave: the side not to
/// move may be in check (it left its king there), and in racing kings the side to move too
/// (the illegal move gave check). Kings, pawns, en passant and check counts are still checked.
pub fn validate_irregular(pos: &Position) -> Result<(), String> {
    if let Some(why) = super::fairy::refusal(pos) {
        return Err(why);
    }
    let geo = pos.geo;
    let variant = pos.variant;
    super::fairy::congo::check_pieces(pos)?;
    for color in [Color::White, Color::Black] {
        let kings = pos.pieces(color).filter(|(_, r)| *r == Role::King).count();
        let wanted = match (variant, color) {
            (Variant::Antichess, _) => None,
            (Variant::Horde, Color::White) | (Variant::Dunsany, Color::Black) => Some(0),
            (Variant::Extinction, _) => None,
            (Variant::Congo, _) => Some(0),
            (Variant::Atomic, _) if kings == 0 => None,
            (Variant::DoubleChess, _) => Some(2),
            _ => Some(1),
        };
        if let Some(n) = wanted {
            if kings != n {
                return Err(format!(
                    "{} has {kings} kings; {} needs exactly {n}",
                    color.name(),
                    variant.name()
                ));
            }
        }
    }
    for color in [Color::White, Color::Black] {
        for (sq, role) in pos.pieces(color) {
            // Chessence's men (pawns) have no ranks they may not stand on.
            if role != Role::Pawn || variant == Variant::Chessence {
                continue;
            }
            if pawn_never_stands(variant, geo, color, sq) {
                return Err(format!(
                    "a {} pawn stands on {} (pawns never stand on the first or last rank)",
                    color.name(),
                    geo.name(sq)
                ));
            }
        }
    }
    if let Some(ep) = pos.ep {
        check_ep(pos, ep)?;
    }
    if let Some(limit) = variant.checks_to_win() {
        if pos.checks.iter().any(|&c| c > limit) {
            return Err(format!("more than {limit} checks given"));
        }
    }
    Ok(())
}

fn check_ep(pos: &Position, ep: u8) -> Result<(), String> {
    if pos.variant == Variant::Masonic {
        return super::fairy::masonic::ep_refusal(pos, ep).map_or(Ok(()), Err);
    }
    let geo = pos.geo;
    let us = pos.turn;
    let them = us.other();
    let name = geo.name(ep);
    let from_home = geo
        .forward(us, ep)
        .is_some_and(|o| holds(&geo.pawn_home[them.index()], o));
    if !from_home {
        return Err(format!(
            "en passant square {name} is not on the right rank for {} to move",
            us.name()
        ));
    }
    let pawn_sq = super::fairy::passed_pawn(pos, them, ep);
    let origin = geo.forward(us, ep);
    let pawn_there = pawn_sq
        .and_then(|s| pos.piece_at(s))
        .is_some_and(|p| p.color == them && p.role == Role::Pawn);
    let empty = |s: Option<u8>| s.is_some_and(|s| pos.board[s as usize] == 0);
    if pos.board[ep as usize] != 0 || !pawn_there || !empty(origin) {
        return Err(format!(
            "en passant square {name} does not follow a {} pawn's double step",
            them.name()
        ));
    }
    Ok(())
}
