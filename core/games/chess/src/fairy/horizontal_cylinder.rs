//! The horizontal cylinder (`cylinder` with the option `wrap=ranks`): the first and last ranks
//! are neighbours for every piece but the pawn, which never crosses the seam and promotes on
//! its last rank as usual. The board as data and the option's reading; no move rule of its own.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::fen::to_fen_showing;
use crate::geometry::{bits_of, Geometry};
use crate::position::Position;
use crate::shape::Shape;
use crate::variant::Variant;
use kifu_core::refuse;
use kifu_core::rules::RuleError;

/// The option that chooses the seam: `wrap=files` (the default) or `wrap=ranks`.
pub const OPTION: &str = "wrap";

/// The 8x8 board whose ranks 1 and 8 touch. Pawns promote on the last rank of their file
/// (the geometry alone would find none, every cell having one ahead across the seam).
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| {
        let mut g = Geometry::build(&Shape {
            wrap_ranks: true,
            ..Shape::rect(8, 8)
        });
        let last_rank = |rank: u8| -> Vec<u8> { (0..g.width).filter_map(|f| g.square(f, rank)).collect() };
        g.promotion = [bits_of(&last_rank(g.height - 1)), bits_of(&last_rank(0))];
        g
    })
}

/// The variant a `cylinder` game plays as, by its `wrap` option; other games are their own.
pub fn chosen(variant: Variant, wrap: Option<&str>) -> Result<Variant, RuleError> {
    match (variant, wrap.map(str::trim)) {
        (_, None) => Ok(variant),
        (Variant::Cylinder, Some("files")) => Ok(Variant::Cylinder),
        (Variant::Cylinder, Some("ranks")) => Ok(Variant::CylinderRanks),
        (Variant::Cylinder, Some(other)) => refuse!("wrap must be 'files' or 'ranks', not '{other}'"),
        (_, Some(_)) => refuse!("only cylinder takes the option wrap"),
    }
}

/// The registered game and its options that play a variant named in a file (a `Variant`
/// tag): the horizontal cylinder is `cylinder` with `wrap=ranks`.
pub fn game_of(name: &'static str) -> (&'static str, BTreeMap<String, String>) {
    let mut options = BTreeMap::new();
    if name == Variant::CylinderRanks.name() {
        options.insert(OPTION.to_string(), "ranks".to_string());
        return (Variant::Cylinder.name(), options);
    }
    (name, options)
}

/// The variant a registered game plays as with its options (the name a `Variant` tag gives).
pub fn played_as<'a>(game: &'a str, options: &BTreeMap<String, String>) -> &'a str {
    let ranks = options.get(OPTION).map(|w| w.trim()) == Some("ranks");
    if game == Variant::Cylinder.name() && ranks {
        Variant::CylinderRanks.name()
    } else {
        game
    }
}

/// The FEN a game state keeps: the position's FEN, then, when an option chose another board
/// than the game's own, that board's name as one more word (`... w - - 0 1
/// horizontalcylinder`), so that the state's bytes name the board and other games' states stay
/// exactly as they were. `ep` is the en passant square the FEN shows (see `fen::shown_ep`).
pub fn state_fen(game: Variant, pos: &Position, ep: Option<u8>) -> String {
    let mut fen = to_fen_showing(pos, ep);
    if pos.variant != game {
        fen.push(' ');
        fen.push_str(pos.variant.name());
    }
    fen
}

/// The board a game state's FEN is on, and the FEN without the board's name.
pub fn state_board(game: Variant, text: &str) -> (Variant, &str) {
    match text.trim_end().rsplit_once(' ') {
        Some((fen, last)) if game == Variant::Cylinder && last == Variant::CylinderRanks.name() => {
            (Variant::CylinderRanks, fen)
        }
        _ => (game, text),
    }
}
