//! Where pieces may go and what a move takes, under a rule set: the rook moves, the squares
//! each piece may cross or stop on, custodial captures and the capture of the king. Pure
//! functions of a board; nothing here decides who wins.

use serde::{Deserialize, Serialize};

use super::board::{Board, Piece, Side, Square, DIRECTIONS, THRONE};
use super::ruleset::{Preset, RuleSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

/// What a square is to a piece sliding from `from`: it may stop there, only pass, or neither.
#[derive(PartialEq)]
enum Way {
    Stop,
    Pass,
    Blocked,
}

fn way(rules: &RuleSet, board: &Board, piece: Piece, from: Square, square: Square) -> Way {
    if board.at(square).is_some() {
        return Way::Blocked;
    }
    if rules.preset == Preset::Ashton {
        // pytablut: no one enters the castle; only black enters a camp, and only a black
        // soldier that starts in a camp, moving fewer than three squares.
        if square == THRONE {
            return Way::Blocked;
        }
        if rules.is_camp(square) {
            let near = from.file().abs_diff(square.file()) < 3 && from.rank().abs_diff(square.rank()) < 3;
            let allowed = piece == Piece::Black && rules.is_camp(from) && near;
            return if allowed { Way::Stop } else { Way::Blocked };
        }
        return Way::Stop;
    }
    if square == THRONE {
        return if piece == Piece::King { Way::Stop } else { Way::Pass };
    }
    if rules.is_fortress_corner(square) && piece != Piece::King {
        return Way::Blocked;
    }
    Way::Stop
}

/// Every move of the piece on `from`.
pub fn piece_moves(rules: &RuleSet, board: &Board, from: Square) -> Vec<Move> {
    let Some(piece) = board.at(from) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    for direction in DIRECTIONS {
        let mut square = from;
        while let Some(next) = square.step(direction) {
            match way(rules, board, piece, from, next) {
                Way::Blocked => break,
                Way::Pass => {}
                Way::Stop => moves.push(Move { from, to: next }),
            }
            square = next;
        }
    }
    moves
}

/// Every move of `side`, sorted by square names (file, then rank).
pub fn side_moves(rules: &RuleSet, board: &Board, side: Side) -> Vec<Move> {
    let mut moves: Vec<Move> = board
        .all()
        .filter(|(_, piece)| piece.side() == side)
        .flat_map(|(square, _)| piece_moves(rules, board, square))
        .collect();
    moves.sort_by_key(|m| (m.from.file(), m.from.rank(), m.to.file(), m.to.rank()));
    moves
}

/// Whether `side` has any move at all.
pub fn can_move(rules: &RuleSet, board: &Board, side: Side) -> bool {
    board
        .all()
        .any(|(square, piece)| piece.side() == side && !piece_moves(rules, board, square).is_empty())
}

/// Whether `square` counts as an enemy of the piece on `target` for a capture by `side`:
/// an armed piece of `side`, or a hostile square.
fn anvil(rules: &RuleSet, board: &Board, side: Side, square: Square, target: Square) -> bool {
    match board.at(square) {
        Some(Piece::King) if side == Side::White => rules.king_armed() || rules.hostile_square(square, true, target),
        Some(piece) if piece.side() == side => true,
        occupant => rules.hostile_square(square, occupant.is_some(), target),
    }
}

/// Moves `mv` on `board` and takes what it captures; returns the squares emptied, king last.
pub fn make(rules: &RuleSet, board: &mut Board, mv: Move) -> Vec<Square> {
    let Some(piece) = board.at(mv.from) else {
        return Vec::new();
    };
    board.set(mv.from, None);
    board.set(mv.to, Some(piece));
    let side = piece.side();
    if piece == Piece::King && !rules.king_armed() {
        return Vec::new();
    }
    let mut taken = Vec::new();
    let mut king = None;
    for direction in DIRECTIONS {
        let mut line = Vec::new();
        let mut square = mv.to;
        while let Some(next) = square.step(direction) {
            match board.at(next) {
                Some(p) if p.side() != side && p != Piece::King => line.push(next),
                _ => break,
            }
            square = next;
            if !rules.line_capture {
                break;
            }
        }
        if let (Some(first), Some(beyond)) = (line.first(), square.step(direction)) {
            if anvil(rules, board, side, beyond, *first) {
                taken.extend(line.iter().copied());
            }
        }
        if let Some(next) = mv.to.step(direction) {
            if side == Side::Black && board.at(next) == Some(Piece::King) && king_taken(rules, board, next, direction) {
                king = Some(next);
            }
        }
    }
    taken.sort();
    for square in &taken {
        board.set(*square, None);
    }
    if let Some(square) = king {
        board.set(square, None);
        taken.push(square);
    }
    taken
}

/// Whether the king on `king`, just reached by a black piece moving in `direction` beside
/// it, is taken.
fn king_taken(rules: &RuleSet, board: &Board, king: Square, direction: (i32, i32)) -> bool {
    let neighbours = DIRECTIONS.map(|d| king.step(d));
    let black_or = |square: Option<Square>, edge: bool| match square {
        None => edge,
        Some(s) => board.at(s) == Some(Piece::Black) || rules.hostile_square(s, board.at(s).is_some(), king),
    };
    let near_throne = king == THRONE || neighbours.contains(&Some(THRONE));
    match rules.preset {
        // Four sides, each a black piece, a hostile square or the edge of the board.
        Preset::Seed => neighbours.iter().all(|s| black_or(*s, true)),
        Preset::Linnaeus | Preset::Ashton if near_throne => neighbours.iter().all(|s| black_or(*s, false)),
        Preset::Linnaeus | Preset::Ashton => black_or(king.step(direction), false),
    }
}
