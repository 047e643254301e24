//! The FEN field of Hostage chess's prisons, `(Nbp)`: one letter per prisoner, a white man
//! (upper case) held in Black's prison, a black man (lower case) in White's. The airfields
//! are the crazyhouse pocket in brackets. It reads and writes the prisons field only.

use super::MEN;
use crate::piece::{Color, Piece};
use crate::position::Position;

/// The most prisoners a FEN may name (two full armies' men), so no count outgrows a byte.
const MOST_PRISONERS: usize = 30;

/// The field, or `None` when both prisons are empty.
pub fn write(pos: &Position) -> Option<String> {
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        for role in MEN.iter().rev() {
            for _ in 0..pos.prisons[color.other().index()][role.index()] {
                out.push(Piece::new(color, *role).fen_char());
            }
        }
    }
    (!out.is_empty()).then(|| format!("({out})"))
}

/// Reads the field written by [`write`].
pub fn read(pos: &mut Position, text: &str) -> Result<(), String> {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| format!("'{text}': the prisons field is written like (Nbp)"))?;
    let mut prisons = [[0u8; 6]; 2];
    for (n, c) in inner.chars().enumerate() {
        if n == MOST_PRISONERS {
            return Err(format!("more than {MOST_PRISONERS} prisoners in '{text}'"));
        }
        let piece =
            Piece::from_fen_char(c).ok_or_else(|| format!("'{c}' in the prisons field is not a piece letter"))?;
        if !MEN.contains(&piece.role) {
            return Err(format!(
                "'{c}' in the prisons field: only pawns, knights, bishops, rooks and queens are held"
            ));
        }
        prisons[piece.color.other().index()][piece.role.index()] += 1;
    }
    pos.prisons = prisons;
    Ok(())
}
