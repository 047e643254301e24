//! Millennium 3D Chess's moves (seeds/chess/millennium3d.md): each man's steps and slides in
//! three dimensions, pawns' pushes, double steps, captures and en passant, castling on the home
//! level, promotion on the far rank of the far level, check. Pure functions of a position.

use crate::board::{
    home_level, home_rank, level, offset, rank, square, Colour, EnPassant, Kind, Man, Position, Square, BLACK_LONG,
    BLACK_SHORT, SQUARES, WHITE_LONG, WHITE_SHORT,
};

/// What a move does besides going from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    Plain,
    /// A pawn's two-square first move (forward, vertical or both), which leaves an en passant
    /// square behind it.
    DoubleStep,
    /// A pawn takes the pawn that just double-stepped over its landing square.
    EnPassant,
    /// The king goes two files along its home rank and the rook jumps over it.
    Castle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Kind>,
    pub special: Special,
}

/// A direction (level, file, rank steps).
type Step = (i8, i8, i8);

/// Every one-square direction of the 8x8x3 lattice (26).
fn all_directions() -> impl Iterator<Item = Step> {
    (-1..=1)
        .flat_map(|dl| (-1..=1).flat_map(move |df| (-1..=1).map(move |dr| (dl, df, dr))))
        .filter(|&d| d != (0, 0, 0))
}

/// A rook's lines: never a file and a rank step together (straight lines on a level, straight
/// up and down, and a level step with one file or rank step).
fn rook_line(d: Step) -> bool {
    !(d.1 != 0 && d.2 != 0)
}

/// A bishop's lines: a file and a rank step together, on the level or with a level step.
fn bishop_line(d: Step) -> bool {
    d.1 != 0 && d.2 != 0
}

fn slides(kind: Kind, d: Step) -> bool {
    match kind {
        Kind::Rook => rook_line(d),
        Kind::Bishop => bishop_line(d),
        Kind::Queen => true,
        _ => false,
    }
}

/// The knight's leaps: one and two squares along two of the three axes (24).
pub const KNIGHT_LEAPS: [Step; 24] = [
    (0, 1, 2),
    (0, 1, -2),
    (0, -1, 2),
    (0, -1, -2),
    (0, 2, 1),
    (0, 2, -1),
    (0, -2, 1),
    (0, -2, -1),
    (1, 0, 2),
    (1, 0, -2),
    (-1, 0, 2),
    (-1, 0, -2),
    (2, 0, 1),
    (2, 0, -1),
    (-2, 0, 1),
    (-2, 0, -1),
    (1, 2, 0),
    (1, -2, 0),
    (-1, 2, 0),
    (-1, -2, 0),
    (2, 1, 0),
    (2, -1, 0),
    (-2, 1, 0),
    (-2, -1, 0),
];

/// Whether `by` attacks `target` (a man of `by` could take there, pins aside).
pub fn attacked(pos: &Position, target: Square, by: Colour) -> bool {
    for (dl, df, dr) in all_directions() {
        let mut distance = 0;
        let mut at = target;
        while let Some(next) = offset(at, dl, df, dr) {
            distance += 1;
            at = next;
            let Some(man) = pos.at(at) else { continue };
            if man.colour == by {
                let reaches = match man.kind {
                    Kind::King => distance == 1,
                    // A pawn takes one file sideways and one rank forward, on its level or one
                    // level up or down: seen from the target it stands one rank behind.
                    Kind::Pawn => distance == 1 && df != 0 && dr == -by.forward(),
                    Kind::Knight => false,
                    kind => slides(kind, (dl, df, dr)),
                };
                if reaches {
                    return true;
                }
            }
            break;
        }
    }
    KNIGHT_LEAPS.iter().any(|&(dl, df, dr)| {
        offset(target, dl, df, dr).and_then(|s| pos.at(s))
            == Some(Man {
                colour: by,
                kind: Kind::Knight,
            })
    })
}

/// Whether the side to move stands in check.
pub fn in_check(pos: &Position) -> bool {
    pos.king(pos.to_move)
        .is_some_and(|k| attacked(pos, k, pos.to_move.other()))
}

/// The moves of the side to move that leave its king out of check.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let us = pos.to_move;
    let king = pos.king(us);
    let mut scratch = pos.clone();
    pseudo_moves(pos)
        .into_iter()
        .filter(|m| safe_after(&mut scratch, king, m))
        .collect()
}

/// Whether the side to move has a legal move (stops at the first found).
pub fn has_legal_move(pos: &Position) -> bool {
    let king = pos.king(pos.to_move);
    let mut scratch = pos.clone();
    pseudo_moves(pos).iter().any(|m| safe_after(&mut scratch, king, m))
}

/// Whether the mover's king is out of check after `m`: the men it moves are moved on
/// `scratch` (the position itself) and put back before returning.
fn safe_after(scratch: &mut Position, king: Option<Square>, m: &Move) -> bool {
    let us = scratch.to_move;
    let moved = scratch.men[m.from as usize];
    let taken = scratch.men[m.to as usize];
    let ep_pawn = match (m.special, scratch.en_passant) {
        (Special::EnPassant, Some(ep)) => Some((ep.pawn, scratch.men[ep.pawn as usize].take())),
        _ => None,
    };
    scratch.men[m.from as usize] = None;
    scratch.men[m.to as usize] = moved;
    // Castling's rook is left where it is: every line its new square closes on the king's new
    // square runs on through the king's old square, which castling requires unattacked.
    let king_at = if king == Some(m.from) { Some(m.to) } else { king };
    let safe = king_at.is_none_or(|k| !attacked(scratch, k, us.other()));
    scratch.men[m.from as usize] = moved;
    scratch.men[m.to as usize] = taken;
    if let Some((at, man)) = ep_pawn {
        scratch.men[at as usize] = man;
    }
    safe
}

/// The moves of the side to move by the men's patterns, checks aside (castling's own
/// conditions on check are applied here).
fn pseudo_moves(pos: &Position) -> Vec<Move> {
    let us = pos.to_move;
    let mut moves = Vec::new();
    for from in 0..SQUARES as u8 {
        let Some(man) = pos.at(from) else { continue };
        if man.colour != us {
            continue;
        }
        match man.kind {
            Kind::Pawn => pawn_moves(pos, from, &mut moves),
            Kind::Knight => {
                for &(dl, df, dr) in &KNIGHT_LEAPS {
                    if let Some(to) = offset(from, dl, df, dr) {
                        push_unless_own(pos, from, to, &mut moves);
                    }
                }
            }
            Kind::King => {
                for (dl, df, dr) in all_directions() {
                    if let Some(to) = offset(from, dl, df, dr) {
                        push_unless_own(pos, from, to, &mut moves);
                    }
                }
            }
            kind => {
                for d in all_directions().filter(|&d| slides(kind, d)) {
                    let mut at = from;
                    while let Some(to) = offset(at, d.0, d.1, d.2) {
                        at = to;
                        push_unless_own(pos, from, to, &mut moves);
                        if pos.at(to).is_some() {
                            break;
                        }
                    }
                }
            }
        }
    }
    castles(pos, &mut moves);
    moves
}

fn push_unless_own(pos: &Position, from: Square, to: Square, moves: &mut Vec<Move>) {
    if pos.at(to).is_none_or(|m| m.colour != pos.to_move) {
        moves.push(Move {
            from,
            to,
            promotion: None,
            special: Special::Plain,
        });
    }
}

/// Whether a pawn of `colour` on `s` stands on its starting square (second rank, home level).
pub fn on_pawn_start(colour: Colour, s: Square) -> bool {
    level(s) == home_level(colour) && rank(s) == home_rank(colour) + colour.forward()
}

/// Whether a pawn of `colour` arriving on `s` promotes: the far rank of the far level.
pub fn promotes(colour: Colour, s: Square) -> bool {
    let them = colour.other();
    level(s) == home_level(them) && rank(s) == home_rank(them)
}

fn pawn_moves(pos: &Position, from: Square, moves: &mut Vec<Move>) {
    let us = pos.to_move;
    let fwd = us.forward();
    let mut add = |to: Square, special: Special| {
        if promotes(us, to) {
            for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                moves.push(Move {
                    from,
                    to,
                    promotion: Some(kind),
                    special,
                });
            }
        } else {
            moves.push(Move {
                from,
                to,
                promotion: None,
                special,
            });
        }
    };
    // Pushes: a rank forward, a level up or down, or both; from the start square also the
    // same twice over the empty square between.
    for (dl, dr) in [(0, fwd), (1, 0), (-1, 0), (1, fwd), (-1, fwd)] {
        let Some(one) = offset(from, dl, 0, dr) else { continue };
        if pos.at(one).is_some() {
            continue;
        }
        add(one, Special::Plain);
        if on_pawn_start(us, from) {
            if let Some(two) = offset(from, 2 * dl, 0, 2 * dr) {
                if pos.at(two).is_none() {
                    add(two, Special::DoubleStep);
                }
            }
        }
    }
    // Captures: a file sideways and a rank forward, on the level or one level up or down.
    for dl in [-1, 0, 1] {
        for df in [-1, 1] {
            let Some(to) = offset(from, dl, df, fwd) else { continue };
            match pos.at(to) {
                Some(man) if man.colour != us => add(to, Special::Plain),
                None if pos.en_passant.is_some_and(|ep| ep.passed == to) => add(to, Special::EnPassant),
                _ => {}
            }
        }
    }
}

fn castles(pos: &Position, moves: &mut Vec<Move>) {
    let us = pos.to_move;
    let (short, long) = match us {
        Colour::White => (WHITE_SHORT, WHITE_LONG),
        Colour::Black => (BLACK_SHORT, BLACK_LONG),
    };
    let (l, r) = (home_level(us), home_rank(us));
    let on = |f: i8| square(l, f, r).unwrap_or(0);
    let king = on(4);
    if pos.at(king)
        != Some(Man {
            colour: us,
            kind: Kind::King,
        })
        || attacked(pos, king, us.other())
    {
        return;
    }
    // (right, rook's file, files that must be empty, files the king crosses and lands on)
    let sides: [(u8, i8, &[i8], [i8; 2]); 2] = [(short, 7, &[5, 6], [5, 6]), (long, 0, &[1, 2, 3], [3, 2])];
    for (right, rook_file, empty, path) in sides {
        if pos.castling & right == 0
            || pos.at(on(rook_file))
                != Some(Man {
                    colour: us,
                    kind: Kind::Rook,
                })
        {
            continue;
        }
        if empty.iter().any(|&f| pos.at(on(f)).is_some()) {
            continue;
        }
        if path.iter().any(|&f| attacked(pos, on(f), us.other())) {
            continue;
        }
        moves.push(Move {
            from: king,
            to: on(path[1]),
            promotion: None,
            special: Special::Castle,
        });
    }
}

/// The castling rights a move from or to `s` takes away (a king or rook leaving its square, a
/// rook taken on it).
fn rights_lost(s: Square) -> u8 {
    let corner = |colour: Colour, f: i8| square(home_level(colour), f, home_rank(colour)) == Some(s);
    let mut lost = 0;
    if corner(Colour::White, 4) {
        lost |= WHITE_SHORT | WHITE_LONG;
    }
    if corner(Colour::White, 7) {
        lost |= WHITE_SHORT;
    }
    if corner(Colour::White, 0) {
        lost |= WHITE_LONG;
    }
    if corner(Colour::Black, 4) {
        lost |= BLACK_SHORT | BLACK_LONG;
    }
    if corner(Colour::Black, 7) {
        lost |= BLACK_SHORT;
    }
    if corner(Colour::Black, 0) {
        lost |= BLACK_LONG;
    }
    lost
}

/// The position after `m` (taken as possible; legality is `legal_moves`'s).
pub fn play(pos: &Position, m: &Move) -> Position {
    let mut next = pos.clone();
    let Some(man) = pos.at(m.from) else { return next };
    let captured = pos.at(m.to).is_some() || m.special == Special::EnPassant;
    next.men[m.from as usize] = None;
    next.men[m.to as usize] = Some(Man {
        colour: man.colour,
        kind: m.promotion.unwrap_or(man.kind),
    });
    match m.special {
        Special::EnPassant => {
            if let Some(ep) = pos.en_passant {
                next.men[ep.pawn as usize] = None;
            }
        }
        Special::Castle => {
            let (l, r) = (level(m.to), rank(m.to));
            let (rook_from, rook_to) = if crate::board::file(m.to) == 6 { (7, 5) } else { (0, 3) };
            if let (Some(a), Some(b)) = (square(l, rook_from, r), square(l, rook_to, r)) {
                next.men[b as usize] = next.men[a as usize].take();
            }
        }
        _ => {}
    }
    next.en_passant = match m.special {
        Special::DoubleStep => {
            let mid = |a: Square, b: Square, f: fn(Square) -> i8| (f(a) + f(b)) / 2;
            square(
                mid(m.from, m.to, level),
                crate::board::file(m.from),
                mid(m.from, m.to, rank),
            )
            .map(|passed| EnPassant { passed, pawn: m.to })
        }
        _ => None,
    };
    next.castling &= !(rights_lost(m.from) | rights_lost(m.to));
    next.halfmove = if captured || man.kind == Kind::Pawn {
        0
    } else {
        pos.halfmove + 1
    };
    if man.colour == Colour::Black {
        next.fullmove += 1;
    }
    next.to_move = man.colour.other();
    next
}

/// Whether positions before `m` can never come back after it: a capture, a pawn's step to
/// another rank, a promotion, or lost castling rights (a pawn's level step alone is reversible).
pub fn irreversible(pos: &Position, m: &Move, after: &Position) -> bool {
    pos.at(m.to).is_some()
        || m.special == Special::EnPassant
        || m.promotion.is_some()
        || (pos.at(m.from).is_some_and(|man| man.kind == Kind::Pawn) && rank(m.from) != rank(m.to))
        || after.castling != pos.castling
}

/// The number of move sequences `depth` plies long from `pos` (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&play(pos, m), depth - 1)).sum()
}
