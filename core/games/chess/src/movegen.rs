//! Legal move generation for every variant: pseudo-legal moves from the pieces' movement
//! data, castling, drops, then the variant's legality (royal king, explosions, no checks,
//! forced captures). It never changes the position it is given.

use super::geometry::holds;
use super::pawn_zones::promotion_roles;
use super::piece::{Color, Leap, Role, ROLES};
use super::position::{slides_along, Move, MoveKind, Position, KINGSIDE, QUEENSIDE};
use super::variant::Safety;

/// Every legal move in the position.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(64);
    gen_legal(pos, &mut out);
    out
}

/// Fills `out` (cleared first) with the legal moves: by the bitboard fast path for standard
/// chess and Chess960 on the 8x8 board (the same moves in the same order), by the general
/// engine otherwise.
pub fn gen_legal(pos: &Position, out: &mut Vec<Move>) {
    if !super::bitboard::gen_legal(pos, out) {
        gen_legal_general(pos, out);
    }
}

/// As [`gen_legal`] by the general engine alone (what the fast path is checked against).
pub fn gen_legal_general(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    for_each_legal(pos, |m| out.push(m));
    if pos.variant.forced_captures() && out.iter().any(|m| pos.is_capture(m)) {
        out.retain(|m| pos.is_capture(m));
    }
}

/// How many legal moves there are (perft's leaves), without keeping them.
pub fn count_legal(pos: &Position) -> u64 {
    super::bitboard::count_legal(pos).unwrap_or_else(|| count_legal_general(pos))
}

/// As [`count_legal`] by the general engine alone.
pub fn count_legal_general(pos: &Position) -> u64 {
    if pos.variant.forced_captures() {
        let mut moves = Vec::with_capacity(64);
        gen_legal_general(pos, &mut moves);
        return moves.len() as u64;
    }
    let mut n = 0;
    for_each_legal(pos, |_| n += 1);
    n
}

/// Calls `emit` with each legal move, before any forced-capture rule.
fn for_each_legal<F: FnMut(Move)>(pos: &Position, mut emit: F) {
    let us = pos.turn;
    match pos.variant.safety() {
        Safety::None => gen_pseudo_with(pos, &mut emit),
        Safety::Royal => match pos.kings[us.index()] {
            None => gen_pseudo_with(pos, &mut emit),
            Some(_) => {
                let pins = Pins::new(pos);
                let them = us.other();
                let unpinned = pins.pinned == [0; 4];
                gen_pseudo_with(pos, &mut |m: Move| {
                    let legal = if m.from == pins.king && m.kind == MoveKind::Normal {
                        !pos.attacked_through(m.to, them, Some(pins.king))
                    } else {
                        (unpinned && !pins.in_check && m.kind == MoveKind::Normal)
                            || pins.is_safe(&m)
                            || stays_safe(pos, &m)
                    };
                    if legal {
                        emit(m);
                    }
                });
            }
        },
        Safety::Alice => super::fairy::alice::for_each_legal(pos, &mut emit),
        Safety::Tried => gen_pseudo_with(pos, &mut |m: Move| {
            if super::fairy::allows(pos, &m) && stays_safe(pos, &m) {
                emit(m);
            }
        }),
        _ => gen_pseudo_with(pos, &mut |m: Move| {
            if stays_safe(pos, &m) {
                emit(m);
            }
        }),
    }
}

/// Playing `m` on a copy leaves the mover's king as safe as the variant requires.
fn stays_safe(pos: &Position, m: &Move) -> bool {
    let us = pos.turn;
    let them = us.other();
    let mut after = pos.clone();
    after.play(m);
    match pos.variant.safety() {
        Safety::None => true,
        Safety::Royal => !king_attacked(&after, us),
        Safety::NoChecks => !king_attacked(&after, us) && !king_attacked(&after, them),
        Safety::Tried | Safety::Alice => !after.in_check(us),
        Safety::Atomic => {
            if after.kings[us.index()].is_none() {
                return false;
            }
            after.kings[them.index()].is_none() || !after.in_check(us)
        }
    }
}

fn king_attacked(pos: &Position, color: Color) -> bool {
    pos.kings[color.index()].is_some_and(|k| pos.attacked(k, color.other()))
}

/// The shortcut for royal variants: when the king is not in check, a move of a non-king
/// piece that is not pinned (and not en passant) is legal without trying it.
struct Pins {
    in_check: bool,
    king: u8,
    /// A bit per square holding a pinned piece of the side to move.
    pinned: [u64; 4],
}

impl Pins {
    /// One scan of the eight rays from the king finds slider checks and pins; leapers are
    /// checked apart.
    fn new(pos: &Position) -> Pins {
        let us = pos.turn;
        let king = pos.kings[us.index()].unwrap_or(0);
        let mut in_check = pos.leaper_attacked(king, us.other());
        let mut pinned = [0u64; 4];
        for d in pos.slider_dirs(king, us.other()) {
            let mut own = None;
            for &t in pos.geo.ray(king, d) {
                let code = pos.board[t as usize];
                if code == 0 {
                    continue;
                }
                if pos.is_color(t, us) {
                    if own.is_some() {
                        break;
                    }
                    own = Some(t);
                    continue;
                }
                if slides_along(code, d >= pos.geo.ortho) {
                    match own {
                        Some(o) => pinned[o as usize / 64] |= 1 << (o % 64),
                        None => in_check = true,
                    }
                }
                break;
            }
        }
        Pins { in_check, king, pinned }
    }
    fn is_safe(&self, m: &Move) -> bool {
        !self.in_check
            && m.from != self.king
            && !matches!(m.kind, MoveKind::EnPassant | MoveKind::Castle)
            && (m.kind == MoveKind::Drop || self.pinned[m.from as usize / 64] & (1 << (m.from % 64)) == 0)
    }
}

/// Every move the pieces' patterns allow, before king safety.
pub fn gen_pseudo(pos: &Position, out: &mut Vec<Move>) {
    if pos.variant.safety() == Safety::Alice {
        return super::fairy::alice::pseudo_moves(pos, out);
    }
    gen_pseudo_with(pos, &mut |m| out.push(m));
}

fn gen_pseudo_with<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    match pos.variant {
        super::variant::Variant::Congo => return super::fairy::congo::moves(pos, emit),
        super::variant::Variant::Dynamo => {
            super::fairy::dynamo::moves(pos, emit);
            return castling_moves(pos, emit);
        }
        super::variant::Variant::Portal => return super::fairy::portal::moves(pos, emit),
        super::variant::Variant::Chessence => return super::fairy::chessence::moves(pos, emit),
        super::variant::Variant::Hostage => return super::fairy::hostage::moves(pos, emit),
        super::variant::Variant::Stratomic => return super::fairy::stratomic::moves(pos, emit),
        _ => {}
    }
    let words = pos.occupied[pos.turn.index()];
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let sq = (w as u32 * 64 + bits.trailing_zeros()) as u8;
            bits &= bits - 1;
            piece_moves(pos, sq, emit);
        }
    }
    castling_moves(pos, emit);
    drop_moves(pos, emit);
    super::fairy::extra_moves(pos, emit);
}

/// The moves of the piece on `sq` (the side to move's).
pub(crate) fn piece_moves<F: FnMut(Move)>(pos: &Position, sq: u8, emit: &mut F) {
    let geo = pos.geo;
    let us = pos.turn;
    let Some(role) = Role::from_code(pos.board[sq as usize]) else {
        return;
    };
    if role == Role::Pawn {
        pawn_moves(pos, sq, emit);
        return;
    }
    if geo.wrap_files || geo.wrap_ranks {
        wrapped_slides(pos, sq, role, emit);
    } else {
        for d in geo.slides(role) {
            for &t in geo.ray(sq, d) {
                if pos.board[t as usize] == 0 {
                    emit(simple(role, sq, t));
                    continue;
                }
                if !pos.is_color(t, us) {
                    emit(simple(role, sq, t));
                }
                break;
            }
        }
    }
    let leaps = match role.leap() {
        Leap::None => &[][..],
        Leap::Knight => geo.knight.get(sq as usize),
        Leap::King => geo.king.get(sq as usize),
    };
    for &t in leaps {
        if !pos.is_color(t, us) {
            if pos.variant.explodes() && role == Role::King && pos.board[t as usize] != 0 {
                continue;
            }
            emit(simple(role, sq, t));
        }
    }
}

/// Slides on a cylinder, where two rays may reach one square (a rook alone on its rank
/// reaches every square of it both ways round): each target once.
fn wrapped_slides<F: FnMut(Move)>(pos: &Position, sq: u8, role: Role, emit: &mut F) {
    let geo = pos.geo;
    let mut reached = [0u64; 4];
    for d in geo.slides(role) {
        for &t in geo.ray(sq, d) {
            let own = pos.is_color(t, pos.turn);
            let (word, bit) = (t as usize / 64, 1u64 << (t % 64));
            if !own && reached[word] & bit == 0 {
                reached[word] |= bit;
                emit(simple(role, sq, t));
            }
            if pos.board[t as usize] != 0 {
                break;
            }
        }
    }
}

pub(crate) fn simple(role: Role, from: u8, to: u8) -> Move {
    Move {
        role,
        from,
        to,
        promotion: None,
        kind: MoveKind::Normal,
    }
}

fn pawn_moves<F: FnMut(Move)>(pos: &Position, sq: u8, emit: &mut F) {
    let geo = pos.geo;
    let us = pos.turn;
    let mut push = |to: u8, kind: MoveKind| {
        let roles = promotion_roles(pos.variant, geo, us, to);
        if !roles.is_empty() {
            for &p in roles {
                emit(Move {
                    role: Role::Pawn,
                    from: sq,
                    to,
                    promotion: Some(p),
                    kind,
                });
            }
        } else {
            emit(Move {
                role: Role::Pawn,
                from: sq,
                to,
                promotion: None,
                kind,
            });
        }
    };
    if let Some(one) = geo.forward(us, sq) {
        if pos.board[one as usize] == 0 {
            push(one, MoveKind::Normal);
            let first = pos.variant.first_rank_double_step() && geo.relative_rank(us, sq) == 0;
            if first || (holds(&geo.pawn_home[us.index()], sq) && pos.variant.double_step(us)) {
                if let Some(two) = geo.forward(us, one) {
                    if pos.board[two as usize] == 0 {
                        let kind = if first { MoveKind::Normal } else { MoveKind::DoublePush };
                        push(two, kind);
                    }
                }
            }
        }
    }
    for &t in geo.pawn_attacks(us, sq) {
        if pos.board[t as usize] != 0 && !pos.is_color(t, us) {
            push(t, MoveKind::Normal);
        } else if Some(t) == pos.ep && pos.board[t as usize] == 0 {
            push(t, MoveKind::EnPassant);
        }
    }
}

pub(crate) fn castling_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    let Some(king) = pos.kings[us.index()] else {
        return;
    };
    for side in [QUEENSIDE, KINGSIDE] {
        let Some(rook) = pos.castles[us.index()][side] else {
            continue;
        };
        if castle_ok(pos, king, rook, side) {
            emit(Move {
                role: Role::King,
                from: king,
                to: rook,
                promotion: None,
                kind: MoveKind::Castle,
            });
        }
    }
}

/// The squares between king, rook and their targets are free, and the king neither starts
/// in check nor crosses an attacked square (its final square is checked like any move).
fn castle_ok(pos: &Position, king: u8, rook: u8, side: usize) -> bool {
    let us = pos.turn;
    let geo = pos.geo;
    let (kt, rt) = pos.castle_targets(us, side);
    let files = [geo.file(king), geo.file(rook), geo.file(kt), geo.file(rt)];
    let lo = files.iter().copied().min().unwrap_or(0);
    let hi = files.iter().copied().max().unwrap_or(0);
    let rank_start = geo.rank(king) * geo.width;
    for f in lo..=hi {
        let sq = rank_start + f;
        if !geo.has(sq) || (sq != king && sq != rook && pos.board[sq as usize] != 0) {
            return false;
        }
    }
    let them = us.other();
    let their_king = pos.kings[them.index()];
    let near_their_king = |sq: u8| their_king.is_some_and(|k| geo.king.get(k as usize).contains(&sq));
    let exempt = |sq: u8| pos.variant.explodes() && near_their_king(sq);
    match pos.variant.safety() {
        Safety::Tried => return super::fairy::castle_path_safe(pos, king, kt),
        // Without a royal king (extinction) castling may start, pass and end attacked.
        Safety::None => return true,
        _ => {}
    }
    if pos.attacked(king, them) && !exempt(king) {
        return false;
    }
    let (kf, tf) = (geo.file(king), geo.file(kt));
    let path = if kf <= tf { kf..tf } else { (tf + 1)..(kf + 1) };
    for f in path {
        let sq = rank_start + f;
        if sq != king && pos.attacked_through(sq, them, Some(king)) && !exempt(sq) {
            return false;
        }
    }
    true
}

fn drop_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    if !pos.variant.drops() {
        return;
    }
    let geo = pos.geo;
    let us = pos.turn;
    for role in ROLES {
        if pos.pockets[us.index()][role.index()] == 0 {
            continue;
        }
        for sq in 0..geo.squares() as u8 {
            if pos.board[sq as usize] != 0 || !geo.has(sq) {
                continue;
            }
            let rank = geo.rank(sq);
            if role == Role::Pawn && (rank == 0 || rank == geo.height - 1) {
                continue;
            }
            emit(Move {
                role,
                from: sq,
                to: sq,
                promotion: None,
                kind: MoveKind::Drop,
            });
        }
    }
}
