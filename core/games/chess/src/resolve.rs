//! Finding the one legal move that a loose description means (piece, from-file/rank hints,
//! target, promotion, castle side or drop), as notation readers give it, or saying plainly why
//! none or several fit. It never guesses between two legal moves.

use super::movegen::{gen_pseudo, legal_moves};
use super::piece::Role;
use super::position::{Move, MoveKind, Position, KINGSIDE};
use super::san::move_to_san;

/// A move as notation describes it; unset fields match anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LooseMove {
    /// The moving piece; `None` means a pawn (SAN without a piece letter).
    pub piece: Option<Role>,
    pub from_file: Option<u8>,
    /// The origin's rank number less one (its 0-based rank on a board of squares).
    pub from_rank: Option<u8>,
    pub to: Option<u8>,
    pub promotion: Option<Role>,
    /// `Some(KINGSIDE)` or `Some(QUEENSIDE)` for castling.
    pub castle: Option<usize>,
    /// A piece dropped from the pocket onto `to`.
    pub drop: Option<Role>,
    /// The text marked a capture (`x`): the move must take something.
    pub capture: bool,
}

/// Why a loose move does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// No piece of the kind named could make that move, legal or not.
    NoSuchPiece(String),
    /// Such a move exists on the board but the rules forbid it now.
    Illegal(String),
    /// Several legal moves fit; the text lists them.
    Ambiguous(String),
}

impl ResolveError {
    pub fn reason(&self) -> &str {
        match self {
            ResolveError::NoSuchPiece(r) | ResolveError::Illegal(r) | ResolveError::Ambiguous(r) => r,
        }
    }
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.reason())
    }
}

fn fits(pos: &Position, loose: &LooseMove, m: &Move) -> bool {
    let geo = pos.geo;
    if let Some(side) = loose.castle {
        return m.kind == MoveKind::Castle && pos.castle_side(pos.turn, m.to) == side;
    }
    if let Some(role) = loose.drop {
        return m.kind == MoveKind::Drop && m.role == role && Some(m.to) == loose.to;
    }
    if m.kind == MoveKind::Drop || m.role != loose.piece.unwrap_or(Role::Pawn) {
        return false;
    }
    if loose.from_file.is_some_and(|f| f != geo.file(m.from))
        || loose.from_rank.is_some_and(|r| r + 1 != geo.number(m.from))
    {
        return false;
    }
    let target_ok = match (m.kind, loose.to) {
        (_, None) => false,
        (MoveKind::Castle, Some(to)) => {
            let (kt, _) = pos.castle_targets(pos.turn, pos.castle_side(pos.turn, m.to));
            to == m.to || (to == kt && geo.file(m.from).abs_diff(geo.file(kt)) >= 2)
        }
        (_, Some(to)) => to == m.to,
    };
    target_ok && (loose.promotion.is_none() || loose.promotion == m.promotion)
}

/// The unique legal move fitting `loose`, or why there is none or more than one.
pub fn resolve(pos: &Position, loose: &LooseMove) -> Result<Move, ResolveError> {
    resolve_among(pos, &legal_moves(pos), loose)
}

/// As [`resolve`], with the position's legal moves already generated.
pub fn resolve_among(pos: &Position, legal: &[Move], loose: &LooseMove) -> Result<Move, ResolveError> {
    let geo = pos.geo;
    let mut found: Vec<Move> = legal.iter().copied().filter(|m| fits(pos, loose, m)).collect();
    if found.len() > 1 && found.iter().any(|m| m.kind != MoveKind::Castle) {
        found.retain(|m| m.kind != MoveKind::Castle);
    }
    if found.len() > 1 && loose.promotion.is_none() && found.iter().all(|m| m.promotion.is_some()) {
        return Err(ResolveError::Ambiguous(
            "a promotion: name the piece, as in e8=Q".to_string(),
        ));
    }
    match found.len() {
        1 => {
            let m = found[0];
            if loose.capture && !pos.is_capture(&m) && m.kind != MoveKind::Castle {
                return Err(ResolveError::Illegal(format!(
                    "there is nothing to take on {}",
                    geo.name(m.to)
                )));
            }
            Ok(m)
        }
        0 => Err(explain(pos, loose)),
        _ => {
            let names: Vec<String> = found.iter().map(|m| move_to_san(pos, m)).collect();
            Err(ResolveError::Ambiguous(format!("that could be {}", names.join(" or "))))
        }
    }
}

/// Why nothing legal fits: a pseudo-legal fit means the rules forbid it.
fn explain(pos: &Position, loose: &LooseMove) -> ResolveError {
    let geo = pos.geo;
    let mut pseudo = Vec::new();
    gen_pseudo(pos, &mut pseudo);
    let what = describe(pos, loose);
    if let Some(side) = loose.castle {
        let name = if side == KINGSIDE { "kingside" } else { "queenside" };
        if pos.variant == crate::variant::Variant::DoubleChess {
            return ResolveError::Illegal(
                "with two kings O-O does not say which castles: write the king's two-square move (Kg1, Kc1, Ko1, Kk1, or e1g1)".to_string(),
            );
        }
        if pos.castles[pos.turn.index()][side].is_none() {
            return ResolveError::Illegal(format!("{} can no longer castle {name}", pos.turn.name()));
        }
        return ResolveError::Illegal(format!(
            "castling {name} is not allowed now (path blocked, or king in or through check)"
        ));
    }
    if let Some(role) = loose.drop {
        // A fairy role (Congo's, Stratomic's nuclea) is never in a pocket.
        let held = pos.pockets[pos.turn.index()].get(role.index()).copied().unwrap_or(0);
        if held == 0 {
            return ResolveError::NoSuchPiece(format!("{} has no {} in the pocket", pos.turn.name(), role.name()));
        }
        return ResolveError::Illegal(format!("{what} is not allowed now"));
    }
    if pseudo.iter().any(|m| fits(pos, loose, m)) {
        let forced = pos.variant.forced_captures() && legal_moves(pos).iter().any(|m| pos.is_capture(m));
        if forced {
            return ResolveError::Illegal(format!("{what} is not allowed: a capture is compulsory"));
        }
        return ResolveError::Illegal(format!(
            "{what} is not legal: it would leave the king in danger or give a forbidden check"
        ));
    }
    let role = loose.piece.unwrap_or(Role::Pawn);
    if !pos.pieces(pos.turn).any(|(_, r)| r == role) {
        return ResolveError::NoSuchPiece(format!("{} has no {}", pos.turn.name(), role.name()));
    }
    let to = loose.to.map(|t| geo.name(t)).unwrap_or_default();
    ResolveError::NoSuchPiece(format!("no {} {} can go to {to}", pos.turn.name(), role.name()))
}

fn describe(pos: &Position, loose: &LooseMove) -> String {
    let to = loose.to.map(|t| pos.geo.name(t)).unwrap_or_default();
    match loose.drop {
        Some(r) => format!("dropping a {} on {to}", r.name()),
        None => format!("a {} move to {to}", loose.piece.unwrap_or(Role::Pawn).name()),
    }
}
