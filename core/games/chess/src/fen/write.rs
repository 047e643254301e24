//! A position written as FEN or EPD (the repetition key, the state's FEN): never fails.

use crate::geometry::{push_number, Geometry};
use crate::movegen;
use crate::piece::{Color, Piece, Role, BLACK_BIT, BOARD_B_BIT, PROMOTED_BIT, ROLES, ROLE_BITS};
use crate::position::{Move, MoveKind, Position, KINGSIDE, QUEENSIDE};
use crate::variant::Variant;

/// The FEN with move counters.
pub fn to_fen(pos: &Position) -> String {
    to_fen_showing(pos, shown_ep(pos, None))
}

/// As [`to_fen`], with the en passant square it shows already worked out (see [`shown_ep`]).
pub fn to_fen_showing(pos: &Position, ep: Option<u8>) -> String {
    let mut out = String::with_capacity(pos.geo.squares() + 40);
    push_position_part(&mut out, pos, ep);
    out.push(' ');
    push_number(&mut out, pos.halfmove);
    out.push(' ');
    push_number(&mut out, pos.fullmove);
    out
}

/// The four EPD position fields (plus the three-check counter): the repetition key.
pub fn to_epd(pos: &Position) -> String {
    to_epd_showing(pos, shown_ep(pos, None))
}

/// As [`to_epd`], with the en passant square it shows already worked out (see [`shown_ep`]).
pub fn to_epd_showing(pos: &Position, ep: Option<u8>) -> String {
    let mut out = String::with_capacity(pos.geo.squares() + 32);
    push_position_part(&mut out, pos, ep);
    out
}

/// An EPD line with operations (operands quoted when they hold spaces or are `id`-like).
pub fn to_epd_with(pos: &Position, ops: &[(String, String)]) -> String {
    let mut out = to_epd(pos);
    for (code, operand) in ops {
        out.push(' ');
        out.push_str(code);
        if !operand.is_empty() {
            if operand.contains(char::is_whitespace) || code == "id" || code == "c0" {
                out.push_str(&format!(" \"{operand}\""));
            } else {
                out.push_str(&format!(" {operand}"));
            }
        }
        out.push(';');
    }
    out
}

/// The en passant square a FEN or EPD shows: the position's, when an en passant capture is
/// legal now. `legal` is the position's legal moves when already generated.
pub fn shown_ep(pos: &Position, legal: Option<&[Move]>) -> Option<u8> {
    let ep = pos.ep?;
    let takes = |moves: &[Move]| moves.iter().any(|m| m.kind == MoveKind::EnPassant);
    let legal_now = match legal {
        Some(legal) => takes(legal),
        None => takes(&movegen::legal_moves(pos)),
    };
    legal_now.then_some(ep)
}

/// FEN letters by square code (role bits and black bit): upper case for white, 0 for no piece.
const FEN_LETTERS: [u8; 32] = {
    let letters = b"PNBRQKLZGECMSU";
    let mut table = [0u8; 32];
    let mut i = 0;
    while i < letters.len() {
        table[i + 1] = letters[i];
        table[i + 1 + BLACK_BIT as usize] = letters[i].to_ascii_lowercase();
        i += 1;
    }
    table
};

/// The FEN letter of a square code (see [`Piece::fen_char`]), `None` for an empty square.
#[inline]
fn fen_letter(code: u8) -> Option<char> {
    match FEN_LETTERS[usize::from(code & (ROLE_BITS | BLACK_BIT))] {
        0 => None,
        letter => Some(char::from(letter)),
    }
}

/// Appends a piece's text in the board field: `|` on Alice's second board, the letter, `~`
/// when promoted in a variant with drops.
#[inline]
fn push_piece(out: &mut String, code: u8, letter: char, drops: bool) {
    if code & BOARD_B_BIT != 0 {
        out.push('|');
    }
    out.push(letter);
    if drops && code & PROMOTED_BIT != 0 {
        out.push('~');
    }
}

/// Appends a run of empty squares (0 writes nothing).
#[inline]
fn push_run(out: &mut String, empty: u32) {
    if empty > 0 {
        push_number(out, empty);
    }
}

/// Appends the board field of any board, square by square (holes as `*`).
fn push_board(out: &mut String, pos: &Position, drops: bool) {
    let geo = pos.geo;
    for rank in (0..geo.height).rev() {
        let mut empty = 0;
        let row = rank * geo.width;
        for sq in row..row + geo.width {
            let code = pos.board[sq as usize];
            if !geo.has(sq) {
                push_run(out, empty);
                empty = 0;
                out.push('*');
            } else if let Some(letter) = fen_letter(code) {
                push_run(out, empty);
                empty = 0;
                push_piece(out, code, letter, drops);
            } else {
                empty += 1;
            }
        }
        push_run(out, empty);
        if rank > 0 {
            out.push('/');
        }
    }
}

/// Appends the board field of the plain 8x8 board, a rank at a time from the occupancy bits:
/// the same text as [`push_board`] with one step per piece instead of per square, gathered as
/// bytes and appended once.
fn push_standard_board(out: &mut String, pos: &Position, drops: bool) {
    let occupied = pos.occupied[0][0] | pos.occupied[1][0];
    // At most three bytes a square (`|`, letter, `~`) and seven `/`.
    let mut text = [0u8; 3 * 64 + 7];
    let mut n = 0;
    for rank in (0..8u32).rev() {
        let mut row = (occupied >> (rank * 8)) & 0xff;
        let mut file = 0;
        while row != 0 {
            let next = row.trailing_zeros();
            if next > file {
                text[n] = b'0' + (next - file) as u8;
                n += 1;
            }
            let code = pos.board[(rank * 8 + next) as usize];
            if code & BOARD_B_BIT != 0 {
                text[n] = b'|';
                n += 1;
            }
            text[n] = FEN_LETTERS[usize::from(code & (ROLE_BITS | BLACK_BIT))];
            n += 1;
            if drops && code & PROMOTED_BIT != 0 {
                text[n] = b'~';
                n += 1;
            }
            row &= row - 1;
            file = next + 1;
        }
        if file < 8 {
            text[n] = b'0' + (8 - file) as u8;
            n += 1;
        }
        if rank > 0 {
            text[n] = b'/';
            n += 1;
        }
    }
    out.push_str(std::str::from_utf8(&text[..n]).unwrap_or_default());
}

/// Appends the position fields (the EPD) to `out`, showing `ep` as the en passant square.
fn push_position_part(out: &mut String, pos: &Position, ep: Option<u8>) {
    let geo = pos.geo;
    let drops = pos.variant.drops();
    if std::ptr::eq(geo, Geometry::standard()) {
        push_standard_board(out, pos, drops);
    } else {
        push_board(out, pos, drops);
    }
    if drops {
        out.push('[');
        for color in [Color::White, Color::Black] {
            for role in ROLES.iter().rev() {
                for _ in 0..pos.pockets[color.index()][role.index()] {
                    out.push(Piece::new(color, *role).fen_char());
                }
            }
        }
        out.push(']');
    }
    out.push(' ');
    out.push(if pos.turn == Color::White { 'w' } else { 'b' });
    out.push(' ');
    push_castling(out, pos);
    out.push(' ');
    match ep {
        Some(sq) => geo.push_name(out, sq),
        None => out.push('-'),
    }
    if let Some(limit) = pos.variant.checks_to_win() {
        let left = |c: Color| u32::from(limit.saturating_sub(pos.checks[c.index()]));
        out.push(' ');
        push_number(out, left(Color::White));
        out.push('+');
        push_number(out, left(Color::Black));
    }
    if pos.variant == Variant::Plender {
        if let Some(vests) = crate::fairy::plender::fen_field(pos) {
            out.push(' ');
            out.push_str(&vests);
        }
    }
    if pos.variant == Variant::Portal {
        if let Some(portholes) = crate::fairy::portal::fen_field::write(pos) {
            out.push(' ');
            out.push_str(&portholes);
        }
    }
    if pos.variant == Variant::Hostage {
        if let Some(prisons) = crate::fairy::hostage::fen_field::write(pos) {
            out.push(' ');
            out.push_str(&prisons);
        }
    }
    if let Some(armed) = crate::fairy::stratomic::fen_field(pos) {
        out.push(' ');
        out.push_str(armed);
    }
}

/// X-FEN castling: `K`/`Q` for the outermost rook, the file letter otherwise.
pub fn castling_text(pos: &Position) -> String {
    let mut out = String::new();
    push_castling(&mut out, pos);
    out
}

/// Appends the castling field ([`castling_text`]) to `out`.
fn push_castling(out: &mut String, pos: &Position) {
    if pos.variant == Variant::DoubleChess {
        out.push_str(&crate::fairy::doublechess::castling_text(pos));
        return;
    }
    let geo = pos.geo;
    let start = out.len();
    for color in [Color::White, Color::Black] {
        let rook = Piece::new(color, Role::Rook).code();
        for side in [KINGSIDE, QUEENSIDE] {
            let Some(r) = pos.castles[color.index()][side] else {
                continue;
            };
            let rank = geo.rank(r);
            let f = geo.file(r);
            let mut beyond = if side == KINGSIDE { f + 1..geo.width } else { 0..f };
            let outermost = !beyond.any(|g| pos.board[(rank * geo.width + g) as usize] & !PROMOTED_BIT == rook);
            let letter = if outermost {
                if side == KINGSIDE {
                    'K'
                } else {
                    'Q'
                }
            } else {
                geo.file_char(f).to_ascii_uppercase()
            };
            out.push(if color == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
    }
    if out.len() == start {
        out.push('-');
    }
}
