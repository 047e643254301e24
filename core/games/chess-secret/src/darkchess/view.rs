//! Dark chess as each view is shown it: the board with unseen squares marked, its view FEN,
//! the JSON a page reads, the picture, and a log entry's text. Derived from the state on
//! every call; it must never put a piece or a move outside the view's sight into its output.

use kifu_chess::board_json::board_json;
use kifu_chess::position::MoveKind;
use kifu_core::record::Actor;
use kifu_core::{Turn, View};
use serde_json::{json, Value};

use super::moves::{moves, san};
use super::sight::{color_of, names, seen_in, seen_position, view_fen, Squares};
use super::{Command, State};

/// What a log shows of an entry: the arbiter sees every entry, a seat its own moves (with
/// their salts), and a resignation is seen by all; any other move shows as `?`, the key as
/// `key ?`.
pub fn log_text(text: String, actor: Actor, command: &Command, view: View) -> String {
    let shown = match (view, actor) {
        (View::Full, _) => true,
        (View::Seat(seat), Actor::Seat(by)) => seat == by,
        _ => false,
    };
    match command {
        _ if shown => text,
        Command::Resign => text,
        Command::Key(_) => "key ?".into(),
        Command::Move(..) => "?".into(),
    }
}

fn view_name(view: View) -> String {
    match view {
        View::Full => "arbiter".into(),
        View::Seat(seat) => color_of(seat).name().to_string(),
        View::Public => "public".into(),
    }
}

/// The board for a terminal: `?` on unseen squares, `.` on seen empty ones.
pub fn render(state: &State, turn: &Turn, view: View) -> String {
    let pos = state.position();
    let seen = seen_in(&pos, view);
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let c = if seen & (1 << sq) == 0 {
                '?'
            } else {
                pos.piece_at(sq).map_or('.', |p| p.fen_char())
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("    a b c d e f g h\n");
    out.push_str(&format!("{} view: {}\n{turn}\n", view_name(view), view_fen(&pos, view)));
    out
}

/// The JSON of a view: its FEN (`?` on unseen squares), the squares it sees, and the board a
/// page draws (only the pieces it sees; the moves for the seat to move). The arbiter's also
/// carries each side's view FEN.
pub fn json(state: &State, view: View) -> Value {
    let pos = state.position();
    let seen: Squares = seen_in(&pos, view);
    let playing = state.result.is_none() && state.keyed;
    let mover_sees = match view {
        View::Full => playing,
        View::Seat(seat) => playing && color_of(seat) == pos.turn,
        View::Public => false,
    };
    let mut board = board_json(&seen_position(&pos, view), &[]);
    let listed = if mover_sees { moves(&pos) } else { Vec::new() };
    board["moves"] = listed
        .iter()
        .map(|m| {
            let text = san(&pos, &listed, m);
            let from = pos.geo.name(m.from);
            if m.kind == MoveKind::Castle {
                let (king_to, _) = pos.castle_targets(pos.turn, pos.castle_side(pos.turn, m.to));
                json!({ "san": text, "from": from, "to": pos.geo.name(king_to), "rook": pos.geo.name(m.to) })
            } else {
                json!({ "san": text, "from": from, "to": pos.geo.name(m.to) })
            }
        })
        .collect();
    let mut value = json!({
        "view": view_name(view),
        "fen": view_fen(&pos, view),
        "visible": names(&pos, seen),
        "board": board,
    });
    if view == View::Full {
        value["white"] = json!(view_fen(&pos, View::Seat(0)));
        value["black"] = json!(view_fen(&pos, View::Seat(1)));
        value["public"] = json!(view_fen(&pos, View::Public));
    }
    value
}

/// The picture of a view: the pieces it sees, and every square it does not see greyed out
/// (class `fog`).
pub fn svg(state: &State, view: View) -> String {
    let pos = state.position();
    let seen = seen_in(&pos, view);
    let mut picture = kifu_chess::svg::svg(&seen_position(&pos, view));
    for sq in (0..64u8).filter(|sq| seen & (1 << sq) == 0) {
        let cell = format!("data-cell=\"{}\"", pos.geo.name(sq));
        let Some(at) = picture.find(&cell) else { continue };
        let Some(rect) = picture[at..].find("<rect ").map(|r| at + r) else {
            continue;
        };
        let Some(end) = picture[rect..].find("/>").map(|e| rect + e) else {
            continue;
        };
        let fogged = picture[rect..end]
            .replacen("class=\"sq ", "class=\"fog sq ", 1)
            .split(" fill=\"")
            .next()
            .unwrap_or_default()
            .to_string()
            + " fill=\"#6b6b6b\"";
        picture.replace_range(rect..end, &fogged);
    }
    picture
}
