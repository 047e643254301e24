//! Alice chess as Fairy-Stockfish plays it (fixtures/chess/oracle/FFISH.md): two boards, one
//! placement (a piece's board is `BOARD_B_BIT` of its code, since no square is taken on both).
//! A move is a legal chess move on its piece's board alone, lands on a square empty on the
//! other board and passes through; the mover's king must then be safe on its own board. No en
//! passant; castling with king and rook on board A, both passing to B. Pure: never changes
//! the position it is given except in [`pass_through`].

use crate::movegen::{gen_pseudo, legal_moves};
use crate::piece::{Color, BOARD_B_BIT};
use crate::position::{Move, MoveKind, Position, KINGSIDE, QUEENSIDE};
use crate::variant::Variant;

fn on_b(code: u8) -> bool {
    code & BOARD_B_BIT != 0
}

/// One board alone as a standard chess position: only its pieces, castling only on board A
/// with king and rook both there, no en passant.
fn board_alone(pos: &Position, board_b: bool) -> Position {
    let mut alone = Position::empty_on(Variant::Standard, pos.geo);
    alone.turn = pos.turn;
    for color in [Color::White, Color::Black] {
        for sq in pos.squares_of(color) {
            let code = pos.board[sq as usize];
            if on_b(code) == board_b {
                alone.put(sq, code & !BOARD_B_BIT);
            }
        }
    }
    alone.find_kings();
    if !board_b {
        alone.castles = pos.castles;
        for color in [Color::White, Color::Black] {
            let king_here = alone.kings[color.index()].is_some();
            for rook in alone.castles[color.index()].iter_mut() {
                if !king_here || rook.is_some_and(|r| alone.board[r as usize] == 0) {
                    *rook = None;
                }
            }
        }
    }
    alone
}

/// Whether `by` attacks `sq` on the board of the piece standing there.
pub fn attacked_on_its_board(pos: &Position, sq: u8, by: Color) -> bool {
    board_alone(pos, on_b(pos.board[sq as usize])).attacked(sq, by)
}

/// The squares a move lands on: the piece's square, and for castling the rook's too.
fn landings(pos: &Position, m: &Move) -> [u8; 2] {
    if m.kind == MoveKind::Castle {
        let side = if pos.geo.file(m.to) > pos.geo.file(m.from) {
            KINGSIDE
        } else {
            QUEENSIDE
        };
        let (king, rook) = pos.castle_targets(pos.turn, side);
        [king, rook]
    } else {
        [m.to, m.to]
    }
}

/// Every move whose landing squares are free on the other board (the pieces' patterns on
/// their own boards, before the king's safety after passing through).
fn each_passing<F: FnMut(Move)>(pos: &Position, legal_on_board: bool, emit: &mut F) {
    for board_b in [false, true] {
        let alone = board_alone(pos, board_b);
        let moves = if legal_on_board {
            legal_moves(&alone)
        } else {
            let mut pseudo = Vec::new();
            gen_pseudo(&alone, &mut pseudo);
            pseudo
        };
        for m in moves {
            let free = landings(pos, &m).iter().all(|&sq| {
                let code = pos.board[sq as usize];
                code == 0 || on_b(code) == board_b
            });
            if free {
                emit(m);
            }
        }
    }
}

/// Each legal move: legal on its own board, landing free on the other, and leaving the
/// mover's king unattacked on the board it then stands on.
pub fn for_each_legal<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    each_passing(pos, true, &mut |m| {
        let mut after = pos.clone();
        after.play(&m);
        let safe = after.kings[us.index()].is_none_or(|k| !attacked_on_its_board(&after, k, us.other()));
        if safe {
            emit(m);
        }
    });
}

/// The moves the pieces' patterns give on their own boards, landing free on the other board.
pub fn pseudo_moves(pos: &Position, out: &mut Vec<Move>) {
    each_passing(pos, false, &mut |m| out.push(m));
}

/// After `m` was made (by the mover, `pos.turn`): the piece that stood on `from_code`'s board
/// (and a castling rook, from A) now stands on the other board. There is no en passant.
pub fn pass_through(pos: &mut Position, m: &Move, from_code: u8) {
    let to_b = if on_b(from_code) { 0 } else { BOARD_B_BIT };
    for sq in landings(pos, m) {
        let code = pos.board[sq as usize];
        if code != 0 {
            pos.put(sq, (code & !BOARD_B_BIT) | to_b);
        }
    }
    pos.ep = None;
}

/// Whether a pawn step is written with its from-rank in SAN (`2c4`), as Fairy-Stockfish
/// writes it: another pawn of the same file, on the other board, also steps to that square.
pub fn pawn_push_needs_rank(pos: &Position, m: &Move) -> bool {
    if pos.variant != Variant::Alice || m.role != crate::piece::Role::Pawn || pos.is_capture(m) {
        return false;
    }
    let mut rival = false;
    for_each_legal(pos, &mut |o| {
        rival |= o.role == m.role && o.to == m.to && o.from != m.from && !pos.is_capture(&o);
    });
    rival
}
