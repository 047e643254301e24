//! Reading a chess command's text in a state (what `Rules::parse` does): a move in SAN, a
//! named command, or the arbiter's `illegal MOVE`. It only reads; it never changes the state.

use super::bitboard::play_marked;
use super::derived::{legal_listed, legal_of, Parsed};
use super::illegal;
use super::named::named_command;
use super::rules::{position, ChessState, Command};
use super::san::{exact_san, exact_san_on, parse_move_among, without_mark};
use super::variant::Variant;

use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::RuleError;

/// Reads `actor`'s command `text` in the state's position (what `Rules::parse` does), with,
/// for a move, what `format` and `apply` may use of the reading (see `Derived::parsed`).
pub(crate) fn read<H>(
    variant: Variant,
    state: &ChessState<H>,
    actor: Actor,
    text: &str,
) -> Result<(Command, Option<Parsed>), RuleError> {
    if let Some(rest) = illegal::entry_move(text) {
        if actor != Actor::Arbiter {
            refuse!(
                "only the arbiter records an illegal move that stood ('arbiter:{}'); a player's move must be legal",
                text.trim()
            );
        }
        let pos = position(variant, state)?;
        return illegal::parse(pos, rest)
            .map(|m| (Command::Illegal(m), None))
            .map_err(RuleError::new);
    }
    if actor == Actor::Arbiter {
        refuse!(
            "the arbiter's entries in chess are 'illegal MOVE' (a move that stood although illegal) and 'correct SEQ REASON'"
        );
    }
    if let Some(command) = named_command(text) {
        return Ok((command, None));
    }
    let pos = position(variant, state)?;
    // A stored record's move is found among the moves in any order; what people type, and
    // the messages naming moves, use the listed order.
    let exact = match &state.derived.board {
        // On the fast path, with the sets after the move and its check mark.
        Some(sets) => exact_san_on(pos, sets, text).map(|m| (m, play_marked(sets.board(), &m))),
        None => exact_san(pos, legal_of(state, pos), text).map(|m| (m, None)),
    };
    if let Some((m, after)) = exact {
        // The text is the move's SAN, check mark aside (what `exact_san` matched).
        return Ok((Command::Move(m), Some(Parsed::new(m, Some(without_mark(text)), after))));
    }
    let m = parse_move_among(pos, legal_listed(state, pos), text).map_err(RuleError::new)?;
    Ok((Command::Move(m), Some(Parsed::new(m, None, None))))
}
