//! Standard algebraic notation: the canonical text of a move (exact disambiguation, `+`/`#`,
//! `O-O`, `e8=Q`, drops `N@f3`) and a lenient reader for what people type (UCI, long
//! algebraic, `0-0`, figurines, lower-case pieces, no `x`, no `=`). It never picks between
//! two legal readings: it says the text is ambiguous.

use super::bitboard::probe::{self, Few, Sets};
use super::geometry::{push_number, Geometry};
use super::movegen::{gen_pseudo, legal_moves};
use super::outcome::position_result_among;
use super::piece::Role;
use super::position::{Move, MoveKind, Position, KINGSIDE, QUEENSIDE};
use super::resolve::{resolve_among, LooseMove, ResolveError};
use super::uci::{parse_uci_among, split_squares};
use super::variant::Variant;

/// SAN without the check mark.
pub fn move_to_san_plain(pos: &Position, m: &Move) -> String {
    san_plain(pos, None, m)
}

/// SAN without the check mark; `legal` is the position's legal moves if already generated.
fn san_plain(pos: &Position, legal: Option<&[Move]>, m: &Move) -> String {
    let mut s = String::with_capacity(8);
    push_san_plain(&mut s, pos, legal, m);
    s
}

/// Appends the SAN of `m` without the check mark to `s` (see [`san_plain`]).
fn push_san_plain(s: &mut String, pos: &Position, legal: Option<&[Move]>, m: &Move) {
    if pos.variant == super::variant::Variant::Congo {
        return s.push_str(&super::fairy::congo::notation::san(pos, m));
    }
    if pos.variant == super::variant::Variant::Chessence {
        return s.push_str(&match legal {
            Some(legal) => super::fairy::chessence::san(pos, legal, m),
            None => super::fairy::chessence::san(pos, &legal_moves(pos), m),
        });
    }
    if let MoveKind::Portal(exit) = m.kind {
        return s.push_str(&super::fairy::portal::notation::san(pos, legal, m, exit));
    }
    if let MoveKind::Exchange(given) = m.kind {
        return s.push_str(&super::fairy::hostage::notation::text(pos, m, given));
    }
    if m.kind == MoveKind::Launch {
        return s.push_str(&super::fairy::stratomic::notation::text(pos, m));
    }
    let geo = pos.geo;
    match m.kind {
        MoveKind::Castle => {
            if pos.castle_side(pos.turn, m.to) == KINGSIDE {
                s.push_str("O-O");
            } else {
                s.push_str("O-O-O");
            }
        }
        MoveKind::Drop => {
            s.push(m.role.letter());
            s.push('@');
            geo.push_name(s, m.to);
        }
        MoveKind::Dynamo(_) => s.push_str(&super::fairy::dynamo::notation::san(pos, m)),
        _ if m.role == Role::Pawn => {
            if super::fairy::knightrelay::pawn_move_needs_square(pos, m)
                || super::fairy::masonic::pawn_move_needs_square(pos, m)
                || super::fairy::plender::pawn_move_needs_square(pos, m)
            {
                geo.push_name(s, m.from);
                if pos.is_capture(m) {
                    s.push('x');
                }
            } else if pos.is_capture(m) {
                s.push(geo.file_char(geo.file(m.from)));
                s.push('x');
            }
            if super::fairy::alice::pawn_push_needs_rank(pos, m) {
                push_number(s, u32::from(geo.number(m.from)));
            }
            geo.push_name(s, m.to);
            if let Some(p) = m.promotion {
                s.push('=');
                s.push(p.letter());
            }
        }
        _ => {
            s.push(m.role.letter());
            let rival = |o: &Move| o.to == m.to && o.role == m.role && o.kind == MoveKind::Normal && o.from != m.from;
            match legal {
                Some(legal) => push_from_hint(s, geo, m.from, legal.iter().filter(|o| rival(o)).map(|o| o.from)),
                None => {
                    // Pseudo-legal moves first: cheaper, and most moves have no rival at all.
                    let mut pseudo = Vec::new();
                    gen_pseudo(pos, &mut pseudo);
                    if pseudo.iter().any(rival) {
                        let legal = legal_moves(pos);
                        push_from_hint(s, geo, m.from, legal.iter().filter(|o| rival(o)).map(|o| o.from));
                    }
                }
            }
            if pos.is_capture(m) {
                s.push('x');
            }
            geo.push_name(s, m.to);
        }
    }
}

/// What SAN writes of a piece's square when `rivals` (the squares of pieces of its kind that
/// reach the same square) is not empty: its file if no rival shares it, else its rank if no
/// rival shares that, else both; nothing when there are no rivals.
pub fn from_hint(geo: &Geometry, from: u8, rivals: &[u8]) -> String {
    let mut s = String::new();
    push_from_hint(&mut s, geo, from, rivals.iter().copied());
    s
}

/// Appends [`from_hint`]'s text to `s`.
fn push_from_hint(s: &mut String, geo: &Geometry, from: u8, rivals: impl Iterator<Item = u8>) {
    let (mut any, mut same_file, mut same_rank) = (false, false, false);
    for r in rivals {
        any = true;
        same_file |= geo.file(r) == geo.file(from);
        same_rank |= geo.number(r) == geo.number(from);
    }
    if !any {
        return;
    }
    if !same_file {
        s.push(geo.file_char(geo.file(from)));
    } else if !same_rank {
        push_number(s, u32::from(geo.number(from)));
    } else {
        geo.push_name(s, from);
    }
}

/// The canonical SAN of a legal move, with `+` for check and `#` for checkmate or any move
/// after which the game has a winner (an exploded king, the third check, the hill, an
/// antichess player left without moves).
pub fn move_to_san(pos: &Position, m: &Move) -> String {
    let mut after = pos.clone();
    after.play(m);
    move_to_san_among(pos, &legal_moves(pos), m, &after, &legal_moves(&after))
}

/// As [`move_to_san`], with the legal moves of the position and of the one `m` leads to
/// (`after`) already generated.
pub fn move_to_san_among(pos: &Position, legal: &[Move], m: &Move, after: &Position, after_legal: &[Move]) -> String {
    let mut s = String::with_capacity(8);
    push_san_plain(&mut s, pos, Some(legal), m);
    if pos.variant == super::variant::Variant::Extinction {
        // No king is royal: there is no check to mark, and Fairy-Stockfish marks no win.
        return s;
    }
    let decisive = position_result_among(after, after_legal).is_some_and(|o| !o.winners.is_empty());
    if decisive {
        s.push('#');
    } else if after.in_check(after.turn) {
        s.push('+');
    }
    s
}

/// As [`move_to_san_among`] with the check mark already known (`mark`: `+`, `#` or none).
pub fn move_to_san_marked(pos: &Position, legal: &[Move], m: &Move, mark: Option<char>) -> String {
    let mut s = String::with_capacity(8);
    push_san_plain(&mut s, pos, Some(legal), m);
    s.extend(mark);
    s
}

/// Reads a move typed leniently: SAN, UCI, long algebraic, castling with O or 0, figurines,
/// lower-case piece letters (resolved by legality), drops `N@f3`/`@e4`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    parse_move_among(pos, &legal_moves(pos), text)
}

/// As [`parse_move`], with the position's legal moves already generated.
pub fn parse_move_among(pos: &Position, legal: &[Move], text: &str) -> Result<Move, String> {
    if let Some(m) = exact_san(pos, legal, text) {
        return Ok(m);
    }
    if pos.variant == super::variant::Variant::Hostage {
        if let Some(found) = super::fairy::hostage::notation::parse(pos, legal, text) {
            return found;
        }
    }
    if pos.variant == super::variant::Variant::Stratomic {
        if let Some(found) = super::fairy::stratomic::notation::parse(pos, legal, text) {
            return found;
        }
    }
    let cleaned = clean(text);
    if cleaned.is_empty() {
        return Err("an empty move".to_string());
    }
    if pos.variant == super::variant::Variant::Congo {
        if let Some(m) = super::fairy::congo::notation::find(pos, &cleaned) {
            return Ok(m);
        }
    }
    if pos.variant == super::variant::Variant::Chessence {
        return super::fairy::chessence::parse(pos, legal, &cleaned);
    }
    if pos.variant == super::variant::Variant::Dynamo && super::fairy::dynamo::notation::looks_dynamo(&cleaned) {
        return super::fairy::dynamo::notation::find(pos, legal, &cleaned)
            .ok_or_else(|| format!("'{cleaned}' is not a legal push, pull or exit here"));
    }
    if pos.variant == super::variant::Variant::Portal {
        if let Some(found) = super::fairy::portal::notation::parse(pos, legal, &cleaned) {
            return found;
        }
    }
    if let Some(side) = castle_side(&cleaned) {
        let loose = LooseMove {
            castle: Some(side),
            ..LooseMove::default()
        };
        return resolve_among(pos, legal, &loose).map_err(|e| e.reason().to_string());
    }
    if cleaned.contains('@') {
        return parse_uci_among(pos, legal, &cleaned);
    }
    let plain: String = cleaned.chars().filter(|&c| c != '-').collect();
    if split_squares(pos, &plain.to_ascii_lowercase()).is_some() && !plain.starts_with(char::is_uppercase) {
        if let Ok(m) = parse_uci_among(pos, legal, &plain.to_ascii_lowercase()) {
            return Ok(m);
        }
    }
    let readings = readings(pos, &cleaned)?;
    let mut found: Vec<Move> = Vec::new();
    let mut first_error: Option<ResolveError> = None;
    for loose in &readings {
        match resolve_among(pos, legal, loose) {
            Ok(m) => {
                if !found.contains(&m) {
                    found.push(m);
                }
            }
            Err(e) => {
                let better = matches!(
                    (&first_error, &e),
                    (None, _)
                        | (
                            Some(ResolveError::NoSuchPiece(_)),
                            ResolveError::Illegal(_) | ResolveError::Ambiguous(_)
                        )
                );
                if better {
                    first_error = Some(e);
                }
            }
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(first_error
            .map(|e| e.reason().to_string())
            .unwrap_or_else(|| format!("'{text}' is not a move"))),
        _ => {
            let names: Vec<String> = found.iter().map(|m| move_to_san(pos, m)).collect();
            Err(format!(
                "'{}' is ambiguous: it could be {}",
                text.trim(),
                names.join(" or ")
            ))
        }
    }
}

/// The legal move whose canonical SAN is `text`, check mark aside, if there is one: what a
/// stored record holds, found without the lenient reader's work. Canonical SAN names one
/// move, so this never picks where the lenient reader would not. `legal` may be in any order.
pub fn exact_san(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let plain = text.trim_end_matches(['+', '#']);
    // On the plain 8x8 board of standard chess and Chess960 the text names the kind of move:
    // castling, or a piece's letter or a pawn's file first; only such moves can have it.
    let standard =
        matches!(pos.variant, Variant::Standard | Variant::Chess960) && std::ptr::eq(pos.geo, Geometry::standard());
    let castle = standard && plain.starts_with("O-O");
    let (to, role) = if castle {
        (None, None)
    } else {
        let body = plain.split_once('=').map_or(plain, |(body, _)| body);
        let square_at = body.rfind(|c: char| c.is_ascii_lowercase())?;
        let to = pos.geo.parse_square(&body[square_at..])?;
        let role = match body.as_bytes()[0] {
            _ if !standard => None,
            b'a'..=b'h' => Some(Role::Pawn),
            letter => Some(Role::from_letter(char::from(letter))?),
        };
        (Some(to), role)
    };
    // The target square first: it rules out most moves at once.
    let candidate = |m: &&Move| {
        to.is_none_or(|to| m.to == to) && (m.kind == MoveKind::Castle) == castle && role.is_none_or(|r| r == m.role)
    };
    // On that board a move's rivals in SAN (moves of its kind to its square) are among the
    // candidates, so its SAN is written from them rather than from every legal move.
    let none = Move {
        role: Role::Pawn,
        from: 0,
        to: 0,
        promotion: None,
        kind: MoveKind::Normal,
    };
    let mut kept = [none; 16];
    let mut n = 0;
    if standard {
        for m in legal.iter().filter(candidate) {
            if n == kept.len() {
                n = usize::MAX;
                break;
            }
            kept[n] = *m;
            n += 1;
        }
    }
    let (candidates, rivals) = match n {
        usize::MAX | 0 => (legal, legal),
        n => (&kept[..n], &kept[..n]),
    };
    let mut san = String::with_capacity(plain.len() + 4);
    let mut found = None;
    for m in candidates.iter().filter(candidate) {
        san.clear();
        push_san_plain(&mut san, pos, Some(rivals), m);
        if san == plain {
            if found.is_some() {
                return None;
            }
            found = Some(*m);
        }
    }
    found
}

/// As [`exact_san`] on the fast path's sets of `pos` (`sets`: standard chess or Chess960 on
/// the plain 8x8 board): the moves the text can name (castling, or those of the piece its first
/// letter names to the square it ends with) come from the sets, and no list of every legal
/// move is made. Gives what [`exact_san`] gives with the position's legal moves.
pub fn exact_san_on(pos: &Position, sets: &Sets, text: &str) -> Option<Move> {
    // Read as bytes: what is looked for is ASCII, and no byte of a longer character is.
    let plain = without_mark(text).as_bytes();
    let mut few = Few::new();
    if plain.starts_with(b"O-O") {
        probe::castles(sets, &mut few);
    } else {
        let body = plain.iter().position(|&b| b == b'=').map_or(plain, |at| &plain[..at]);
        let square_at = body.iter().rposition(u8::is_ascii_lowercase)?;
        let to = standard_square(&body[square_at..])?;
        let role = match body[0] {
            b'a'..=b'h' => Role::Pawn,
            letter => Role::from_letter(char::from(letter))?,
        };
        probe::moves_to(sets, role, to, &mut few);
    }
    // Canonical SAN names one of at most a dozen moves; more (never) is left to the list.
    let candidates = few.moves()?;
    // The text as `standard_san` writes into its buffer, compared whole (no SAN is longer).
    let mut text = [0; 8];
    text.get_mut(..plain.len())?.copy_from_slice(plain);
    let mut found = None;
    for m in candidates {
        let mut san = [0; 8];
        let len = standard_san(pos, candidates, m, &mut san);
        if san == text && len == plain.len() {
            if found.is_some() {
                return None;
            }
            found = Some(*m);
        }
    }
    found
}

/// The SAN without check mark of `m`, a legal move of a standard-chess or Chess960 position
/// on the plain 8x8 board whose rivals (legal moves of its kind to its square) are among
/// `rivals`, written into `out` as [`move_to_san_plain`] writes it there: its length. (At most
/// six bytes: `Qa1xb2`, `exd8=Q`.)
pub(crate) fn standard_san(pos: &Position, rivals: &[Move], m: &Move, out: &mut [u8; 8]) -> usize {
    let mut len = 0;
    let mut put = |byte: u8| {
        if let Some(slot) = out.get_mut(len) {
            *slot = byte;
            len += 1;
        }
    };
    let file = |sq: u8| b'a' + sq % 8;
    let rank = |sq: u8| b'1' + sq / 8;
    if m.kind == MoveKind::Castle {
        let side: &[u8] = if m.to % 8 > m.from % 8 { b"O-O" } else { b"O-O-O" };
        side.iter().for_each(|&b| put(b));
    } else if m.role == Role::Pawn {
        if pos.is_capture(m) {
            put(file(m.from));
            put(b'x');
        }
        put(file(m.to));
        put(rank(m.to));
        if let Some(p) = m.promotion {
            put(b'=');
            put(p.letter() as u8);
        }
    } else {
        put(m.role.letter() as u8);
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for o in rivals {
            if o.to == m.to && o.role == m.role && o.kind == MoveKind::Normal && o.from != m.from {
                any = true;
                same_file |= o.from % 8 == m.from % 8;
                same_rank |= o.from / 8 == m.from / 8;
            }
        }
        if any {
            if !same_file {
                put(file(m.from));
            } else if !same_rank {
                put(rank(m.from));
            } else {
                put(file(m.from));
                put(rank(m.from));
            }
        }
        if pos.is_capture(m) {
            put(b'x');
        }
        put(file(m.to));
        put(rank(m.to));
    }
    len
}

/// `text` without the check marks (`+`, `#`) it ends with.
pub fn without_mark(text: &str) -> &str {
    let kept = text
        .bytes()
        .rposition(|b| !matches!(b, b'+' | b'#'))
        .map_or(0, |at| at + 1);
    // Only ASCII bytes were cut, so `kept` is a character's boundary.
    text.get(..kept).unwrap_or(text)
}

/// A square of the plain 8x8 board by its name (`e4`), as `Geometry::parse_square` reads it
/// there.
pub(crate) fn standard_square(name: &[u8]) -> Option<u8> {
    match name {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some((rank - b'1') * 8 + (file - b'a')),
        _ => None,
    }
}

/// Drops annotations, check marks, `e.p.` and figurines (made letters).
fn clean(text: &str) -> String {
    let mut s: String = text
        .trim()
        .chars()
        .map(|c| Role::from_figurine(c).map(|r| r.letter()).unwrap_or(c))
        .collect();
    for suffix in ["e.p.", "ep"] {
        if let Some(t) = s.strip_suffix(suffix) {
            s = t.trim_end().to_string();
        }
    }
    s.trim_end_matches(['+', '#', '!', '?']).trim().to_string()
}

fn castle_side(text: &str) -> Option<usize> {
    match text.to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" | "OO" => Some(KINGSIDE),
        "O-O-O" | "OOO" => Some(QUEENSIDE),
        _ => None,
    }
}

/// Every way to read a SAN-like text as a loose move (a lower-case first letter may be a
/// piece or a file).
fn readings(pos: &Position, text: &str) -> Result<Vec<LooseMove>, String> {
    let geo = pos.geo;
    let bad = || format!("'{text}' is not a move");
    let mut chars: Vec<char> = text.chars().collect();
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        let before_is_digit = chars.len() >= 2 && chars[chars.len() - 2].is_ascii_digit();
        let marked = chars.len() >= 2 && matches!(chars[chars.len() - 2], '=' | '/');
        if let Some(r) = Role::from_letter(last).filter(|_| before_is_digit || marked) {
            promotion = Some(r);
            chars.pop();
            if marked {
                chars.pop();
            }
        }
    }
    if chars.last() == Some(&')') {
        return Err(bad());
    }
    let mut end = chars.len();
    while end > 0 && chars[end - 1].is_ascii_digit() {
        end -= 1;
    }
    if end == 0 || end == chars.len() {
        return Err(bad());
    }
    let file_at = end - 1;
    let to_name: String = chars[file_at..].iter().collect::<String>().to_ascii_lowercase();
    let to = geo.parse_square(&to_name).ok_or_else(bad)?;
    let mut prefix: Vec<char> = chars[..file_at].to_vec();
    let mut capture = false;
    if matches!(prefix.last(), Some('x' | 'X' | ':' | '-')) {
        capture = matches!(prefix.last(), Some('x' | 'X' | ':'));
        prefix.pop();
    }
    let mut out = Vec::new();
    let first = prefix.first().copied();
    let piece_readings: Vec<Option<Role>> = match first {
        Some(c) if c.is_ascii_uppercase() => vec![Some(Role::from_letter(c).ok_or_else(bad)?)],
        Some(c) if strict_pawn_capture(pos, &prefix, capture) && c.is_ascii_lowercase() => vec![None],
        Some(c) if Role::from_letter(c).is_some() => vec![Role::from_letter(c), None],
        _ => vec![None],
    };
    for piece in piece_readings {
        let rest: &[char] = if piece.is_some() { &prefix[1..] } else { &prefix[..] };
        let Some((from_file, from_rank)) = hints(pos, rest) else {
            continue;
        };
        let piece = piece.filter(|r| *r != Role::Pawn);
        out.push(LooseMove {
            piece,
            from_file,
            from_rank,
            to: Some(to),
            promotion,
            castle: None,
            drop: None,
            capture,
        });
    }
    if out.is_empty() {
        return Err(bad());
    }
    Ok(out)
}

/// `bxc6` is strict SAN for a pawn capture: a lower-case `b` there is the file, not a bishop.
fn strict_pawn_capture(pos: &Position, prefix: &[char], capture: bool) -> bool {
    capture && prefix.len() == 1 && pos.geo.file_of(prefix[0]).is_some()
}

/// Reads disambiguation hints: a file letter, a rank number, or both.
fn hints(pos: &Position, rest: &[char]) -> Option<(Option<u8>, Option<u8>)> {
    let geo = pos.geo;
    let mut file = None;
    let mut i = 0;
    if let Some(c) = rest.first().filter(|c| c.is_ascii_lowercase()) {
        file = Some(geo.file_of(*c)?);
        i = 1;
    }
    let digits: String = rest[i..].iter().collect();
    if digits.is_empty() {
        return Some((file, None));
    }
    let r: u8 = digits.parse().ok()?;
    if r == 0 || r > geo.height {
        return None;
    }
    Some((file, Some(r - 1)))
}
