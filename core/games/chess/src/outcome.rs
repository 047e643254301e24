//! How a position ends the game: each variant's own win, checkmate, stalemate, insufficient
//! material and the seventy-five-move rule (repetition needs the game's history and lives in
//! the rules), and which of them count after an illegal move that stood. Pure functions of a
//! position; they never change it.

use super::movegen::legal_moves;
use super::piece::{Color, Role};
use super::position::{Move, Position};
use super::variant::Variant;
use kifu_core::rules::Outcome;

fn seat(color: Color) -> u8 {
    color.index() as u8
}

/// A variant's own ending, if reached (none for standard chess, Chess960 and crazyhouse).
pub fn variant_result(pos: &Position) -> Option<Outcome> {
    let us = pos.turn;
    match pos.variant {
        Variant::Standard | Variant::Chess960 | Variant::Crazyhouse | Variant::Balbo => None,
        Variant::Atomic => {
            let gone = |c: Color| pos.kings[c.index()].is_none();
            if gone(us) {
                Some(Outcome::win(
                    seat(us.other()),
                    format!("the {} king exploded", us.name()),
                ))
            } else if gone(us.other()) {
                Some(Outcome::win(
                    seat(us),
                    format!("the {} king exploded", us.other().name()),
                ))
            } else {
                None
            }
        }
        Variant::Antichess => {
            if pos.pieces(us).next().is_none() {
                Some(Outcome::win(seat(us), format!("{} lost every piece", us.name())))
            } else if pos.pieces(us.other()).next().is_none() {
                Some(Outcome::win(
                    seat(us.other()),
                    format!("{} lost every piece", us.other().name()),
                ))
            } else {
                None
            }
        }
        Variant::Horde | Variant::Dunsany => {
            for c in [us, us.other()] {
                if pos.pieces(c).next().is_none() {
                    return Some(Outcome::win(
                        seat(c.other()),
                        format!("{} has no pieces left", c.name()),
                    ));
                }
            }
            None
        }
        Variant::KingOfTheHill => {
            for c in [us, us.other()] {
                if pos.kings[c.index()].is_some_and(|k| on_hill(pos, k)) {
                    return Some(Outcome::win(seat(c), format!("the {} king reached the hill", c.name())));
                }
            }
            None
        }
        Variant::ThreeCheck => {
            let limit = pos.variant.checks_to_win().unwrap_or(3);
            for c in [us, us.other()] {
                if pos.checks[c.index()] >= limit {
                    return Some(Outcome::win(seat(c), format!("{} gave the third check", c.name())));
                }
            }
            None
        }
        Variant::RacingKings => racing_result(pos),
        _ => super::fairy::variant_result(pos),
    }
}

fn on_hill(pos: &Position, sq: u8) -> bool {
    let geo = pos.geo;
    let (f, r) = (geo.file(sq), geo.rank(sq));
    let (w, h) = (geo.width, geo.height);
    (f == w / 2 - 1 || f == w / 2) && (r == h / 2 - 1 || r == h / 2)
}

/// Racing kings: a king on the last rank wins, unless white got there first and black can
/// still reach it on the very next move (then a black arrival draws).
fn racing_result(pos: &Position) -> Option<Outcome> {
    let geo = pos.geo;
    let goal = |c: Color| pos.kings[c.index()].is_some_and(|k| geo.rank(k) == geo.height - 1);
    let (white, black) = (goal(Color::White), goal(Color::Black));
    match (white, black) {
        (true, true) => Some(Outcome::draw("both kings reached the eighth rank")),
        (false, true) => Some(Outcome::win(1, "the black king reached the eighth rank")),
        (true, false) => {
            if pos.turn == Color::Black && black_can_reach(pos) {
                None
            } else {
                Some(Outcome::win(0, "the white king reached the eighth rank"))
            }
        }
        (false, false) => None,
    }
}

fn black_can_reach(pos: &Position) -> bool {
    let geo = pos.geo;
    let Some(k) = pos.kings[Color::Black.index()] else {
        return false;
    };
    geo.king
        .get(k as usize)
        .iter()
        .any(|&t| geo.rank(t) == geo.height - 1 && !pos.is_color(t, Color::Black) && !pos.attacked(t, Color::White))
}

/// The game's end in this position, repetition aside, in the order: variant ending,
/// checkmate, insufficient material, stalemate, seventy-five-move rule.
pub fn position_result(pos: &Position) -> Option<Outcome> {
    if let Some(o) = variant_result(pos) {
        return Some(o);
    }
    position_result_among(pos, &legal_moves(pos))
}

/// As [`position_result`], with the position's legal moves already generated.
pub fn position_result_among(pos: &Position, legal: &[Move]) -> Option<Outcome> {
    position_result_moving(pos, !legal.is_empty())
}

/// As [`position_result`], knowing whether the side to move has a legal move (`can_move`):
/// the only thing the game's end asks of the legal moves.
pub fn position_result_moving(pos: &Position, can_move: bool) -> Option<Outcome> {
    if let Some(o) = variant_result(pos) {
        return Some(o);
    }
    let us = pos.turn;
    if !can_move && pos.in_check(us) {
        return Some(Outcome::win(seat(us.other()), "checkmate"));
    }
    if insufficient_material(pos) {
        return Some(Outcome::draw("insufficient material"));
    }
    if !can_move {
        if pos.variant == Variant::Antichess {
            return Some(Outcome::win(seat(us), format!("{} has no legal move", us.name())));
        }
        if pos.variant == Variant::Glinski {
            return Some(Outcome::win(
                seat(us.other()),
                "stalemate (Glinski scores it 3/4 to the stalemating side; recorded as its win)",
            ));
        }
        return Some(Outcome::draw("stalemate"));
    }
    seventy_five(pos)
}

/// The game's end in a position an illegal move that stood has left. Checkmate, stalemate and
/// a dead position end the game only when the move that made them was legal (FIDE Laws 5.1.1,
/// 5.2.1, 5.2.2), so they are not judged here (nor antichess's win by having no move, its
/// stalemate); a variant's own win and the seventy-five-move rule have no such condition.
pub fn result_after_illegal(pos: &Position) -> Option<Outcome> {
    variant_result(pos).or_else(|| seventy_five(pos))
}

fn seventy_five(pos: &Position) -> Option<Outcome> {
    if pos.halfmove >= 150 && !pos.variant.drops() {
        return Some(Outcome::draw("seventy-five moves without a capture or a pawn move"));
    }
    None
}

fn count(pos: &Position, color: Color, role: Role) -> usize {
    pos.pieces(color).filter(|(_, r)| *r == role).count()
}

fn all_count(pos: &Position, role: Role) -> usize {
    count(pos, Color::White, role) + count(pos, Color::Black, role)
}

/// Neither side can ever win, by the variant's material rule.
pub fn insufficient_material(pos: &Position) -> bool {
    match pos.variant {
        Variant::Standard
        | Variant::Chess960
        | Variant::ThreeCheck
        | Variant::LosAlamos
        | Variant::Balbo
        | Variant::Alice => standard_dead(pos),
        Variant::Atomic => atomic_cannot_win(pos, Color::White) && atomic_cannot_win(pos, Color::Black),
        Variant::Antichess => antichess_cannot_win(pos, Color::White) && antichess_cannot_win(pos, Color::Black),
        Variant::Crazyhouse => crazyhouse_dead(pos),
        Variant::Hostage => super::fairy::hostage::dead(pos),
        Variant::Horde | Variant::KingOfTheHill | Variant::RacingKings => false,
        // Chessence: a side without men on the board may still enter one from reserve.
        // Dynamo: even bare kings can push each other off.
        Variant::Dunsany | Variant::Extinction | Variant::Chessence | Variant::Dynamo => false,
        _ => super::fairy::bare_kings(pos),
    }
}

/// King against king, king and knight against king, or kings with bishops all on one colour.
/// (Three-check: only bare kings, since any piece can give check.)
fn standard_dead(pos: &Position) -> bool {
    // A pawn, rook or queen anywhere keeps the game alive: found by the sets at once.
    let alive = [Role::Pawn, Role::Rook, Role::Queen]
        .iter()
        .any(|r| pos.by_role[r.index()].iter().any(|&word| word != 0));
    if alive {
        return false;
    }
    let mut knights = 0;
    let mut light = false;
    let mut dark = false;
    for color in [Color::White, Color::Black] {
        for (sq, role) in pos.pieces(color) {
            match role {
                Role::King => {}
                Role::Knight => knights += 1,
                Role::Bishop if pos.geo.light(sq) => light = true,
                Role::Bishop => dark = true,
                _ => return false,
            }
        }
    }
    if pos.variant == Variant::ThreeCheck {
        return knights == 0 && !light && !dark;
    }
    (knights == 0 && !(light && dark)) || (knights == 1 && !light && !dark)
}

fn atomic_cannot_win(pos: &Position, color: Color) -> bool {
    let them = color.other();
    if pos.kings[them.index()].is_none() {
        return false;
    }
    let ours: Vec<Role> = pos.pieces(color).map(|(_, r)| r).filter(|r| *r != Role::King).collect();
    if ours.is_empty() {
        return true;
    }
    let theirs_extra = pos.pieces(them).any(|(_, r)| r != Role::King);
    if theirs_extra {
        let only_bishops = [Color::White, Color::Black]
            .iter()
            .all(|&c| pos.pieces(c).all(|(_, r)| r == Role::King || r == Role::Bishop));
        if only_bishops {
            let on = |c: Color, light: bool| {
                pos.pieces(c)
                    .any(|(sq, r)| r == Role::Bishop && pos.geo.light(sq) == light)
            };
            if !on(Color::White, false) {
                return !on(Color::Black, true);
            }
            if !on(Color::White, true) {
                return !on(Color::Black, false);
            }
        }
        return false;
    }
    if all_count(pos, Role::Queen) > 0 || all_count(pos, Role::Pawn) > 0 {
        return false;
    }
    let minors = all_count(pos, Role::Knight) + all_count(pos, Role::Bishop) + all_count(pos, Role::Rook);
    if minors == 1 {
        return true;
    }
    if ours.iter().all(|r| *r == Role::Knight) {
        return all_count(pos, Role::Knight) <= 2;
    }
    false
}

fn antichess_cannot_win(pos: &Position, color: Color) -> bool {
    let them = color.other();
    if pos.pieces(color).next().is_none() {
        return false;
    }
    if pos.pieces(them).next().is_none() {
        return true;
    }
    let all = |role: Role| {
        [Color::White, Color::Black]
            .iter()
            .all(|&c| pos.pieces(c).all(|(_, r)| r == role))
    };
    if all(Role::Bishop) {
        let some_on = |c: Color, light: bool| pos.pieces(c).any(|(sq, _)| pos.geo.light(sq) == light);
        let all_on = |c: Color, light: bool| pos.pieces(c).all(|(sq, _)| pos.geo.light(sq) == light);
        return (some_on(color, true) && all_on(them, false)) || (some_on(color, false) && all_on(them, true));
    }
    if all(Role::Knight) && all_count(pos, Role::Knight) == 2 {
        let white_light = pos.pieces(Color::White).any(|(sq, _)| pos.geo.light(sq));
        let black_dark = pos.pieces(Color::Black).any(|(sq, _)| !pos.geo.light(sq));
        return (pos.turn == color) ^ white_light ^ black_dark;
    }
    false
}

/// Crazyhouse: at most three men on board and in pockets, no pawn, rook, queen or
/// promoted piece anywhere.
fn crazyhouse_dead(pos: &Position) -> bool {
    let on_board = pos.pieces(Color::White).count() + pos.pieces(Color::Black).count();
    let pocketed: usize = pos.pockets.iter().flatten().map(|&n| n as usize).sum();
    let heavy = |role: Role| all_count(pos, role) > 0 || pos.pockets.iter().any(|p| p[role.index()] > 0);
    let promoted = (0..pos.geo.squares()).any(|sq| pos.board[sq] & super::piece::PROMOTED_BIT != 0);
    on_board + pocketed <= 3 && !promoted && !heavy(Role::Pawn) && !heavy(Role::Rook) && !heavy(Role::Queen)
}
