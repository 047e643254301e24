//! Kriegspiel as each view is shown it: a seat sees its own men, its own attempts and every
//! announcement; the public hears the announcements only; the arbiter sees everything. Derived
//! from the state on every call; it must never put the other side's men or moves into a
//! seat's or the public's output.

use kifu_chess::board_json::board_json;
use kifu_chess::fen::{castling_text, to_fen};
use kifu_chess::movegen::legal_moves;
use kifu_chess::piece::Color;
use kifu_chess::{Position, Variant};
use kifu_core::record::Actor;
use kifu_core::rules::Rules;
use kifu_core::{Turn, View};
use serde_json::{json, Value};

use super::attempts::{as_legal, attempts, own_board};
use super::umpire::announce;
use super::{side, Command, Kriegspiel, State};

fn color_of(seat: u8) -> Color {
    if seat == 0 {
        Color::White
    } else {
        Color::Black
    }
}

fn view_name(view: View) -> String {
    match view {
        View::Full => "arbiter".into(),
        View::Seat(seat) => color_of(seat).name().to_string(),
        View::Public => "public".into(),
    }
}

/// What the umpire says after `command` in `state` (before it applied), with the end of the
/// game when the attempt ends it; `None` for the key and a resignation.
pub fn announcement(state: &State, actor: Actor, command: &Command) -> Option<String> {
    let Command::Try(attempt, _) = command else {
        return None;
    };
    let pos = state.position();
    let legal = as_legal(&pos, &legal_moves(&pos), attempt);
    let mut words = announce(&pos, legal.as_ref()).text(&pos);
    let mut after = state.clone();
    if Kriegspiel.apply(&mut after, actor, command).is_ok() {
        if let Some(end) = after.result {
            match end.winners.as_slice() {
                [winner] => words.push_str(&format!("; {}, {} wins", end.reason, side(*winner as usize))),
                _ => words.push_str(&format!("; drawn: {}", end.reason)),
            }
        }
    }
    Some(words)
}

/// What a log shows of an entry to a seat or the public: a seat its own attempts (with their
/// salts), `?` for the other side's; the umpire's words after each attempt, in braces; the key
/// as `key ?`; a resignation as it is. (The arbiter's log is the record itself.)
pub fn log_text(state: &State, text: String, actor: Actor, command: &Command, view: View) -> String {
    let own = matches!((view, actor), (View::Seat(seat), Actor::Seat(by)) if seat == by) || view == View::Full;
    match command {
        Command::Key(_) if view != View::Full => "key ?".into(),
        Command::Key(_) | Command::Resign => text,
        Command::Try(..) => {
            let said = announcement(state, actor, command).unwrap_or_default();
            format!("{} {{{said}}}", if own { text.as_str() } else { "?" })
        }
    }
}

/// The men a view sees: all for the arbiter, its own for a seat, none for the public.
fn seen_position(pos: &Position, view: View) -> Position {
    match view {
        View::Full => pos.clone(),
        View::Seat(seat) => own_board(pos, color_of(seat)),
        View::Public => Position::empty(Variant::Standard),
    }
}

/// The position as `view` knows it, in FEN form: a seat's own men only, its own castling
/// rights, no en passant square, the half-move clock as `?` (it would tell when the other side
/// last moved a pawn); the side to move and the move number as in FEN. The arbiter's is the
/// whole FEN; the public's shows no men.
pub fn view_fen(pos: &Position, view: View) -> String {
    if view == View::Full {
        return to_fen(pos);
    }
    let mut shown = seen_position(pos, view);
    shown.turn = pos.turn;
    shown.fullmove = pos.fullmove;
    let castling: String = match view {
        View::Seat(seat) => castling_text(pos)
            .chars()
            .filter(|c| *c != '-' && c.is_ascii_uppercase() == (color_of(seat) == Color::White))
            .collect(),
        _ => String::new(),
    };
    let board = to_fen(&shown).split(' ').next().unwrap_or_default().to_string();
    format!(
        "{board} {} {} - ? {}",
        if pos.turn == Color::White { 'w' } else { 'b' },
        if castling.is_empty() { "-" } else { &castling },
        pos.fullmove
    )
}

/// The umpire's words after the last attempt (everyone heard them).
fn last_words(state: &State) -> Option<String> {
    let (before, uci) = state.last.as_ref()?;
    let mut earlier = state.clone();
    earlier.fen = before.clone();
    let pos = earlier.position();
    let attempt = attempts(&pos).into_iter().find(|a| a.uci(pos.geo) == *uci)?;
    let legal = as_legal(&pos, &legal_moves(&pos), &attempt);
    Some(announce(&pos, legal.as_ref()).text(&pos))
}

/// The attempts refused in this position, shown to the seat to move and the arbiter only.
fn refused_for(state: &State, pos: &Position, view: View) -> Vec<String> {
    match view {
        View::Full => state.refused.clone(),
        View::Seat(seat) if color_of(seat) == pos.turn => state.refused.clone(),
        _ => Vec::new(),
    }
}

/// The board for a terminal: the men the view sees, `.` elsewhere.
pub fn render(state: &State, turn: &Turn, view: View) -> String {
    let pos = state.position();
    let shown = seen_position(&pos, view);
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..8u8 {
            out.push(' ');
            out.push(shown.piece_at(rank * 8 + file).map_or('.', |p| p.fen_char()));
        }
        out.push('\n');
    }
    out.push_str("    a b c d e f g h\n");
    out.push_str(&format!("{} view: {}\n", view_name(view), view_fen(&pos, view)));
    if let Some(words) = last_words(state) {
        out.push_str(&format!("umpire: {words}\n"));
    }
    let refused = refused_for(state, &pos, view);
    if !refused.is_empty() {
        out.push_str(&format!("refused here: {}\n", refused.join(" ")));
    }
    out.push_str(&format!("{turn}\n"));
    out
}

/// The JSON of a view: its FEN, the board a page draws (only the men it sees), the umpire's
/// last words, and for the seat to move (and the arbiter) the attempts refused here and those
/// still open. The arbiter's also carries each seat's view FEN.
pub fn json(state: &State, view: View) -> Value {
    let pos = state.position();
    let playing = state.result.is_none() && state.keyed;
    let mover_sees = match view {
        View::Full => playing,
        View::Seat(seat) => playing && color_of(seat) == pos.turn,
        View::Public => false,
    };
    let open: Vec<String> = if mover_sees {
        state.open_attempts(&pos).iter().map(|a| a.uci(pos.geo)).collect()
    } else {
        Vec::new()
    };
    let mut value = json!({
        "view": view_name(view),
        "fen": view_fen(&pos, view),
        "board": board_json(&seen_position(&pos, view), &[]),
        "umpire": last_words(state),
        "refused": refused_for(state, &pos, view),
        "attempts": open,
    });
    if view == View::Full {
        value["white"] = json!(view_fen(&pos, View::Seat(0)));
        value["black"] = json!(view_fen(&pos, View::Seat(1)));
    }
    value
}

/// The picture of a view: the men it sees.
pub fn svg(state: &State, view: View) -> String {
    kifu_chess::svg::svg(&seen_position(&state.position(), view))
}
