//! Legal move generation on a [`Board`]: checks and pins found once from the king, so every
//! move is legal as generated (only the king's steps, en passant and castling test a square).
//! Moves go to a [`Sink`] that either lists them (as the general engine's `Move`s) or counts
//! them by sets. It never changes the board.

use super::attacks::{self, Set, BETWEEN, FILE_A, FILE_H, KING, KNIGHT, LINE, PAWN, RANK_1, RANK_3, RANK_6, RANK_8};
use super::board::Board;
use crate::movegen::simple;
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind, KINGSIDE, QUEENSIDE};

/// The promotion choices, in the general engine's order.
pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Where generated moves go.
pub trait Sink {
    /// A piece on `from` that may go to each square of `targets` (plain moves or captures).
    fn piece(&mut self, role: Role, from: u8, targets: Set);
    /// Pawns moving to each square of `targets` from the square `back` behind it (by
    /// `from = to - back`), of one kind, promotions excluded.
    fn pawns(&mut self, targets: Set, back: i8, kind: MoveKind);
    /// Pawns promoting on each square of `targets`, from `to - back`: four moves each.
    fn promotions(&mut self, targets: Set, back: i8);
    /// One move (en passant, castling).
    fn one(&mut self, m: Move);
}

/// A list moves are written to, one at a time.
pub trait Push {
    fn push_move(&mut self, m: Move);
}

impl Push for Vec<Move> {
    fn push_move(&mut self, m: Move) {
        self.push(m);
    }
}

/// Lists the moves.
impl<P: Push> Sink for P {
    fn piece(&mut self, role: Role, from: u8, targets: Set) {
        for to in squares(targets) {
            self.push_move(simple(role, from, to));
        }
    }
    fn pawns(&mut self, targets: Set, back: i8, kind: MoveKind) {
        for to in squares(targets) {
            self.push_move(Move {
                kind,
                ..simple(Role::Pawn, (to as i8 - back) as u8, to)
            });
        }
    }
    fn promotions(&mut self, targets: Set, back: i8) {
        for to in squares(targets) {
            for role in PROMOTIONS {
                self.push_move(Move {
                    promotion: Some(role),
                    ..simple(Role::Pawn, (to as i8 - back) as u8, to)
                });
            }
        }
    }
    fn one(&mut self, m: Move) {
        self.push_move(m);
    }
}

/// Counts the moves.
pub struct Count(pub u64);

impl Sink for Count {
    fn piece(&mut self, _: Role, _: u8, targets: Set) {
        self.0 += u64::from(targets.count_ones());
    }
    fn pawns(&mut self, targets: Set, _: i8, _: MoveKind) {
        self.0 += u64::from(targets.count_ones());
    }
    fn promotions(&mut self, targets: Set, _: i8) {
        self.0 += 4 * u64::from(targets.count_ones());
    }
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// The squares of a set, lowest first.
#[inline]
pub fn squares(mut set: Set) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let sq = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(sq)
    })
}

/// The pieces among `attackers` (a subset of one side's pieces, by colour `by`) that attack
/// `sq` with the board's squares `occupied` blocking the sliders.
#[inline]
pub(super) fn attackers_of(board: &Board, sq: usize, by: Color, attackers: Set, occupied: Set) -> Set {
    let role = |r: Role| board.by_role[r.index()];
    let straight = role(Role::Rook) | role(Role::Queen);
    let diagonal = role(Role::Bishop) | role(Role::Queen);
    attackers
        & ((KNIGHT[sq] & role(Role::Knight))
            | (KING[sq] & role(Role::King))
            | (PAWN[by.other().index()][sq] & role(Role::Pawn))
            | (attacks::rook(sq, occupied) & straight)
            | (attacks::bishop(sq, occupied) & diagonal))
}

/// Whether the side to move's king is attacked.
pub fn in_check(board: &Board) -> bool {
    let them = board.turn.other();
    attackers_of(
        board,
        board.king(board.turn),
        them,
        board.by_color[them.index()],
        board.occupied(),
    ) != 0
}

/// Sends every legal move of the side to move to `sink`.
pub fn generate<S: Sink>(board: &Board, sink: &mut S) {
    let us = board.turn;
    let them = us.other();
    let ours = board.by_color[us.index()];
    let theirs = board.by_color[them.index()];
    let occupied = ours | theirs;
    let king = board.king(us);
    let king_bit: Set = 1 << king;
    let checkers = attackers_of(board, king, them, theirs, occupied);

    let mut king_targets = KING[king] & !ours;
    for to in squares(king_targets) {
        if attackers_of(board, to as usize, them, theirs, occupied ^ king_bit) != 0 {
            king_targets &= !(1 << to);
        }
    }
    sink.piece(Role::King, king as u8, king_targets);
    if checkers.count_ones() > 1 {
        return;
    }
    let target = landing(king, checkers, ours);

    let pinned = pinned(board, king, them, occupied);
    for role in PIECES {
        for from in squares(board.pieces(us, role)) {
            sink.piece(role, from, piece_targets(role, from, occupied, target, pinned, king));
        }
    }

    let pawns = board.pieces(us, Role::Pawn);
    pawn_moves(board, pawns & !pinned, target, sink);
    for from in squares(pawns & pinned) {
        pawn_moves(board, 1 << from, target & LINE[king][from as usize], sink);
    }
    en_passant(board, king, sink);
    if checkers == 0 {
        castling(board, king, sink);
    }
}

/// Where a move other than the king's may land with the king on `king` checked by
/// `checkers` (at most one): any square but our own (`ours`) out of check, else the checker's
/// square or one between it and the king.
#[inline]
pub(super) fn landing(king: usize, checkers: Set, ours: Set) -> Set {
    match checkers {
        0 => !ours,
        _ => BETWEEN[king][checkers.trailing_zeros() as usize] | checkers,
    }
}

/// The pieces other than pawns and the king, in the generator's order.
pub(super) const PIECES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// Where the piece of `role` (one of [`PIECES`]) on `from` may go: the squares it attacks
/// (through `occupied`) within `target`, and only along the line through its king (on `king`)
/// when it is among `pinned`.
#[inline]
pub(super) fn piece_targets(role: Role, from: u8, occupied: Set, target: Set, pinned: Set, king: usize) -> Set {
    let sq = from as usize;
    let moves = match role {
        Role::Knight => KNIGHT[sq],
        Role::Bishop => attacks::bishop(sq, occupied),
        Role::Rook => attacks::rook(sq, occupied),
        _ => attacks::bishop(sq, occupied) | attacks::rook(sq, occupied),
    } & target;
    if pinned & (1 << from) != 0 {
        moves & LINE[king][sq]
    } else {
        moves
    }
}

/// The side to move's pieces that stand alone between their king and an enemy slider.
pub(super) fn pinned(board: &Board, king: usize, them: Color, occupied: Set) -> Set {
    let straight = board.pieces(them, Role::Rook) | board.pieces(them, Role::Queen);
    let diagonal = board.pieces(them, Role::Bishop) | board.pieces(them, Role::Queen);
    let snipers = (attacks::rook(king, 0) & straight) | (attacks::bishop(king, 0) & diagonal);
    let mut pinned = 0;
    for sniper in squares(snipers) {
        let between = BETWEEN[king][sniper as usize] & occupied;
        if between.count_ones() == 1 {
            pinned |= between;
        }
    }
    pinned & board.by_color[board.turn.index()]
}

/// Pushes and captures of the pawns in `pawns`, landing only on `allowed`.
pub(super) fn pawn_moves<S: Sink>(board: &Board, pawns: Set, allowed: Set, sink: &mut S) {
    let us = board.turn;
    let theirs = board.by_color[us.other().index()];
    let empty = !board.occupied();
    let (single, double, left, right, last) = match us {
        Color::White => {
            let single = (pawns << 8) & empty;
            (
                (single, 8),
                (((single & RANK_3) << 8) & empty, 16),
                (((pawns & !FILE_A) << 7) & theirs, 7),
                (((pawns & !FILE_H) << 9) & theirs, 9),
                RANK_8,
            )
        }
        Color::Black => {
            let single = (pawns >> 8) & empty;
            (
                (single, -8),
                (((single & RANK_6) >> 8) & empty, -16),
                (((pawns & !FILE_A) >> 9) & theirs, -9),
                (((pawns & !FILE_H) >> 7) & theirs, -7),
                RANK_1,
            )
        }
    };
    for (set, back) in [single, left, right] {
        let set = set & allowed;
        sink.pawns(set & !last, back, MoveKind::Normal);
        sink.promotions(set & last, back);
    }
    sink.pawns(double.0 & allowed, double.1, MoveKind::DoublePush);
}

/// En passant captures, each tried on the sets: the two pawns leave one rank at once.
pub(super) fn en_passant<S: Sink>(board: &Board, king: usize, sink: &mut S) {
    let Some(ep) = board.ep else {
        return;
    };
    let us = board.turn;
    let them = us.other();
    let taken: Set = if us == Color::White {
        1 << (ep - 8)
    } else {
        1 << (ep + 8)
    };
    let capturers = PAWN[them.index()][ep as usize] & board.pieces(us, Role::Pawn);
    for from in squares(capturers) {
        let occupied = (board.occupied() ^ (1 << from) ^ taken) | (1 << ep);
        let attackers = board.by_color[them.index()] & !taken;
        if attackers_of(board, king, them, attackers, occupied) == 0 {
            sink.one(Move {
                kind: MoveKind::EnPassant,
                ..simple(Role::Pawn, from, ep)
            });
        }
    }
}

/// Castling as the general engine allows it (Chess960 rules, the king not in check): the
/// squares the king and rook cross or land on are free but for the two of them, no square
/// strictly between the king and its target is attacked, and the king
/// is safe on its target once both have moved.
pub(super) fn castling<S: Sink>(board: &Board, king: usize, sink: &mut S) {
    let us = board.turn;
    let them = us.other();
    let theirs = board.by_color[them.index()];
    let back = if us == Color::White { 0 } else { 56 };
    for side in [QUEENSIDE, KINGSIDE] {
        let Some(rook) = board.castles[us.index()][side] else {
            continue;
        };
        let rook = rook as usize;
        let (king_to, rook_to) = if side == KINGSIDE {
            (back + 6, back + 5)
        } else {
            (back + 2, back + 3)
        };
        let movers: Set = (1 << king) | (1 << rook);
        let span = LINE[king][rook] & {
            let (lo, hi) = [king, rook, king_to, rook_to]
                .iter()
                .fold((63, 0), |(lo, hi), &sq| (lo.min(sq), hi.max(sq)));
            (Set::MAX >> (63 - hi)) & (Set::MAX << lo)
        };
        let occupied = board.occupied();
        if span & occupied & !movers != 0 {
            continue;
        }
        let lifted = occupied;
        let passed =
            squares(BETWEEN[king][king_to]).any(|sq| attackers_of(board, sq as usize, them, theirs, lifted) != 0);
        if passed {
            continue;
        }
        let after = (occupied ^ movers) | (1 << king_to) | (1 << rook_to);
        if attackers_of(board, king_to, them, theirs, after) == 0 {
            sink.one(Move {
                kind: MoveKind::Castle,
                ..simple(Role::King, king as u8, rook as u8)
            });
        }
    }
}
