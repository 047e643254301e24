//! Circe chess: a captured piece (never a king) is reborn on its game-array square: a pawn on
//! its own second rank in the file of the capture, a queen on its d-file square, a rook,
//! bishop or knight on the one of its two home squares of the capture square's colour; a
//! promoted piece as the piece it is now. If that square is occupied the piece vanishes. A
//! reborn rook gets no castling right back.

use crate::piece::{Color, Piece, Role};
use crate::position::Position;

/// Where a piece of `color` and `role` captured on `at` is reborn (8x8 game array).
pub fn rebirth_square(pos: &Position, color: Color, role: Role, at: u8) -> Option<u8> {
    let geo = pos.geo;
    let back = if color == Color::White { 0 } else { geo.height - 1 };
    let files: &[u8] = match role {
        Role::Pawn => {
            let rank = if color == Color::White { 1 } else { geo.height - 2 };
            return geo.square(geo.file(at), rank);
        }
        Role::Queen => &[3],
        Role::Rook => &[0, 7],
        Role::Knight => &[1, 6],
        Role::Bishop => &[2, 5],
        // Kings are never taken; Congo's pieces never stand on a Circe board.
        _ => return None,
    };
    files
        .iter()
        .filter_map(|&f| geo.square(f, back))
        .find(|&sq| files.len() == 1 || geo.light(sq) == geo.light(at))
}

pub fn after_move(pos: &mut Position, taken: u8, taken_sq: u8) {
    let Some(piece) = Piece::from_code(taken) else {
        return;
    };
    if let Some(sq) = rebirth_square(pos, piece.color, piece.role, taken_sq) {
        if pos.board[sq as usize] == 0 {
            pos.put(sq, piece.code());
        }
    }
}
