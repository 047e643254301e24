//! The starting position of a game: the set-up FEN when given, else the variant's own start;
//! Chess960 also takes `position=N` (0-959, Scharnagl numbering; 518 is the standard array).

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use super::fen::parse_fen;
use super::position::Position;
use super::variant::Variant;
use kifu_core::refuse;
use kifu_core::rules::{RuleError, Setup};

/// The options a variant takes: Chess960's `position`, cylinder's `wrap`, none for the others.
pub fn option_keys(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess960 => &["position"],
        Variant::Cylinder => &[super::fairy::horizontal_cylinder::OPTION],
        _ => &[],
    }
}

/// The position a game starts from.
pub fn start_position(variant: Variant, setup: &Setup) -> Result<Position, RuleError> {
    setup.only_options(option_keys(variant))?;
    let variant =
        super::fairy::horizontal_cylinder::chosen(variant, setup.option(super::fairy::horizontal_cylinder::OPTION))?;
    if variant == Variant::CylinderRanks && setup.start.is_none() {
        refuse!(
            "the horizontal cylinder (wrap=ranks) has no start array of its own: the kings of the usual one touch across the seam; give a start position"
        );
    }
    let fen = match (setup.start, setup.option("position")) {
        (Some(_), Some(_)) => refuse!("give either a start position or position=N, not both"),
        (Some(fen), None) => fen.to_string(),
        (None, Some(n)) => {
            let Ok(n) = n.trim().parse::<u32>() else {
                refuse!("position must be a number from 0 to 959, not '{n}'");
            };
            chess960_fen(n).ok_or_else(|| RuleError::new(format!("position must be from 0 to 959, not {n}")))?
        }
        (None, None) => return own_start(variant),
    };
    parse_fen(variant, &fen).map_err(|e| RuleError::new(format!("start position: {e}")))
}

/// A variant's own start position: its FEN is read once a process (an import starts thousands
/// of games from it), and each game gets a copy.
fn own_start(variant: Variant) -> Result<Position, RuleError> {
    static STARTS: Mutex<BTreeMap<Variant, Result<Position, String>>> = Mutex::new(BTreeMap::new());
    let mut starts = STARTS.lock().unwrap_or_else(PoisonError::into_inner);
    starts
        .entry(variant)
        .or_insert_with(|| parse_fen(variant, variant.start_fen()))
        .clone()
        .map_err(|e| RuleError::new(format!("start position: {e}")))
}

/// The Chess960 start position number `n` (Scharnagl), as a FEN.
pub fn chess960_fen(n: u32) -> Option<String> {
    if n > 959 {
        return None;
    }
    let mut rank: [Option<char>; 8] = [None; 8];
    let mut n = n as usize;
    rank[(n % 4) * 2 + 1] = Some('B');
    n /= 4;
    rank[(n % 4) * 2] = Some('B');
    n /= 4;
    let queen = n % 6;
    n /= 6;
    place(&mut rank, queen, 'Q');
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    place(&mut rank, b, 'N');
    place(&mut rank, a, 'N');
    for c in ['R', 'K', 'R'] {
        place(&mut rank, 0, c);
    }
    let white: String = rank.iter().map(|c| c.unwrap_or('R')).collect();
    let black = white.to_ascii_lowercase();
    Some(format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"))
}

/// Puts `piece` on the `index`-th empty square.
fn place(rank: &mut [Option<char>; 8], index: usize, piece: char) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(index) {
        *slot = Some(piece);
    }
}
