//! The FEN field of Portal chess's portholes, `(c3,f3,a4)`: each token's square, a square
//! written twice when two tokens lie there. It reads and writes that field only.

use super::tokens;
use crate::position::Position;

/// The most tokens a board may hold, as many as it has squares (so that no square's count,
/// however the tokens stack, outgrows a byte).
const MOST_TOKENS: usize = 64;

/// The field, or `None` when the board has no porthole.
pub fn write(pos: &Position) -> Option<String> {
    let names: Vec<String> = (0..pos.geo.squares() as u8)
        .flat_map(|sq| std::iter::repeat_n(pos.geo.name(sq), usize::from(tokens(pos, sq))))
        .collect();
    (!names.is_empty()).then(|| format!("({})", names.join(",")))
}

/// Reads the field written by [`write`].
pub fn read(pos: &mut Position, text: &str) -> Result<(), String> {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| format!("'{text}': the portholes field is written like (c3,f3,a4)"))?;
    let mut counts = [0u8; 64];
    for (n, entry) in inner.split(',').filter(|e| !e.is_empty()).enumerate() {
        if n == MOST_TOKENS {
            return Err(format!("more than {MOST_TOKENS} portholes in '{text}'"));
        }
        let sq = pos
            .geo
            .parse_square(entry)
            .filter(|&sq| (sq as usize) < counts.len())
            .ok_or_else(|| format!("'{entry}' in the portholes field is not a square"))?;
        counts[sq as usize] += 1;
    }
    pos.portholes = Some(Box::new(counts));
    Ok(())
}
