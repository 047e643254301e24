//! What each side sees in dark chess, derived from the position and never stored: the squares
//! of its own pieces and every square they could move to, and the position text of a view
//! (FEN with `?` on unseen squares). It must never show a square outside a view's sight.

use kifu_chess::fen::{castling_text, to_fen};
use kifu_chess::piece::Color;
use kifu_chess::{MoveKind, Position};
use kifu_core::View;

use super::moves::{moves, moves_of};

/// A set of squares of the 8x8 board, bit `sq` for square `sq` (a1 = 0, h8 = 63).
pub type Squares = u64;

/// The squares `color` sees: its pieces' squares, every square one of them could move to (a
/// castling king's target, not the rook's square), and the pawn an en passant capture would
/// take.
pub fn seen_by(pos: &Position, color: Color) -> Squares {
    let geo = pos.geo;
    let mut seen: Squares = 0;
    for sq in pos.squares_of(color) {
        seen |= 1 << sq;
    }
    for m in moves_of(pos, color) {
        match m.kind {
            MoveKind::Castle => {
                let side = pos.castle_side(color, m.to);
                seen |= 1 << pos.castle_targets(color, side).0;
            }
            MoveKind::EnPassant => {
                seen |= 1 << m.to;
                seen |= 1 << (geo.rank(m.from) * geo.width + geo.file(m.to));
            }
            _ => seen |= 1 << m.to,
        }
    }
    seen
}

/// The squares a view sees: everything for the arbiter, a seat's sight for a seat, and for
/// the public only the squares both sides see (so a spectator learns nothing a player does not).
pub fn seen_in(pos: &Position, view: View) -> Squares {
    match view {
        View::Full => Squares::MAX,
        View::Seat(seat) => seen_by(pos, color_of(seat)),
        View::Public => seen_by(pos, Color::White) & seen_by(pos, Color::Black),
    }
}

pub fn color_of(seat: u8) -> Color {
    if seat == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The position's FEN as the state keeps it: kifu-chess's FEN, but with the en passant
/// square whenever a pawn of the side to move could take en passant (here a king may be left
/// in attack, so such a capture is a move even where chess would forbid it).
pub fn full_fen(pos: &Position) -> String {
    let fen = to_fen(pos);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let ep = dark_ep(pos).map(|sq| pos.geo.name(sq));
    if fields.len() == 6 {
        fields[3] = ep.as_deref().unwrap_or("-");
    }
    fields.join(" ")
}

/// The en passant square, if the side to move has an en passant capture.
fn dark_ep(pos: &Position) -> Option<u8> {
    pos.ep?;
    moves(pos).iter().find(|m| m.kind == MoveKind::EnPassant).map(|m| m.to)
}

/// The position as `view` sees it, in FEN form: `?` on every square it does not see; the
/// castling rights of the seat's own side (none for the public); the en passant square only
/// for the seat to move that can take en passant; the half-move clock as `?` (it would tell
/// when the other side last moved a pawn); the side to move and move number as in FEN.
pub fn view_fen(pos: &Position, view: View) -> String {
    if view == View::Full {
        return full_fen(pos);
    }
    let seen = seen_in(pos, view);
    let geo = pos.geo;
    let mut board = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let sq = rank * geo.width + file;
            let shown = if seen & (1 << sq) == 0 {
                Some('?')
            } else {
                pos.piece_at(sq).map(|p| p.fen_char())
            };
            match shown {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push(c);
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let (castling, ep) = match view {
        View::Seat(seat) => {
            let color = color_of(seat);
            let own: String = castling_text(pos)
                .chars()
                .filter(|c| c.is_ascii_uppercase() == (color == Color::White) && *c != '-')
                .collect();
            let ep = if pos.turn == color {
                dark_ep(pos).map(|sq| geo.name(sq))
            } else {
                None
            };
            (own, ep)
        }
        _ => (String::new(), None),
    };
    format!(
        "{board} {} {} {} ? {}",
        if pos.turn == Color::White { 'w' } else { 'b' },
        if castling.is_empty() { "-" } else { &castling },
        ep.as_deref().unwrap_or("-"),
        pos.fullmove
    )
}

/// The position with every piece the view does not see taken off (for drawing it).
pub fn seen_position(pos: &Position, view: View) -> Position {
    let seen = seen_in(pos, view);
    let mut shown = pos.clone();
    for sq in 0..64u8 {
        if seen & (1 << sq) == 0 && shown.board[sq as usize] != 0 {
            shown.put(sq, 0);
        }
    }
    shown.find_kings();
    shown
}

/// The names of the squares in a set, a1 first.
pub fn names(pos: &Position, squares: Squares) -> Vec<String> {
    (0..64u8)
        .filter(|sq| squares & (1 << sq) != 0)
        .map(|sq| pos.geo.name(sq))
        .collect()
}
