//! The umpire's announcements, derived from a position and the attempt made in it, never
//! stored: "illegal", or that the side moved, what was captured where, the checks by their
//! line to the king, and how many pawn captures the side now to move has. Both players (and
//! spectators) hear every announcement. It never says which move was made.

use kifu_chess::movegen::legal_moves;
use kifu_chess::piece::{Color, Role};
use kifu_chess::{Move, MoveKind, Position};

/// What was captured, and where (for en passant, the square the taken pawn stood on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capture {
    Pawn(u8),
    Piece(u8),
}

/// The line along which a check is given, as the king sees it: the long diagonal is the longer
/// of the two diagonals through the king's square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum CheckLine {
    File,
    Rank,
    LongDiagonal,
    ShortDiagonal,
    Knight,
}

impl CheckLine {
    /// The umpire's words for it.
    pub fn words(self) -> &'static str {
        match self {
            CheckLine::File => "check on the file",
            CheckLine::Rank => "check on the rank",
            CheckLine::LongDiagonal => "check on the long diagonal",
            CheckLine::ShortDiagonal => "check on the short diagonal",
            CheckLine::Knight => "check by a knight",
        }
    }
}

/// One announcement: after an attempt, "illegal" (`moved` is `None`), or the move's news.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub mover: Color,
    pub moved: Option<News>,
}

/// What the umpire says after a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct News {
    pub capture: Option<Capture>,
    /// The checks to the side now to move, by the checking pieces' squares (a1 first).
    pub checks: Vec<CheckLine>,
    /// The pawn captures the side now to move has (a capture that promotes counts once).
    pub pawn_tries: usize,
}

/// The announcement after `legal` (the legal move the attempt was, if it was one) in `pos`.
pub fn announce(pos: &Position, legal: Option<&Move>) -> Announcement {
    let mover = pos.turn;
    let Some(m) = legal else {
        return Announcement { mover, moved: None };
    };
    let geo = pos.geo;
    let capture = match m.kind {
        MoveKind::EnPassant => Some(Capture::Pawn(geo.rank(m.from) * geo.width + geo.file(m.to))),
        MoveKind::Castle => None,
        _ => pos.piece_at(m.to).map(|p| {
            if p.role == Role::Pawn {
                Capture::Pawn(m.to)
            } else {
                Capture::Piece(m.to)
            }
        }),
    };
    let mut after = pos.clone();
    after.play(m);
    Announcement {
        mover,
        moved: Some(News {
            capture,
            checks: checks(&after),
            pawn_tries: pawn_tries(&after),
        }),
    }
}

/// The checks to the side to move, each by its line, in the order of the checkers' squares.
pub fn checks(pos: &Position) -> Vec<CheckLine> {
    let Some(king) = pos.kings[pos.turn.index()] else {
        return Vec::new();
    };
    pos.pieces(pos.turn.other())
        .filter(|&(from, role)| attacks(pos, from, role, king))
        .map(|(from, role)| line(pos, from, role, king))
        .collect()
}

/// The legal pawn captures of the side to move, each pair of squares once.
pub fn pawn_tries(pos: &Position) -> usize {
    let mut pairs: Vec<(u8, u8)> = legal_moves(pos)
        .iter()
        .filter(|m| m.role == Role::Pawn && (m.kind == MoveKind::EnPassant || pos.board[m.to as usize] != 0))
        .map(|m| (m.from, m.to))
        .collect();
    pairs.sort();
    pairs.dedup();
    pairs.len()
}

/// Whether the piece (`role`, on `from`) attacks `target`: by its pattern, with the squares
/// between empty for a slider.
fn attacks(pos: &Position, from: u8, role: Role, target: u8) -> bool {
    let geo = pos.geo;
    let (df, dr) = (
        geo.file(target) as i16 - geo.file(from) as i16,
        geo.rank(target) as i16 - geo.rank(from) as i16,
    );
    let forward = if pos.is_color(from, Color::White) { 1 } else { -1 };
    match role {
        Role::Pawn => dr == forward && df.abs() == 1,
        Role::Knight => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        Role::King => df.abs() <= 1 && dr.abs() <= 1,
        Role::Rook => (df == 0 || dr == 0) && clear(pos, from, df, dr),
        Role::Bishop => df.abs() == dr.abs() && clear(pos, from, df, dr),
        Role::Queen => (df == 0 || dr == 0 || df.abs() == dr.abs()) && clear(pos, from, df, dr),
        _ => false,
    }
}

/// Whether the squares strictly between `from` and `from + (df, dr)` (a line) are empty.
fn clear(pos: &Position, from: u8, df: i16, dr: i16) -> bool {
    let geo = pos.geo;
    let steps = df.abs().max(dr.abs());
    (1..steps).all(|i| {
        let file = geo.file(from) as i16 + df.signum() * i;
        let rank = geo.rank(from) as i16 + dr.signum() * i;
        geo.square(file as u8, rank as u8)
            .is_some_and(|sq| pos.board[sq as usize] == 0)
    })
}

/// The line of a check from `from` to the king on `king`.
fn line(pos: &Position, from: u8, role: Role, king: u8) -> CheckLine {
    let geo = pos.geo;
    let (kf, kr) = (geo.file(king) as i16, geo.rank(king) as i16);
    let (ff, fr) = (geo.file(from) as i16, geo.rank(from) as i16);
    if role == Role::Knight {
        return CheckLine::Knight;
    }
    if kf == ff {
        return CheckLine::File;
    }
    if kr == fr {
        return CheckLine::Rank;
    }
    let size = geo.width.min(geo.height) as i16;
    // The diagonals through the king: the rising one (a1-h8 way) and the falling one.
    let rising_len = size - (kf - kr).abs();
    let falling_len = size - (kf + kr - (size - 1)).abs();
    let rising = (ff - kf) == (fr - kr);
    let (this, other) = if rising {
        (rising_len, falling_len)
    } else {
        (falling_len, rising_len)
    };
    if this > other {
        CheckLine::LongDiagonal
    } else {
        CheckLine::ShortDiagonal
    }
}

impl Announcement {
    /// The words: `illegal`, or `White has moved, pawn captured on d5, check on the file, 2
    /// pawn tries` (a knight's check is `check by a knight`).
    pub fn text(&self, pos: &Position) -> String {
        let Some(news) = &self.moved else {
            return "illegal".into();
        };
        let mut parts = vec![format!("{} has moved", super::side(self.mover.index()))];
        match news.capture {
            Some(Capture::Pawn(sq)) => parts.push(format!("pawn captured on {}", pos.geo.name(sq))),
            Some(Capture::Piece(sq)) => parts.push(format!("piece captured on {}", pos.geo.name(sq))),
            None => {}
        }
        for check in &news.checks {
            parts.push(check.words().to_string());
        }
        match news.pawn_tries {
            0 => {}
            1 => parts.push("1 pawn try".into()),
            n => parts.push(format!("{n} pawn tries")),
        }
        parts.join(", ")
    }
}
