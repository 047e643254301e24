//! Congo (Demian Freeling, 1982) on the one engine: its pieces' moves (`moves`), making a move
//! with the monkey's jump chains and the river's drowning (`play` below), the game's end and
//! the notation of jumps (`notation`). Rules as `seeds/chess/congo.md` states them. Pure:
//! nothing here keeps state between calls.

pub mod moves;
pub mod notation;

pub use moves::moves;

use crate::movegen::count_legal;
use crate::piece::{Color, Piece, Role};
use crate::position::{Move, MoveKind, Position};
use kifu_core::rules::Outcome;

/// The eight directions as (files, ranks): north, north-east, east, south-east, south,
/// south-west, west, north-west, in the order chains of jumps are searched.
pub const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The river: the fourth rank (index 3).
pub const RIVER: u8 = 3;

/// Whether `sq` is in the river.
pub fn in_river(pos: &Position, sq: u8) -> bool {
    pos.geo.rank(sq) == RIVER
}

/// Whether `sq` is in `color`'s castle: files c to e, ranks 1 to 3 (white) or 5 to 7 (black).
pub fn in_castle(pos: &Position, color: Color, sq: u8) -> bool {
    let (file, rank) = (pos.geo.file(sq), pos.geo.rank(sq));
    let ranks = match color {
        Color::White => 0..=2,
        Color::Black => 4..=6,
    };
    (2..=4).contains(&file) && ranks.contains(&rank)
}

/// The route of a monkey's chain of jumps `m` in `pos` (empty for any other move).
pub fn route(pos: &Position, m: &Move) -> moves::Route {
    let empty = moves::Route {
        landings: Vec::new(),
        over: Vec::new(),
    };
    match m.kind {
        MoveKind::Jumps(i) => moves::chains(pos, m.from)
            .into_iter()
            .nth(usize::from(i))
            .unwrap_or(empty),
        _ => empty,
    }
}

/// Makes a Congo move, trusting it is legal: the piece lands (a pawn reaching the last rank
/// becomes the superpawn the move names), the pieces it took leave the board (a monkey's,
/// all at the end of its chain), then the mover's pieces drown: every one but a crocodile
/// that stood in the river when the turn began and stands in it still.
pub fn play(pos: &mut Position, m: &Move) {
    let us = pos.turn;
    let moving = pos.board[m.from as usize];
    let was_in_river: Vec<u8> = pos
        .pieces(us)
        .filter(|&(sq, role)| role != Role::Crocodile && sq != m.from && in_river(pos, sq))
        .map(|(sq, _)| sq)
        .collect();
    let mut taken = false;
    if let MoveKind::Jumps(_) = m.kind {
        for sq in route(pos, m).over {
            taken |= pos.board[sq as usize] != 0;
            pos.put(sq, 0);
        }
    } else {
        taken = pos.board[m.to as usize] != 0;
    }
    pos.put(m.from, 0);
    let placed = m.promotion.map_or(moving, |r| Piece::new(us, r).code());
    pos.put(m.to, placed);
    let mut drowned = false;
    for sq in was_in_river {
        drowned = true;
        pos.put(sq, 0);
    }
    if m.role != Role::Crocodile && in_river(pos, m.from) && in_river(pos, m.to) {
        drowned = true;
        pos.put(m.to, 0);
    }
    pos.ep = None;
    pos.castles = [[None; 2]; 2];
    let zeroing = m.role == Role::Pawn || taken || drowned;
    pos.halfmove = if zeroing { 0 } else { pos.halfmove + 1 };
    if us == Color::Black {
        pos.fullmove += 1;
    }
    pos.turn = us.other();
}

/// `color`'s lion's square, if it has one.
pub fn lion(pos: &Position, color: Color) -> Option<u8> {
    pos.pieces(color).find(|&(_, r)| r == Role::Lion).map(|(sq, _)| sq)
}

/// Congo's end: a side without its lion has lost; only the two lions left, neither able to
/// take the other, is a draw; a side with no move loses (there is no stalemate).
pub fn result(pos: &Position) -> Option<Outcome> {
    let us = pos.turn;
    for c in [us, us.other()] {
        if lion(pos, c).is_none() {
            return Some(Outcome::win(
                c.other().index() as u8,
                format!("the {} lion was taken", c.name()),
            ));
        }
    }
    let only_lions = [Color::White, Color::Black]
        .iter()
        .all(|&c| pos.pieces(c).all(|(_, r)| r == Role::Lion));
    if only_lions && !moves::lion_can_take_lion(pos) {
        return Some(Outcome::draw("only the two lions are left"));
    }
    if count_legal(pos) == 0 {
        return Some(Outcome::win(
            us.other().index() as u8,
            format!("{} has no move, and in Congo that loses", us.name()),
        ));
    }
    None
}

/// Congo's own check of a position read from text: only Congo's pieces, at most one lion a
/// side and inside its castle. Other variants: none of Congo's pieces.
pub fn check_pieces(pos: &Position) -> Result<(), String> {
    let congo = pos.variant == crate::variant::Variant::Congo;
    for color in [Color::White, Color::Black] {
        let mut lions = 0;
        for (sq, role) in pos.pieces(color) {
            let of_congo = matches!(
                role,
                Role::Pawn
                    | Role::Lion
                    | Role::Zebra
                    | Role::Giraffe
                    | Role::Elephant
                    | Role::Crocodile
                    | Role::Monkey
                    | Role::Superpawn
            );
            let stratomic = pos.variant == crate::variant::Variant::Stratomic;
            let of_chess = (role as u8) <= Role::King as u8 || (stratomic && role == Role::Nuclea);
            if (congo && !of_congo) || (!congo && !of_chess) {
                return Err(format!(
                    "'{}' on {} is not a piece letter of {} (it names a {})",
                    crate::piece::Piece::new(color, role).fen_char(),
                    pos.geo.name(sq),
                    pos.variant.name(),
                    role.name()
                ));
            }
            if role == Role::Lion {
                lions += 1;
                if !in_castle(pos, color, sq) {
                    return Err(format!(
                        "the {} lion on {} is outside its castle",
                        color.name(),
                        pos.geo.name(sq)
                    ));
                }
            }
        }
        if lions > 1 {
            return Err(format!("{} has {lions} lions; Congo has one a side", color.name()));
        }
    }
    Ok(())
}
