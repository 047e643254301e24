//! Stratomic (Robert Montay-Marsais, 1972): chess on 10x10 with two nuclea (nuclear missiles)
//! a side. A nuclea steps and takes like a king, or is launched onto any square, blowing away
//! every piece but the kings there and on the eight squares around, itself included. A launch
//! needs a non-pawn piece taken earlier in the game (`Position::nuclear_armed`) and the
//! nuclea not attacked. Nothing here touches another variant. See seeds/chess/stratomic.md.

pub mod notation;

use std::sync::OnceLock;

use crate::geometry::{bits_of, Geometry};
use crate::movegen::{castling_moves, piece_moves};
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind, Position};
use crate::shape::Shape;

/// The start: ordinary chess framed by an empty first and last rank, a nuclea beside each
/// rook and a pawn more at each end of the pawn rank.
pub const START: &str = "10/urnbqkbnru/pppppppppp/10/10/10/10/PPPPPPPPPP/URNBQKBNRU/10 w KQkq - 0 1";

/// How far each side's castling rank (and its king and rooks) sits from the board's edge.
pub const CASTLING_INSET: u8 = 1;

/// What a pawn may promote to: any piece but a king, the nuclea included.
pub const PROMOTIONS: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Nuclea];

/// The board: 10x10; pawns step two from the third rank (black's eighth) and promote on the
/// ninth (black's second), not on the last rank.
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| {
        let mut g = Geometry::build(&Shape {
            pawn_home: (20..30).collect(),
            ..Shape::rect(10, 10)
        });
        let ninth: Vec<u8> = (80..90).collect();
        let second: Vec<u8> = (10..20).collect();
        g.promotion = [bits_of(&ninth), bits_of(&second)];
        g
    })
}

/// Whether a pawn of `color` can never stand on `sq`: on its first two ranks (behind its home
/// rank), its promotion rank or the last rank beyond it.
pub fn pawn_never_stands(geo: &Geometry, color: Color, sq: u8) -> bool {
    let rank = geo.relative_rank(color, sq);
    rank < 2 || rank >= geo.height - 2
}

/// Whether a nuclea of `by` stands next to `sq`.
fn nuclea_next_to(pos: &Position, sq: u8, by: Color) -> bool {
    pos.geo
        .king
        .get(sq as usize)
        .iter()
        .any(|&t| pos.is_color(t, by) && Role::from_code(pos.board[t as usize]) == Some(Role::Nuclea))
}

/// Whether `by` attacks `sq`: chess's attacks plus a nuclea's king step.
pub fn attacked(pos: &Position, sq: u8, by: Color) -> bool {
    pos.attacked(sq, by) || nuclea_next_to(pos, sq, by)
}

/// Whether the side to move may launch its nuclea on `from`: a non-pawn piece has been taken
/// this game and no enemy piece attacks the nuclea.
pub fn may_launch(pos: &Position, from: u8) -> bool {
    pos.nuclear_armed && !attacked(pos, from, pos.turn.other())
}

/// Every move of the side to move before king safety: the pieces' steps (a nuclea steps as a
/// king), castling, then each launch of each nuclea onto each square of the board.
pub fn moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    let mut nuclea = Vec::new();
    for (sq, role) in pos.pieces(us) {
        piece_moves(pos, sq, emit);
        if role == Role::Nuclea {
            nuclea.push(sq);
        }
    }
    castling_moves(pos, emit);
    for from in nuclea {
        if !may_launch(pos, from) {
            continue;
        }
        for to in 0..pos.geo.squares() as u8 {
            emit(Move {
                role: Role::Nuclea,
                from,
                to,
                promotion: None,
                kind: MoveKind::Launch,
            });
        }
    }
}

/// Makes a move. A launch removes the nuclea and every piece but a king on the target and the
/// squares around it; it resets the fifty-move count (it always removes the nuclea). Any other
/// move is chess's, and arms the launches when it takes a piece other than a pawn.
pub fn play(pos: &mut Position, m: &Move) {
    if m.kind != MoveKind::Launch {
        let taken = match m.kind {
            MoveKind::Normal => Role::from_code(pos.board[m.to as usize]),
            _ => None,
        };
        pos.play_on_board(m);
        if taken.is_some_and(|r| r != Role::Pawn) {
            pos.nuclear_armed = true;
        }
        return;
    }
    let us = pos.turn;
    pos.put(m.from, 0);
    let geo = pos.geo;
    let blast = std::iter::once(m.to).chain(geo.king.get(m.to as usize).iter().copied());
    for sq in blast {
        if Role::from_code(pos.board[sq as usize]).is_some_and(|r| r != Role::King) {
            pos.put(sq, 0);
        }
    }
    for color in [Color::White, Color::Black] {
        for slot in pos.castles[color.index()].iter_mut() {
            let rook = crate::piece::Piece::new(color, Role::Rook).code();
            if slot.is_some_and(|r| pos.board[r as usize] != rook) {
                *slot = None;
            }
        }
    }
    pos.ep = None;
    pos.halfmove = 0;
    if us == Color::Black {
        pos.fullmove += 1;
    }
    pos.turn = us.other();
}

/// The FEN field saying launches are allowed (a non-pawn piece has been taken), written after
/// the en passant square; absent while they are not.
pub const ARMED_FIELD: &str = "(armed)";

/// The field, or `None` before the first non-pawn capture.
pub fn fen_field(pos: &Position) -> Option<&'static str> {
    pos.nuclear_armed.then_some(ARMED_FIELD)
}

/// Reads the field written by [`fen_field`].
pub fn read_fen_field(pos: &mut Position, text: &str) -> Result<(), String> {
    if text != ARMED_FIELD {
        return Err(format!(
            "'{text}': Stratomic's only extra FEN field is {ARMED_FIELD} (a piece other than a pawn has been taken)"
        ));
    }
    pos.nuclear_armed = true;
    Ok(())
}
