//! FEN and EPD read into a position: every field checked, an illegal position refused with
//! a reason; never a panic on text.

use crate::geometry::Geometry;
use crate::piece::{Color, Piece, Role, BOARD_B_BIT, PROMOTED_BIT, ROLES};
use crate::position::{Position, KINGSIDE, QUEENSIDE};
use crate::validate::{validate, validate_irregular};
use crate::variant::Variant;

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
            crate::fairy::plender::read_fen_field(&mut pos, f)?;
        } else if f.starts_with('(') && variant == Variant::Portal {
            crate::fairy::portal::fen_field::read(&mut pos, f)?;
        } else if f.starts_with('(') && variant == Variant::Hostage {
            crate::fairy::hostage::fen_field::read(&mut pos, f)?;
        } else if f.starts_with('(') && variant == Variant::Stratomic {
            crate::fairy::stratomic::read_fen_field(&mut pos, f)?;
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
        return crate::fairy::doublechess::read_castling(pos, text);
    }
    if text == "-" {
        return Ok(());
    }
    let geo = pos.geo;
    for c in text.chars() {
        let color = Color::of_letter(c);
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
