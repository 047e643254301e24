//! Monochromatic chess: every move ends on a square of the colour it began on, so knights
//! never move and pawns only capture or step two. Castling moves both king and rook and both
//! must keep their colour (queenside castling is therefore never legal). Checks follow the
//! same rule. Pure.

use crate::position::{Move, MoveKind, Position};

pub fn allows(pos: &Position, m: &Move) -> bool {
    let geo = pos.geo;
    if m.kind == MoveKind::Castle {
        let side = pos.castle_side(pos.turn, m.to);
        let (kt, rt) = pos.castle_targets(pos.turn, side);
        return geo.light(m.from) == geo.light(kt) && geo.light(m.to) == geo.light(rt);
    }
    geo.light(m.from) == geo.light(m.to)
}
