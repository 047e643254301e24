//! Reads one written move (`Nf3`, `exd5`, `e7e8q`, `O-O`, `N@f3`, `--`, `Qh7#!?`) into its parts.
//! It knows only how moves are written, never whether a move is legal or which piece it means
//! when the text allows two readings: the chess engine matches a token against the legal moves.
//! Piece letters of other languages (German `S`, `L`, `T`, `D`) are not translated: any upper-case
//! letter is passed on as the piece it names (`Sf3` is a piece `S`), for the engine to refuse.

/// A square: `file` 0 is the a-file, `rank` 0 is rank 1. Files a to p and ranks 1 to 16 are read,
/// so boards up to 16x16 can be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

/// What the text says about the moving piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceHint {
    /// No piece letter in a SAN-style move (`e4`, `exd5`), or the letter `P`.
    Pawn,
    /// A piece letter, upper-cased (`N`, `B`, figurines read as their letter, fairy letters as is).
    Piece(char),
    /// A whole from-square without a letter (`e2e4`, `g1-f3`, `e7e8q`): whatever stands there.
    Any,
}

/// A move from one square to another, as far as the text tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NormalMove {
    pub piece: PieceHint,
    /// 0-based file of the from-square when written (`Nbd2`, `exd5`, `e2e4`).
    pub from_file: Option<u8>,
    /// 0-based rank of the from-square when written (`N1f3`, `e2e4`).
    pub from_rank: Option<u8>,
    /// The text marked a capture with `x` or `:`. A capture written without a mark is allowed,
    /// so the engine must not refuse a capture because this is false.
    pub capture: bool,
    pub to: Square,
    /// The promotion piece letter, upper-cased (`e8=Q`, `e8Q`, `e8=q`, `e7e8q`, `e8(Q)`).
    pub promotion: Option<char>,
}

/// A written move with its annotations removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveToken {
    /// `O-O`, `0-0`, `o-o` (short) and `O-O-O`, `0-0-0`, `o-o-o` (long).
    Castle {
        long: bool,
    },
    /// `--`, `Z0` or the UCI `0000`.
    Null,
    /// `N@f3`; `@e4` and `P@e4` drop a pawn. The piece letter is upper-cased.
    Drop {
        piece: char,
        to: Square,
    },
    Normal(NormalMove),
    /// A lower-case `b`, `k` or `n` that is both a piece letter and a file letter (`bxc3`, `nf3`):
    /// both readings, for the engine to choose the one that is legal (and refuse if both are).
    Either {
        piece: NormalMove,
        pawn: NormalMove,
    },
    /// A chain of jumps (Congo's monkey): the piece letter, its square and two or more
    /// landing squares each after an `x` (`Md3xb5xb7`); `squares[..len]` holds them all.
    Jumps {
        piece: char,
        squares: [Square; MAX_JUMPS + 1],
        len: u8,
    },
    /// A push, pull or exit of Dynamo chess (`Bf1f1/e2a6`, `Ra3x/a6x`, `Nb1x`): a word with a
    /// `/`, or ending in `x` after a square, kept as written (`text[..len]`, ASCII) for the
    /// engine to read.
    Dynamo {
        text: [u8; DYNAMO_LONGEST],
        len: u8,
    },
    /// A Hostage chess exchange: the prisoner given, the man released and where it drops
    /// (`N-B@f7`; the published `(N-B)B*f7` is not PGN, as `(` opens a variation).
    Exchange {
        given: char,
        piece: char,
        to: Square,
    },
    /// A Stratomic launch: the nuclea's letter and square, `@`, the target (`Ua2@e9`).
    Launch {
        piece: char,
        from: Square,
        to: Square,
    },
    /// A move into a porthole and the porthole it leaves by (Portal chess): `Nc3>f6`,
    /// `bxc3>f6` (a lower-case `b` before the entry is the pawn's file, as piece letters are
    /// upper case here), `b1c3>f6`.
    Portal {
        entry: NormalMove,
        exit: Square,
    },
}

/// The longest Dynamo push or pull word kept (`Qp16p16=Q/p15p14=Q` is 19).
pub const DYNAMO_LONGEST: usize = 24;

/// The most landing squares a written chain of jumps may have.
pub const MAX_JUMPS: usize = 12;

/// One move word split into the move and what was written after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedMove {
    pub token: MoveToken,
    /// The characters after the move exactly as written: check and mate marks (`+`, `#`, `++`,
    /// never trusted), annotation glyphs (`!?`) and en-passant marks (`e.p.`, `ep`).
    pub suffix: String,
    /// The annotation glyphs of the suffix as NAG numbers (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    pub nags: Vec<u16>,
}

/// The longest move word read, in characters (`Qh16xp16=Q` and the like are far shorter).
const LONGEST: usize = 48;

/// Characters that may follow a move in its word: check and mate marks, annotation glyphs.
const MARKS: [char; 8] = ['+', '#', '!', '?', '\u{203c}', '\u{2047}', '\u{2048}', '\u{2049}'];

fn is_mark(c: char) -> bool {
    MARKS.contains(&c)
}

/// The NAG number of a move annotation glyph, by the PGN standard's table (NAGs 1 to 6).
fn glyph_nag(glyph: &str) -> Option<u16> {
    match glyph {
        "!" => Some(1),
        "?" => Some(2),
        "!!" | "\u{203c}" => Some(3),
        "??" | "\u{2047}" => Some(4),
        "!?" | "\u{2049}" => Some(5),
        "?!" | "\u{2048}" => Some(6),
        _ => None,
    }
}

/// The NAG of a glyph written as a word of its own (`e4 !?`, `Nf3 +-`): the move glyphs above
/// and the position glyphs of the PGN standard's table (7, 10, 13 to 19).
pub fn standalone_glyph_nag(word: &str) -> Option<u16> {
    glyph_nag(word).or(match word {
        "\u{25a1}" => Some(7),
        "=" => Some(10),
        "\u{221e}" => Some(13),
        "+=" | "\u{2a72}" => Some(14),
        "=+" | "\u{2a71}" => Some(15),
        "+/-" | "\u{b1}" => Some(16),
        "-/+" | "\u{2213}" => Some(17),
        "+-" => Some(18),
        "-+" => Some(19),
        _ => None,
    })
}

/// Splits `word` into the move and its suffix of marks. `e.p.` and `ep` are taken only after a rank
/// digit, so they are never mistaken for part of a square.
fn split_suffix(word: &str) -> (&str, &str) {
    // No mark ends in a letter or digit, and `e.p.` and `ep` end in `.` and `p`.
    if word
        .as_bytes()
        .last()
        .is_some_and(|b| b.is_ascii_alphanumeric() && *b != b'p')
    {
        return (word, "");
    }
    let mut core = word;
    loop {
        if let Some(c) = core.chars().next_back().filter(|c| is_mark(*c)) {
            core = &core[..core.len() - c.len_utf8()];
            continue;
        }
        let stripped = core.strip_suffix("e.p.").or_else(|| core.strip_suffix("ep"));
        if let Some(rest) = stripped.filter(|r| r.ends_with(|c: char| c.is_ascii_digit())) {
            core = rest;
            continue;
        }
        return (core, &word[core.len()..]);
    }
}

/// The NAGs of the glyphs in a suffix (check marks and `e.p.` taken out first).
fn suffix_nags(suffix: &str) -> Result<Vec<u16>, String> {
    if suffix.is_empty() {
        return Ok(Vec::new());
    }
    let glyphs: String = suffix
        .chars()
        .filter(|c| is_mark(*c) && *c != '+' && *c != '#')
        .collect();
    if glyphs.is_empty() {
        return Ok(Vec::new());
    }
    match glyph_nag(&glyphs) {
        Some(nag) => Ok(vec![nag]),
        None => Err(format!("'{glyphs}' is not a move annotation (known: ! ? !! ?? !? ?!)")),
    }
}

/// The upper-case piece letter of a figurine (white or black), if `c` is one.
fn figurine(c: char) -> Option<char> {
    match c {
        '\u{2654}' | '\u{265a}' => Some('K'),
        '\u{2655}' | '\u{265b}' => Some('Q'),
        '\u{2656}' | '\u{265c}' => Some('R'),
        '\u{2657}' | '\u{265d}' => Some('B'),
        '\u{2658}' | '\u{265e}' => Some('N'),
        '\u{2659}' | '\u{265f}' => Some('P'),
        _ => None,
    }
}

/// Reads one move word, annotations included.
pub fn parse_move(word: &str) -> Result<ParsedMove, String> {
    let (core, suffix) = split_suffix(word);
    let nags = suffix_nags(suffix)?;
    let token = parse_core(core)?;
    Ok(ParsedMove {
        token,
        suffix: suffix.to_string(),
        nags,
    })
}

fn parse_core(core: &str) -> Result<MoveToken, String> {
    // Castling and null moves open with `O`, `o`, `0`, `-` or `Z`, never another letter.
    let plain = core
        .as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() && !matches!(b, b'O' | b'o' | b'Z'));
    match core {
        _ if plain => {}
        "" => return Err("no move before the annotation".to_string()),
        "O-O" | "0-0" | "o-o" => return Ok(MoveToken::Castle { long: false }),
        "O-O-O" | "0-0-0" | "o-o-o" => return Ok(MoveToken::Castle { long: true }),
        "--" | "Z0" | "0000" => return Ok(MoveToken::Null),
        _ => {}
    }
    // Figurines are the only characters past ASCII a move may hold: an ASCII word is read as
    // it stands, any other is first written with letters for its figurines.
    let mut buffer = [0u8; LONGEST];
    let chars = if core.is_ascii() {
        if core.len() > LONGEST {
            return Err("too long to be a move".to_string());
        }
        core.as_bytes()
    } else {
        let mut len = 0;
        for c in core.chars() {
            let c = figurine(c).unwrap_or(c);
            if !c.is_ascii() {
                return Err(format!("'{c}' cannot be part of a move"));
            }
            let slot = buffer.get_mut(len).ok_or("too long to be a move")?;
            *slot = c as u8;
            len += 1;
        }
        &buffer[..len]
    };
    if let Some(at) = chars.iter().position(|c| *c == b'@') {
        return parse_drop(&chars[..at], &chars[at + 1..]);
    }
    if let Some(dynamo) = parse_dynamo(chars) {
        return Ok(dynamo);
    }
    if let Some(gt) = chars.iter().position(|c| *c == b'>') {
        return parse_portal(&chars[..gt], &chars[gt + 1..]);
    }
    if let Some(jumps) = parse_jumps(chars) {
        return Ok(jumps);
    }
    parse_normal(chars)
}

/// A letter as the upper-case piece letter it names.
fn upper(c: u8) -> char {
    char::from(c.to_ascii_uppercase())
}

fn parse_drop(piece: &[u8], square: &[u8]) -> Result<MoveToken, String> {
    if let [given, b'-', released] = piece {
        let to = read_square(square).ok_or("an exchange needs a square after '@' (N-B@f7)")?;
        if !given.is_ascii_alphabetic() || !released.is_ascii_alphabetic() {
            return Err("an exchange is written as two piece letters, '-', '@' and a square (N-B@f7)".to_string());
        }
        return Ok(MoveToken::Exchange {
            given: upper(*given),
            piece: upper(*released),
            to,
        });
    }
    if let [letter, from @ ..] = piece {
        if let (true, Some(from)) = (letter.is_ascii_alphabetic(), read_square(from)) {
            let to = read_square(square).ok_or("a launch needs a square after '@' (Ua2@e9)")?;
            return Ok(MoveToken::Launch {
                piece: upper(*letter),
                from,
                to,
            });
        }
    }
    let piece = match piece {
        [] => 'P',
        [c] if c.is_ascii_alphabetic() => upper(*c),
        _ => return Err("a drop is written as a piece letter, '@' and a square (N@f3)".to_string()),
    };
    let to = read_square(square).ok_or("a drop needs a square after '@' (N@f3)")?;
    Ok(MoveToken::Drop { piece, to })
}

/// A Dynamo push, pull or exit word (see [`MoveToken::Dynamo`]), or `None` when the word is
/// not one: a letter first, then letters, digits, `=` and at most one `/`, with a `/` or a
/// final `x` after a digit.
fn parse_dynamo(chars: &[u8]) -> Option<MoveToken> {
    if !chars.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let slashes = chars.iter().filter(|&&c| c == b'/').count();
    let exit = chars.len() > 2 && chars.ends_with(b"x") && chars[chars.len() - 2].is_ascii_digit();
    if (slashes == 0 && !exit) || slashes > 1 || chars.len() > DYNAMO_LONGEST {
        return None;
    }
    if !chars
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || c == b'=' || c == b'/')
    {
        return None;
    }
    let mut text = [0u8; DYNAMO_LONGEST];
    text[..chars.len()].copy_from_slice(chars);
    Some(MoveToken::Dynamo {
        text,
        len: chars.len() as u8,
    })
}

fn parse_portal(entry: &[u8], exit: &[u8]) -> Result<MoveToken, String> {
    let bad = || "a porthole move is written as the move onto the porthole, '>' and the exit (Nc3>f6)".to_string();
    let exit = read_square(exit).ok_or_else(bad)?;
    let entry = match parse_normal(entry).map_err(|_| bad())? {
        MoveToken::Normal(m) | MoveToken::Either { pawn: m, .. } if m.promotion.is_none() => m,
        _ => return Err(bad()),
    };
    Ok(MoveToken::Portal { entry, exit })
}

/// A chain of two or more jumps, `Md3xb5xb7`, or `None` when the word is not one.
fn parse_jumps(chars: &[u8]) -> Option<MoveToken> {
    let (&piece, rest) = chars.split_first()?;
    let jumps = rest.iter().filter(|&&c| c == b'x').count();
    if !piece.is_ascii_uppercase() || !(2..=MAX_JUMPS).contains(&jumps) {
        return None;
    }
    let mut squares = [Square { file: 0, rank: 0 }; MAX_JUMPS + 1];
    let mut len = 0;
    for (slot, part) in squares.iter_mut().zip(rest.split(|&c| c == b'x')) {
        *slot = read_square(part)?;
        len += 1;
    }
    Some(MoveToken::Jumps {
        piece: char::from(piece),
        squares,
        len,
    })
}

/// A whole square (`e4`, `p16`), nothing more.
fn read_square(chars: &[u8]) -> Option<Square> {
    let (file, rank) = chars.split_first()?;
    Some(Square {
        file: file_index(*file)?,
        rank: read_rank(rank)?,
    })
}

/// The 0-based index of a file letter `a` to `p`.
fn file_index(c: u8) -> Option<u8> {
    (b'a'..=b'p').contains(&c).then(|| c - b'a')
}

/// The 0-based index of a rank written as `1` to `16`.
fn read_rank(digits: &[u8]) -> Option<u8> {
    let value = match digits {
        [d] if d.is_ascii_digit() => d - b'0',
        [b'1', d] if d.is_ascii_digit() => 10 + d - b'0',
        _ => return None,
    };
    (1..=16).contains(&value).then(|| value - 1)
}

/// How many digits end `chars` (at most the two a rank may have, plus one to spot longer runs).
fn trailing_digits(chars: &[u8]) -> usize {
    chars.iter().rev().take(3).take_while(|c| c.is_ascii_digit()).count()
}

fn parse_normal(chars: &[u8]) -> Result<MoveToken, String> {
    let bad = || {
        format!(
            "'{}' is not a move",
            chars.iter().map(|&c| char::from(c)).collect::<String>()
        )
    };
    let (rest, promotion) = split_promotion(chars).ok_or_else(bad)?;
    let digits = trailing_digits(rest);
    if digits == 0 || digits > 2 || rest.len() < digits + 1 {
        return Err(bad());
    }
    let square_at = rest.len() - digits - 1;
    let to = read_square(&rest[square_at..]).ok_or_else(bad)?;
    let mut prefix = &rest[..square_at];
    let mut capture = false;
    if let Some((last, before)) = prefix.split_last() {
        if matches!(last, b'x' | b':') || (*last == b'-' && !before.is_empty()) {
            capture = *last != b'-';
            prefix = before;
        }
    }
    let base = NormalMove {
        piece: PieceHint::Pawn,
        from_file: None,
        from_rank: None,
        capture,
        to,
        promotion,
    };
    read_prefix(prefix, base).ok_or_else(bad)
}

/// Takes a promotion off the end: `=Q`, `Q` or `q` right after a rank digit, or `(Q)`.
fn split_promotion(chars: &[u8]) -> Option<(&[u8], Option<char>)> {
    match chars {
        [rest @ .., b'(', p, b')'] if p.is_ascii_alphabetic() => Some((rest, Some(upper(*p)))),
        [rest @ .., b'=', p] if p.is_ascii_alphabetic() => Some((rest, Some(upper(*p)))),
        [rest @ .., d, p] if p.is_ascii_alphabetic() && d.is_ascii_digit() => {
            Some((&chars[..rest.len() + 1], Some(upper(*p))))
        }
        [.., p] if p.is_ascii_alphabetic() => None,
        _ => Some((chars, None)),
    }
}

/// Reads what stands before the destination: a piece letter and the from-square's file and rank.
fn read_prefix(prefix: &[u8], base: NormalMove) -> Option<MoveToken> {
    let Some((&first, rest)) = prefix.split_first() else {
        return Some(MoveToken::Normal(base));
    };
    let with_piece = |piece: PieceHint, rest: &[u8]| -> Option<NormalMove> {
        let (from_file, from_rank) = read_from(rest)?;
        Some(NormalMove {
            piece,
            from_file,
            from_rank,
            ..base
        })
    };
    match first {
        b'P' => with_piece(PieceHint::Pawn, rest).map(MoveToken::Normal),
        b'A'..=b'Z' => with_piece(PieceHint::Piece(char::from(first)), rest).map(MoveToken::Normal),
        b'q' | b'r' => with_piece(PieceHint::Piece(upper(first)), rest).map(MoveToken::Normal),
        b'b' | b'k' | b'n' if rest.is_empty() => Some(MoveToken::Either {
            piece: with_piece(PieceHint::Piece(upper(first)), rest)?,
            pawn: with_piece(PieceHint::Pawn, prefix)?,
        }),
        b'b' | b'k' | b'n' if !rest.first()?.is_ascii_digit() => {
            with_piece(PieceHint::Piece(upper(first)), rest).map(MoveToken::Normal)
        }
        _ => {
            let (from_file, from_rank) = read_from(prefix)?;
            let piece = if from_rank.is_some() {
                PieceHint::Any
            } else {
                PieceHint::Pawn
            };
            Some(MoveToken::Normal(NormalMove {
                piece,
                from_file: Some(from_file?),
                from_rank,
                ..base
            }))
        }
    }
}

/// Reads an optional from-file followed by an optional from-rank; anything else fails.
fn read_from(chars: &[u8]) -> Option<(Option<u8>, Option<u8>)> {
    let (file, rest) = match chars.split_first() {
        Some((c, rest)) if c.is_ascii_lowercase() => (Some(file_index(*c)?), rest),
        _ => (None, chars),
    };
    let rank = if rest.is_empty() { None } else { Some(read_rank(rest)?) };
    Some((file, rank))
}
