//! The declared effect of a Knightmare card play, in a small notation of our own (the cards'
//! texts are not reproduced): read from what the recorder types and written back canonically.
//! It only parses and prints; whether an effect may happen on the board is `card.rs`'s.

use kifu_chess::geometry::Geometry;
use kifu_chess::piece::{Color, Piece, Role};

/// A piece named where it stands, as `Nb1` (White's knight on b1) or `pd5` (Black's pawn on
/// d5): the letter's case is its colour, as in FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub piece: Piece,
    pub square: u8,
}

/// One step of a card's effect, applied in the order written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// `Nb1-c3`, `Nb1xc6`, `Pe7-e8=Q`, with ` as Q` when the card makes it move as another
    /// kind (the path is then checked against that kind's moves).
    Move {
        from: Placed,
        to: u8,
        capture: bool,
        promotion: Option<Role>,
        pattern: Option<Role>,
    },
    /// `remove pd5`: the piece is lost (captured: a card may return it).
    Remove(Placed),
    /// `kill pd5`: the piece is dead (set aside: nothing returns it).
    Kill(Placed),
    /// `return N@f3`: a captured piece of that colour and kind comes back on an empty square.
    Return(Placed),
    /// `place N@f3`: a piece from outside the game is put on an empty square.
    Place(Placed),
    /// `Pe2=N`: the piece becomes another kind.
    Transform { from: Placed, into: Role },
    /// `swap Qd1 Ke1`: two pieces exchange squares.
    Swap(Placed, Placed),
    /// `convert pd5`: the piece changes sides.
    Convert(Placed),
    /// `instead`: the card stands for the mover's regular move of this turn.
    Instead,
    /// `undo`: the mover's regular move of this turn is taken back; the mover moves again.
    Undo,
    /// `lasting`: a continuing effect; the card stays in play (its rule is recorded, not enforced).
    Lasting,
    /// `discard NAME`: a continuing card in play leaves it.
    Discard(String),
    /// `void`: the card is played and discarded without effect.
    Void,
}

/// A card play: the card's name (as the recorder typed it) and its declared effects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPlay {
    pub name: String,
    pub effects: Vec<Effect>,
}

/// The longest card name taken.
const NAME_MAX: usize = 60;

/// A card's name made canonical: words separated by one space; letters, digits, spaces and
/// `' - ! ? . &` only (no `,` or `:`, which the notation uses).
pub fn card_name(text: &str) -> Result<String, String> {
    let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err("a card play names its card: 'card NAME: EFFECT, ...'".into());
    }
    if name.chars().count() > NAME_MAX {
        return Err(format!("a card's name is at most {NAME_MAX} characters"));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || *c == ' ' || "'-!?.&".contains(*c)))
    {
        return Err(format!(
            "'{c}' in the card name '{name}': a name holds letters, digits, spaces and ' - ! ? . & only"
        ));
    }
    Ok(name)
}

impl CardPlay {
    /// Reads `NAME: EFFECT, EFFECT, ...` (what follows `card `).
    pub fn read(geo: &Geometry, text: &str) -> Result<CardPlay, String> {
        let (name, effects) = text
            .split_once(':')
            .ok_or("a card play is 'card NAME: EFFECT, ...' (the colon is missing)")?;
        let name = card_name(name)?;
        let effects = effects
            .split(',')
            .enumerate()
            .map(|(i, e)| Effect::read(geo, e).map_err(|why| format!("effect {} of '{name}': {why}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(CardPlay { name, effects })
    }

    pub fn text(&self, geo: &Geometry) -> String {
        let effects: Vec<String> = self.effects.iter().map(|e| e.text(geo)).collect();
        format!("{}: {}", self.name, effects.join(", "))
    }

    pub fn is_lasting(&self) -> bool {
        self.effects.contains(&Effect::Lasting)
    }
}

fn role_letter(c: char) -> Result<Role, String> {
    match Role::from_letter(c) {
        Some(role @ (Role::Pawn | Role::Knight | Role::Bishop | Role::Rook | Role::Queen | Role::King)) => Ok(role),
        _ => Err(format!("'{c}' is not a piece letter (K Q R B N P)")),
    }
}

fn square(geo: &Geometry, text: &str) -> Result<u8, String> {
    geo.parse_square(text)
        .filter(|_| text.len() == 2)
        .ok_or_else(|| format!("'{text}' is not a square (a1 to h8)"))
}

/// `Nb1`, `pd5`: a piece letter (its case the colour) and a square.
fn placed(geo: &Geometry, text: &str) -> Result<Placed, String> {
    let mut chars = text.chars();
    let letter = chars
        .next()
        .ok_or("a piece is named by its letter and square, as Nb1 or pd5")?;
    if !letter.is_ascii_alphabetic() || text.len() != 3 {
        return Err(format!(
            "'{text}': a piece is named by its letter and square, as Nb1 (White's) or pd5 (Black's)"
        ));
    }
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let role = role_letter(letter)?;
    Ok(Placed {
        piece: Piece::new(color, role),
        square: square(geo, &text[1..])?,
    })
}

/// `N@f3`: a piece letter and the square it comes to.
fn dropped(geo: &Geometry, text: &str) -> Result<Placed, String> {
    let (letter, sq) = text
        .split_once('@')
        .ok_or_else(|| format!("'{text}': a piece put on the board is written N@f3 (n@f6 for Black's)"))?;
    placed(geo, &format!("{letter}{sq}"))
}

fn promotion(text: &str) -> Result<Role, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ ('Q' | 'R' | 'B' | 'N')), None) => role_letter(c),
        _ => Err(format!("'={text}': a pawn is promoted to Q, R, B or N")),
    }
}

fn show(geo: &Geometry, p: &Placed) -> String {
    format!("{}{}", p.piece.fen_char(), geo.name(p.square))
}

fn show_drop(geo: &Geometry, p: &Placed) -> String {
    format!("{}@{}", p.piece.fen_char(), geo.name(p.square))
}

/// The one argument of an effect word (`remove pd5`).
fn one<'a>(words: &[&'a str]) -> Result<&'a str, String> {
    match words {
        [_, arg] => Ok(arg),
        _ => Err(format!("'{}' takes one argument", words.first().unwrap_or(&""))),
    }
}

impl Effect {
    pub fn read(geo: &Geometry, text: &str) -> Result<Effect, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => Err("an empty effect (two commas in a row?)".into()),
            ["instead"] => Ok(Effect::Instead),
            ["undo"] => Ok(Effect::Undo),
            ["lasting"] => Ok(Effect::Lasting),
            ["void"] => Ok(Effect::Void),
            ["discard", name @ ..] => Ok(Effect::Discard(card_name(&name.join(" "))?)),
            ["remove", ..] => Ok(Effect::Remove(placed(geo, one(&words)?)?)),
            ["kill", ..] => Ok(Effect::Kill(placed(geo, one(&words)?)?)),
            ["return", ..] => Ok(Effect::Return(dropped(geo, one(&words)?)?)),
            ["place", ..] => Ok(Effect::Place(dropped(geo, one(&words)?)?)),
            ["convert", ..] => Ok(Effect::Convert(placed(geo, one(&words)?)?)),
            ["swap", a, b] => Ok(Effect::Swap(placed(geo, a)?, placed(geo, b)?)),
            ["swap", ..] => Err("'swap' names two pieces: swap Qd1 Ke1".into()),
            [step] => Self::step(geo, step, None),
            [step, "as", kind] => {
                let mut kind_chars = kind.chars();
                let role = match (kind_chars.next(), kind_chars.next()) {
                    (Some(c), None) if c.is_ascii_uppercase() => role_letter(c)?,
                    _ => return Err(format!("'as {kind}': the kind is one upper-case letter (K Q R B N P)")),
                };
                Self::step(geo, step, Some(role))
            }
            _ => Err(format!(
                "'{}' is not an effect: Nb1-c3, Nb1xc6, Pe7-e8=Q, Nb1-c3 as Q, Pe2=N, remove pd5, kill pd5, return N@f3, place N@f3, swap Qd1 Ke1, convert pd5, instead, undo, lasting, discard NAME or void",
                text.trim()
            )),
        }
    }

    /// `Nb1-c3`, `Nb1xc6`, `Pe7-e8=Q` (a move) or `Pe2=N` (a transformation).
    fn step(geo: &Geometry, text: &str, pattern: Option<Role>) -> Result<Effect, String> {
        let (body, promo) = match text.split_once('=') {
            Some((body, promo)) => (body, Some(promo)),
            None => (text, None),
        };
        if body.len() == 3 && pattern.is_none() {
            if let Some(into) = promo {
                let from = placed(geo, body)?;
                let mut c = into.chars();
                let into = match (c.next(), c.next()) {
                    (Some(c), None) if c.is_ascii_uppercase() => role_letter(c)?,
                    _ => return Err(format!("'={into}': the new kind is one upper-case letter")),
                };
                return Ok(Effect::Transform { from, into });
            }
        }
        let (from, to, capture) = if let Some((a, b)) = body.split_once('-') {
            (a, b, false)
        } else if let Some((a, b)) = body.split_once('x') {
            (a, b, true)
        } else {
            return Err(format!(
                "'{text}' is not an effect: a move is Nb1-c3 or Nb1xc6, a transformation Pe2=N"
            ));
        };
        Ok(Effect::Move {
            from: placed(geo, from)?,
            to: square(geo, to)?,
            capture,
            promotion: promo.map(promotion).transpose()?,
            pattern,
        })
    }

    pub fn text(&self, geo: &Geometry) -> String {
        match self {
            Effect::Move {
                from,
                to,
                capture,
                promotion,
                pattern,
            } => {
                let mut s = format!(
                    "{}{}{}",
                    show(geo, from),
                    if *capture { 'x' } else { '-' },
                    geo.name(*to)
                );
                if let Some(p) = promotion {
                    s.push('=');
                    s.push(p.letter());
                }
                if let Some(kind) = pattern {
                    s.push_str(&format!(" as {}", kind.letter()));
                }
                s
            }
            Effect::Remove(p) => format!("remove {}", show(geo, p)),
            Effect::Kill(p) => format!("kill {}", show(geo, p)),
            Effect::Return(p) => format!("return {}", show_drop(geo, p)),
            Effect::Place(p) => format!("place {}", show_drop(geo, p)),
            Effect::Transform { from, into } => format!("{}={}", show(geo, from), into.letter()),
            Effect::Swap(a, b) => format!("swap {} {}", show(geo, a), show(geo, b)),
            Effect::Convert(p) => format!("convert {}", show(geo, p)),
            Effect::Instead => "instead".into(),
            Effect::Undo => "undo".into(),
            Effect::Lasting => "lasting".into(),
            Effect::Discard(name) => format!("discard {name}"),
            Effect::Void => "void".into(),
        }
    }
}
