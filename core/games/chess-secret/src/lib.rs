//! Chess variants whose players hold secrets, recorded through the kernel's commitments (a
//! hidden choice enters the state as a commitment and is opened later), or see only part of
//! the board (dark chess, Kriegspiel: views derived per seat). Boards, move generation
//! and SAN come from kifu-chess (a library here); nothing in this crate reads files or clocks.

pub mod apocalypse;
pub mod beirut;
pub mod darkchess;
pub mod dicechess;
pub mod knightmare;
pub mod kriegspiel;
pub mod pgn;
pub mod progressive;
#[cfg(test)]
mod testing;

use apocalypse::Apocalypse;
use beirut::Beirut;
use darkchess::DarkChess;
use dicechess::DiceChess;
use knightmare::Knightmare;
use kriegspiel::Kriegspiel;
use progressive::Progressive;

pub static BEIRUT: kifu_core::game::Erased<Beirut> = kifu_core::game::Erased(Beirut);
pub static APOCALYPSE: kifu_core::game::Erased<Apocalypse> = kifu_core::game::Erased(Apocalypse);
pub static PROGRESSIVE: kifu_core::game::Erased<Progressive> = kifu_core::game::Erased(Progressive);
pub static DICECHESS: kifu_core::game::Erased<DiceChess> = kifu_core::game::Erased(DiceChess);
pub static DARKCHESS: kifu_core::game::Erased<DarkChess> = kifu_core::game::Erased(DarkChess);
pub static KNIGHTMARE: kifu_core::game::Erased<Knightmare> = kifu_core::game::Erased(Knightmare);
pub static KRIEGSPIEL: kifu_core::game::Erased<Kriegspiel> = kifu_core::game::Erased(Kriegspiel);

/// The seat (0 White, 1 Black) of a player's actor; `None` for chance, the arbiter or a note.
pub(crate) fn player_seat(actor: kifu_core::Actor) -> Option<u8> {
    match actor {
        kifu_core::Actor::Seat(s) if s < 2 => Some(s),
        _ => None,
    }
}

/// The games this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![
        &BEIRUT,
        &APOCALYPSE,
        &PROGRESSIVE,
        &DICECHESS,
        &DARKCHESS,
        &KNIGHTMARE,
        &KRIEGSPIEL,
    ]
}

/// Its notation formats beside kifu's own text format: progressive chess's, dark chess's and
/// Kriegspiel's PGN (Beirut, Apocalypse, dice chess and Knightmare Chess travel as kifu text only).
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    vec![
        &progressive::pgn::FORMAT,
        &darkchess::pgn::FORMAT,
        &kriegspiel::pgn::FORMAT,
    ]
}

/// A registry of this crate's games alone, for its tests and writers.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
