//! The position for a terminal (the three levels side by side, level 1 on the left) and as
//! JSON. Derived from the state; never stored or hashed.

use serde_json::json;

use crate::board::{name, square, Colour, SQUARES};
use crate::command::all_moves;
use crate::fen;
use crate::moves::in_check;
use crate::state::State;
use crate::Command;

pub fn text(state: &State) -> String {
    let pos = &state.position;
    let mut out = String::from("   level 1           level 2           level 3\n");
    for r in (0..8).rev() {
        let mut line = String::new();
        for l in 0..3 {
            line.push_str(&format!("{} ", r + 1));
            for f in 0..8 {
                let c = square(l, f, r)
                    .and_then(|s| pos.at(s))
                    .map(|m| m.letter())
                    .unwrap_or('.');
                line.push(c);
                line.push(' ');
            }
            line.push(' ');
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("  a b c d e f g h   a b c d e f g h   a b c d e f g h\n");
    out.push_str(&format!("position: {}\n", fen::write(pos)));
    match &state.result {
        Some(outcome) => out.push_str(&format!("over: {outcome}\n")),
        None => {
            let side = match pos.to_move {
                Colour::White => "white",
                Colour::Black => "black",
            };
            let check = if in_check(pos) { " (in check)" } else { "" };
            out.push_str(&format!("{side} to move{check}\n"));
        }
    }
    out
}

/// The state for the service and `show --json`: the position text (`fen`), and `board` in the
/// shape the pages' chess taps read: every cell with its man, and each legal move's command
/// with the cells it leaves and reaches (castling: the king's).
pub fn json(state: &State) -> serde_json::Value {
    let pos = &state.position;
    let cells: Vec<serde_json::Value> = (0..SQUARES as u8)
        .map(|s| json!({ "name": name(s), "piece": pos.at(s).map(|m| m.letter().to_string()) }))
        .collect();
    let moves: Vec<serde_json::Value> = match state.result {
        Some(_) => Vec::new(),
        None => all_moves(pos)
            .into_iter()
            .filter_map(|c| match c {
                Command::Move(m, text) => Some(json!({ "san": text, "from": name(m.from), "to": name(m.to) })),
                Command::Resign => None,
            })
            .collect(),
    };
    let check = if in_check(pos) {
        pos.king(pos.to_move).map(name)
    } else {
        None
    };
    json!({
        "fen": fen::write(pos),
        "to_move": pos.to_move.name(),
        "result": state.result,
        "board": {
            "cells": cells,
            "to_move": pos.to_move.name(),
            "check": check,
            "moves": moves,
        },
    })
}
