//! Legal moves asked about without listing them all, on a [`Board`]: whether the side to move
//! has any, whether it may take en passant, and the moves of one kind of piece to one square
//! (what a SAN text names). Each answer must be exactly what `legal::generate`'s list gives.

use super::attacks::{self, Set, KING, KNIGHT, LINE};
use super::board::Board;
use super::legal::{
    attackers_of, castling, en_passant, landing, pawn_moves, piece_targets, pinned, squares, Push, Sink, PIECES,
};
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind};

/// Notes whether any move was sent.
struct Any(bool);

impl Sink for Any {
    fn piece(&mut self, _: Role, _: u8, targets: Set) {
        self.0 |= targets != 0;
    }
    fn pawns(&mut self, targets: Set, _: i8, _: MoveKind) {
        self.0 |= targets != 0;
    }
    fn promotions(&mut self, targets: Set, _: i8) {
        self.0 |= targets != 0;
    }
    fn one(&mut self, _: Move) {
        self.0 = true;
    }
}

/// The few moves [`moves_to`] or [`castles`] sends (at most 12: three pawns promoting on one
/// square), kept without allocating; more than it holds (never) are noted, not kept.
#[derive(Debug, Clone, Copy)]
pub struct Few {
    moves: [Move; 16],
    len: usize,
    overflowed: bool,
}

impl Few {
    pub fn new() -> Few {
        let none = crate::movegen::simple(Role::Pawn, 0, 0);
        Few {
            moves: [none; 16],
            len: 0,
            overflowed: false,
        }
    }

    /// The moves sent, or `None` if there were more than it holds.
    pub fn moves(&self) -> Option<&[Move]> {
        (!self.overflowed).then_some(&self.moves[..self.len])
    }
}

impl Default for Few {
    fn default() -> Few {
        Few::new()
    }
}

impl Push for Few {
    fn push_move(&mut self, m: Move) {
        match self.moves.get_mut(self.len) {
            Some(slot) => {
                *slot = m;
                self.len += 1;
            }
            None => self.overflowed = true,
        }
    }
}

/// A position's sets with what every probe asks first worked out once: the side to move's
/// king square, the enemy pieces checking it and its own pieces pinned to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sets {
    board: Board,
    king: usize,
    checkers: Set,
    pinned: Set,
}

impl Sets {
    pub fn of(board: Board) -> Sets {
        let them = board.turn.other();
        let king = board.king(board.turn);
        let occupied = board.occupied();
        let checkers = attackers_of(&board, king, them, board.by_color[them.index()], occupied);
        let pinned = pinned(&board, king, them, occupied);
        Sets {
            board,
            king,
            checkers,
            pinned,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.checkers != 0
    }
}

/// The side to move, the other side, the side to move's pieces and every piece's squares.
fn sides(board: &Board) -> (Color, Color, Set, Set) {
    let us = board.turn;
    (us, us.other(), board.by_color[us.index()], board.occupied())
}

/// Whether the side to move has a legal move: the pieces and pawns are tried before the
/// king's steps (each of which asks whether a square is attacked), and the first move found
/// ends the search.
pub fn has_legal_move(sets: &Sets) -> bool {
    let (board, king, checkers, pinned) = (&sets.board, sets.king, sets.checkers, sets.pinned);
    let (us, them, ours, occupied) = sides(board);
    if checkers.count_ones() <= 1 {
        let target = landing(king, checkers, ours);
        for role in PIECES {
            for from in squares(board.pieces(us, role)) {
                if piece_targets(role, from, occupied, target, pinned, king) != 0 {
                    return true;
                }
            }
        }
        let mut any = Any(false);
        let pawns = board.pieces(us, Role::Pawn);
        pawn_moves(board, pawns & !pinned, target, &mut any);
        for from in squares(pawns & pinned) {
            pawn_moves(board, 1 << from, target & LINE[king][from as usize], &mut any);
        }
        en_passant(board, king, &mut any);
        if checkers == 0 {
            castling(board, king, &mut any);
        }
        if any.0 {
            return true;
        }
    }
    let theirs = board.by_color[them.index()];
    let lifted = occupied ^ (1 << king);
    squares(KING[king] & !ours).any(|to| attackers_of(board, to as usize, them, theirs, lifted) == 0)
}

/// Whether the side to move may take en passant.
pub fn en_passant_legal(sets: &Sets) -> bool {
    let mut any = Any(false);
    // In double check only the king moves (as `generate` has it).
    if sets.board.ep.is_some() && sets.checkers.count_ones() <= 1 {
        en_passant(&sets.board, sets.king, &mut any);
    }
    any.0
}

/// Sends to `sink` the legal moves of the side to move's pieces of `role` that land on `to`,
/// castling aside (see [`castles`]).
pub fn moves_to<S: Sink>(sets: &Sets, role: Role, to: u8, sink: &mut S) {
    let (board, king, checkers, pinned) = (&sets.board, sets.king, sets.checkers, sets.pinned);
    let (us, them, ours, occupied) = sides(board);
    let to_bit: Set = 1 << to;
    if role == Role::King {
        let lifted = occupied ^ (1 << king);
        if KING[king] & !ours & to_bit != 0
            && attackers_of(board, to as usize, them, board.by_color[them.index()], lifted) == 0
        {
            sink.piece(Role::King, king as u8, to_bit);
        }
        return;
    }
    if checkers.count_ones() > 1 {
        return;
    }
    let target = landing(king, checkers, ours) & to_bit;
    let sq = to as usize;
    match role {
        Role::Pawn => {
            let pawns = board.pieces(us, Role::Pawn);
            pawn_moves(board, pawns & !pinned, target, sink);
            for from in squares(pawns & pinned) {
                pawn_moves(board, 1 << from, target & LINE[king][from as usize], sink);
            }
            if board.ep == Some(to) {
                en_passant(board, king, sink);
            }
        }
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen if target != 0 => {
            // A piece reaches `to` exactly when the same piece on `to` would reach it.
            let reach = match role {
                Role::Knight => KNIGHT[sq],
                Role::Bishop => attacks::bishop(sq, occupied),
                Role::Rook => attacks::rook(sq, occupied),
                _ => attacks::bishop(sq, occupied) | attacks::rook(sq, occupied),
            };
            for from in squares(reach & board.pieces(us, role)) {
                let along = if pinned & (1 << from) != 0 {
                    LINE[king][from as usize]
                } else {
                    Set::MAX
                };
                sink.piece(role, from, target & along);
            }
        }
        _ => {}
    }
}

/// Sends to `sink` the side to move's legal castling moves.
pub fn castles<S: Sink>(sets: &Sets, sink: &mut S) {
    if sets.checkers == 0 {
        castling(&sets.board, sets.king, sink);
    }
}
