//! Knightmare Chess's regular moves: kifu-chess's legal moves, less any capture of a king,
//! plus castling through or out of check (the published game allows it when the king ends
//! safe); and whether a card's move follows a kind's pattern. It never changes a position.

use kifu_chess::movegen::{gen_pseudo, legal_moves};
use kifu_chess::piece::{Color, Piece, Role};
use kifu_chess::position::{KINGSIDE, QUEENSIDE};
use kifu_chess::{Move, MoveKind, Position};

/// The side to move's regular moves.
pub fn regular_moves(pos: &Position) -> Vec<Move> {
    let their_king = pos.kings[pos.turn.other().index()];
    let mut moves: Vec<Move> = legal_moves(pos)
        .into_iter()
        .filter(|m| Some(m.to) != their_king)
        .collect();
    for m in castles_through_check(pos) {
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

/// Castling whose king starts in or crosses an attacked square but ends safe: the squares
/// between king, rook and their targets empty, as in chess.
fn castles_through_check(pos: &Position) -> Vec<Move> {
    let us = pos.turn;
    let Some(king) = pos.kings[us.index()] else {
        return Vec::new();
    };
    let geo = pos.geo;
    let mut out = Vec::new();
    for side in [QUEENSIDE, KINGSIDE] {
        let Some(rook) = pos.castles[us.index()][side] else {
            continue;
        };
        let (kt, rt) = pos.castle_targets(us, side);
        let files = [geo.file(king), geo.file(rook), geo.file(kt), geo.file(rt)];
        let (lo, hi) = (files.iter().min().copied(), files.iter().max().copied());
        let (Some(lo), Some(hi)) = (lo, hi) else { continue };
        let clear = (lo..=hi).all(|f| {
            geo.square(f, geo.rank(king))
                .is_some_and(|sq| sq == king || sq == rook || pos.board[sq as usize] == 0)
        });
        if !clear {
            continue;
        }
        let m = Move {
            role: Role::King,
            from: king,
            to: rook,
            promotion: None,
            kind: MoveKind::Castle,
        };
        let mut after = pos.clone();
        after.play(&m);
        if !after.in_check(us) {
            out.push(m);
        }
    }
    out
}

/// Whether a piece of `color` and of kind `kind`, standing on `from`, could go to
/// `to` on this board by that kind's move (sliding paths clear, a capture only of the other
/// side's piece, a pawn by its pushes and diagonal captures); castling and en passant aside.
pub fn pattern_allows(pos: &Position, color: Color, kind: Role, from: u8, to: u8) -> bool {
    let mut board = pos.clone();
    board.turn = color;
    board.ep = None;
    board.castles = [[None; 2]; 2];
    board.put(from, Piece::new(color, kind).code());
    board.find_kings();
    let mut pseudo = Vec::new();
    gen_pseudo(&board, &mut pseudo);
    pseudo
        .iter()
        .any(|m| m.from == from && m.to == to && m.kind != MoveKind::Castle)
}
