//! Which pieces attack a square, however far away: sliders are found by looking through the
//! pieces on the board for the nearest one on each of the eight lines, never by walking squares.

use super::board::{line_between, Board, Kind, Side, Square};

/// The eight steps of a knight.
pub const KNIGHT: [(i64, i64); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// The eight unit steps: the four straight ones first, then the four diagonal ones.
pub const DIRECTIONS: [(i64, i64); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Whether a unit step goes along a rank or a file.
pub fn is_straight(step: (i64, i64)) -> bool {
    step.0 == 0 || step.1 == 0
}

/// The squares of `by`'s pieces that attack `target` (a piece standing on `target` is not
/// counted as its own attacker).
pub fn attackers(board: &Board, target: Square, by: Side) -> Vec<Square> {
    let mut found = Vec::new();
    // The nearest piece on each of the eight lines out of `target`: (distance, square).
    let mut nearest: [Option<(i64, Square)>; 8] = [None; 8];
    for (&sq, &piece) in board {
        if sq == target {
            continue;
        }
        let (dx, dy) = (sq.x - target.x, sq.y - target.y);
        if piece.side == by {
            let leaps = match piece.kind {
                Kind::Knight => KNIGHT.contains(&(dx, dy)),
                Kind::King => dx.abs() <= 1 && dy.abs() <= 1,
                // A pawn takes one square forward and to either side.
                Kind::Pawn => dy == -by.forward() && dx.abs() == 1,
                _ => false,
            };
            if leaps {
                found.push(sq);
            }
        }
        if let Some((step, k)) = line_between(target, sq) {
            if let Some(i) = DIRECTIONS.iter().position(|&d| d == step) {
                if nearest[i].is_none_or(|(best, _)| k < best) {
                    nearest[i] = Some((k, sq));
                }
            }
        }
    }
    for (i, near) in nearest.iter().enumerate() {
        let Some((_, sq)) = near else { continue };
        let Some(piece) = board.get(sq) else { continue };
        let slides = if is_straight(DIRECTIONS[i]) {
            piece.kind.slides_straight()
        } else {
            piece.kind.slides_diagonally()
        };
        if piece.side == by && slides {
            found.push(*sq);
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Whether `by` attacks `target`.
pub fn attacked(board: &Board, target: Square, by: Side) -> bool {
    !attackers(board, target, by).is_empty()
}
