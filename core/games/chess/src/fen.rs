//! FEN and EPD, read and written: X-FEN and Shredder-FEN castling, crazyhouse pockets in
//! brackets or as an extra rank with `~` promoted markers, three-check counters in both
//! dialects, holes of the board as `*` (one per hole, as Fairy-Stockfish writes walls). Reading refuses an illegal position with a reason; it never panics on text.

use super::geometry::{push_number, Geometry};
use super::movegen;
use super::piece::{Color, Piece, Role, BLACK_BIT, BOARD_B_BIT, PROMOTED_BIT, ROLES, ROLE_BITS};
use super::position::{Move, MoveKind, Position, KINGSIDE, QUEENSIDE};
use super::validate::{validate, validate_irregular};
use super::variant::Variant;

/// Reads a FEN (four to seven fields) for a variant and checks the position is legal.
pub fn parse_fen(variant: Variant, text: &str) -> Result<Position, String> {
    parse_fen_on(variant, variant.geometry(), text)
}

/// As [`parse_fen`], on a board of another shape than the variant's own.
pub fn parse_fen_on(variant: Variant, geo: &'static Geometry, text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 {
        return Err(format!(
            "'{}' is not a FEN: it needs at least the board and the side to move",
            text.trim()
        ));
    }
    if fields.len() > 7 {
        return Err(format!("a FEN has at most 7 fields, this one has {}", fields.len()));
    }
    let pos = parse_fields(Position::empty_on(variant, geo), &fields)?;
    validate(&pos)?;
    Ok(pos)
}

/// Reads the position a game state keeps. It may be one an illegal move that stood has left
/// (the side not to move in check), which [`parse_fen`] refuses; anything else is refused alike.
pub fn parse_state_fen(variant: Variant, text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 7 {
        return Err(format!("'{}' is not a FEN", text.trim()));
    }
    let pos = parse_fields(Position::empty(variant), &fields)?;
    validate_irregular(&pos)?;
    Ok(pos)
}

/// Reads an EPD line: the four position fields, then `opcode operand;` operations.
/// Returns the position and the operations in order (operands without quotes).
pub fn parse_epd(variant: Variant, text: &str) -> Result<(Position, Vec<(String, String)>), String> {
    let trimmed = text.trim();
    let mut rest = trimmed;
    let mut fields = Vec::new();
    for _ in 0..4 {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    if fields.len() < 4 {
        return Err(format!(
            "'{trimmed}' is not an EPD: it needs board, side, castling and en passant"
        ));
    }
    let pos = parse_fields(Position::empty(variant), &fields)?;
    validate(&pos)?;
    let mut ops = Vec::new();
    for op in split_ops(rest) {
        let op = op.trim();
        if op.is_empty() {
            continue;
        }
        let (code, operand) = match op.find(char::is_whitespace) {
            Some(i) => (&op[..i], op[i..].trim()),
            None => (op, ""),
        };
        let operand = operand
            .strip_prefix('"')
            .and_then(|o| o.strip_suffix('"'))
            .unwrap_or(operand);
        ops.push((code.to_string(), operand.to_string()));
    }
    Ok((pos, ops))
}

/// Splits EPD operations at `;` outside quotes.
fn split_ops(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            ';' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

fn parse_fields(mut pos: Position, fields: &[&str]) -> Result<Position, String> {
    let variant = pos.variant;
    parse_board(&mut pos, fields[0])?;
    pos.find_kings();
    pos.turn = match fields[1] {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => return Err(format!("the side to move must be 'w' or 'b', not '{other}'")),
    };
    if let Some(c) = fields.get(2) {
        parse_castling(&mut pos, c)?;
    }
    if let Some(e) = fields.get(3) {
        if *e != "-" {
            let sq = pos
                .geo
                .parse_square(e)
                .ok_or_else(|| format!("'{e}' is not an en passant square"))?;
            pos.ep = Some(sq);
        }
    }
    let mut numbers = Vec::new();
    for f in fields.iter().skip(4) {
        if f.starts_with('(') && variant == Variant::Plender {
            super::fairy::plender::read_fen_field(&mut pos, f)?;
        } else if f.starts_with('(') && variant == Variant::Portal {
            super::fairy::portal::fen_field::read(&mut pos, f)?;
        } else if f.starts_with('(') && variant == Variant::Hostage {
            super::fairy::hostage::fen_field::read(&mut pos, f)?;
        } else if f.starts_with('(') && variant == Variant::Stratomic {
            super::fairy::stratomic::read_fen_field(&mut pos, f)?;
        } else if let Some(given) = f.strip_prefix('+') {
            let (w, b) = parse_checks(given, f)?;
            pos.checks = [w, b];
        } else if f.contains('+') {
            let (w, b) = parse_checks(f, f)?;
            if w > 3 || b > 3 {
                return Err(format!("'{f}': at most 3 checks remain in three-check"));
            }
            pos.checks = [3 - w, 3 - b];
        } else {
            let n: u32 = f.parse().map_err(|_| format!("'{f}' is not a move counter"))?;
            numbers.push(n);
        }
    }
    if numbers.len() > 2 {
        return Err("a FEN has two move counters at most".to_string());
    }
    pos.halfmove = numbers.first().copied().unwrap_or(0);
    pos.fullmove = numbers.get(1).copied().unwrap_or(1).max(1);
    if pos.checks != [0, 0] && variant.checks_to_win().is_none() {
        return Err(format!(
            "check counters are only for three-check, not {}",
            variant.name()
        ));
    }
    Ok(pos)
}

fn parse_checks(text: &str, whole: &str) -> Result<(u8, u8), String> {
    let bad = || format!("'{whole}' is not a check counter (like 3+3 or +0+0)");
    let (a, b) = text.split_once('+').ok_or_else(bad)?;
    let a: u8 = a.parse().map_err(|_| bad())?;
    let b: u8 = b.parse().map_err(|_| bad())?;
    Ok((a, b))
}

fn parse_board(pos: &mut Position, text: &str) -> Result<(), String> {
    let geo = pos.geo;
    let (board, pocket) = match text.split_once('[') {
        Some((b, p)) => {
            let p = p.strip_suffix(']').ok_or("the pocket '[' is not closed with ']'")?;
            (b, Some(p))
        }
        None => (text, None),
    };
    let mut ranks: Vec<&str> = board.split('/').collect();
    let mut pocket = pocket.map(str::to_string);
    if ranks.len() == geo.height as usize + 1 && pocket.is_none() {
        pocket = ranks.pop().map(str::to_string);
    } else if ranks.last() == Some(&"") && ranks.len() == geo.height as usize + 1 {
        ranks.pop();
    }
    if ranks.len() != geo.height as usize {
        return Err(format!("the board has {} ranks, it needs {}", ranks.len(), geo.height));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = geo.height - 1 - i as u8;
        let mut file: u32 = 0;
        let mut digits = String::new();
        let mut last: Option<u8> = None;
        let mut on_board_b = false;
        for c in row.chars().chain(std::iter::once(' ')) {
            if on_board_b && !c.is_ascii_alphabetic() {
                return Err(format!("rank {}: '|' must be followed by a piece letter", rank + 1));
            }
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                let run = digits
                    .parse::<u32>()
                    .map_err(|_| format!("rank {}: bad number", rank + 1))?;
                digits.clear();
                for f in file..file.saturating_add(run).min(geo.width as u32) {
                    if !geo.has(rank * geo.width + f as u8) {
                        return Err(format!(
                            "rank {}: grid file {} is a hole, write it as '*'",
                            rank + 1,
                            geo.file_char(f as u8)
                        ));
                    }
                }
                file = file.saturating_add(run);
            }
            if c == ' ' {
                break;
            }
            if c == '*' {
                let sq = rank as u32 * geo.width as u32 + file;
                if file >= geo.width as u32 || geo.has(sq as u8) {
                    return Err(format!(
                        "rank {}: '*' marks a hole, and grid file {} is not one",
                        rank + 1,
                        geo.file_char(file.min(15) as u8)
                    ));
                }
                file += 1;
                last = None;
                continue;
            }
            if c == '|' {
                if pos.variant != Variant::Alice {
                    return Err(format!(
                        "rank {}: '|' marks a piece on Alice's second board, and {} has one board",
                        rank + 1,
                        pos.variant.name()
                    ));
                }
                on_board_b = true;
                continue;
            }
            if c == '~' {
                let sq = last.ok_or_else(|| format!("rank {}: '~' must follow a piece", rank + 1))?;
                pos.put(sq, pos.board[sq as usize] | PROMOTED_BIT);
                continue;
            }
            let piece =
                Piece::from_fen_char(c).ok_or_else(|| format!("rank {}: '{c}' is not a piece letter", rank + 1))?;
            if file >= geo.width as u32 {
                return Err(format!("rank {} has more than {} squares", rank + 1, geo.width));
            }
            let sq = rank * geo.width + file as u8;
            if !geo.has(sq) {
                return Err(format!(
                    "rank {}: grid file {} is a hole, '{c}' cannot stand there",
                    rank + 1,
                    geo.file_char(file as u8)
                ));
            }
            let board_bit = if on_board_b { BOARD_B_BIT } else { 0 };
            on_board_b = false;
            pos.put(sq, piece.code() | board_bit);
            last = Some(sq);
            file += 1;
        }
        if file != geo.width as u32 {
            return Err(format!(
                "rank {} has {} squares, it needs {}",
                rank + 1,
                file,
                geo.width
            ));
        }
    }
    if let Some(p) = pocket {
        if !pos.variant.drops() {
            if p.is_empty() {
                return Ok(());
            }
            return Err(format!(
                "{} has no pockets, but the FEN gives '{p}'",
                pos.variant.name()
            ));
        }
        for c in p.chars() {
            let piece = Piece::from_fen_char(c).ok_or_else(|| format!("'{c}' in the pocket is not a piece letter"))?;
            if piece.role == Role::King {
                return Err("a king cannot be in a pocket".to_string());
            }
            if !ROLES.contains(&piece.role) {
                return Err(format!(
                    "'{c}' in the pocket is not a chess piece (a {})",
                    piece.role.name()
                ));
            }
            pos.pockets[piece.color.index()][piece.role.index()] += 1;
        }
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, text: &str) -> Result<(), String> {
    if pos.variant == Variant::DoubleChess {
        return super::fairy::doublechess::read_castling(pos, text);
    }
    if text == "-" {
        return Ok(());
    }
    let geo = pos.geo;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let inset = pos.variant.castling_inset();
        let rank = if color == Color::White {
            inset
        } else {
            geo.height - 1 - inset
        };
        let Some(king) = pos.kings[color.index()].filter(|&k| geo.rank(k) == rank) else {
            return Err(format!(
                "castling right '{c}' but the {} king is not on its first rank",
                color.name()
            ));
        };
        let kf = geo.file(king);
        let rook = Piece::new(color, Role::Rook).code();
        let is_rook = |f: u8| pos.board[(rank * geo.width + f) as usize] & !PROMOTED_BIT == rook;
        let file = match c.to_ascii_lowercase() {
            'k' => (kf + 1..geo.width).rev().find(|&f| is_rook(f)),
            'q' => (0..kf).find(|&f| is_rook(f)),
            l if geo.file_of(l).is_some() => geo.file_of(l).filter(|&f| is_rook(f) && f != kf),
            _ => return Err(format!("'{c}' is not a castling letter")),
        };
        let Some(file) = file else {
            return Err(format!(
                "castling right '{c}' but no {} rook stands there",
                color.name()
            ));
        };
        let side = if file > kf { KINGSIDE } else { QUEENSIDE };
        let slot = &mut pos.castles[color.index()][side];
        if slot.is_some() {
            return Err(format!("castling right '{c}' repeats a side already given"));
        }
        *slot = Some(rank * geo.width + file);
    }
    if pos.variant.no_castling() && pos.castles != [[None; 2]; 2] {
        return Err(format!("{} has no castling", pos.variant.name()));
    }
    Ok(())
}

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
        if let Some(vests) = super::fairy::plender::fen_field(pos) {
            out.push(' ');
            out.push_str(&vests);
        }
    }
    if pos.variant == Variant::Portal {
        if let Some(portholes) = super::fairy::portal::fen_field::write(pos) {
            out.push(' ');
            out.push_str(&portholes);
        }
    }
    if pos.variant == Variant::Hostage {
        if let Some(prisons) = super::fairy::hostage::fen_field::write(pos) {
            out.push(' ');
            out.push_str(&prisons);
        }
    }
    if let Some(armed) = super::fairy::stratomic::fen_field(pos) {
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
        out.push_str(&super::fairy::doublechess::castling_text(pos));
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
