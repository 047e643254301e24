//! Splendor as an SVG picture, drawn from the view's redacted state (view.rs): the nobles, the
//! three market rows with their decks, the token supply, and one labelled row per seat (points,
//! bonuses, tokens, reserves, a blind reserve the view may not see shown by its level only).
//! Cells: market and visible reserved cards by id (`buy 23`), decks `L1`-`L3` (`reserve L2`),
//! supply gems by letter (`take wug`), nobles by id while one is chosen. It never decides.

use std::fmt::Write;

use super::cards::{self, Gems, COLOURS, LETTERS};
use super::state::{Phase, State};
use super::view::{redacted, status};
use kifu_core::rules::View;

const CARD_W: usize = 56;
const CARD_H: usize = 84;
const GAP: usize = 8;
const FONT: &str = "DejaVu Sans, sans-serif";
/// Fill and ink per colour in LETTERS order: white, blue, green, red, black, gold.
const FILL: [&str; 6] = ["#f4f4f4", "#3d6fd1", "#2e9a4e", "#d23c3c", "#333333", "#e0b020"];
const INK: [&str; 6] = ["#222", "#fff", "#fff", "#fff", "#fff", "#222"];

fn text(out: &mut String, x: usize, y: usize, size: u32, anchor: &str, fill: &str, words: &str) {
    let _ = write!(
        out,
        r##"<text x="{x}" y="{y}" text-anchor="{anchor}" font-size="{size}" font-family="{FONT}" fill="{fill}">{}</text>"##,
        words.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
    );
}

/// A gem count as a small coloured disc with its number.
fn chip(out: &mut String, colour: usize, count: u8, x: usize, y: usize) {
    let _ = write!(
        out,
        r##"<circle cx="{x}" cy="{y}" r="8" class="gem {}" fill="{}" stroke="#555" stroke-width="1"/>"##,
        cards::NAMES[colour],
        FILL[colour]
    );
    text(out, x, y + 4, 10, "middle", INK[colour], &count.to_string());
}

/// A cost or need: one chip per colour asked for, in a column from (x, y).
fn cost_column(out: &mut String, gems: &Gems, x: usize, y: usize) {
    let mut cy = y;
    for (colour, count) in gems.iter().enumerate().take(COLOURS) {
        if *count > 0 {
            chip(out, colour, *count, x, cy);
            cy += 16;
        }
    }
}

/// A development card by id at (x, y), a cell named by its id when `cell`.
fn card(out: &mut String, id: u8, x: usize, y: usize, cell: bool) {
    let Some(c) = cards::card(id) else { return };
    let (cx, cy) = (x + CARD_W / 2, y + CARD_H / 2);
    if cell {
        let _ = write!(out, r#"<g class="cell" data-cell="{id}" data-x="{cx}" data-y="{cy}">"#);
    } else {
        out.push_str(r#"<g class="card">"#);
    }
    let _ = write!(
        out,
        r##"<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" class="dev" fill="#fbf7ee" stroke="#666" stroke-width="1"/><rect x="{x}" y="{y}" width="{CARD_W}" height="18" rx="5" class="bonus {}" fill="{}" stroke="#666" stroke-width="1"/>"##,
        cards::NAMES[c.bonus],
        FILL[c.bonus]
    );
    if c.points > 0 {
        text(out, x + 5, y + 14, 13, "start", INK[c.bonus], &c.points.to_string());
    }
    text(out, x + CARD_W - 4, y + 14, 9, "end", INK[c.bonus], &format!("#{id}"));
    cost_column(out, &c.cost, x + 11, y + 28);
    out.push_str("</g>");
}

/// A face-down card of `level` at (x, y), a cell named `L1`..`L3` when `name` is given.
fn back(out: &mut String, level: u8, words: &str, x: usize, y: usize, name: Option<&str>) {
    let (cx, cy) = (x + CARD_W / 2, y + CARD_H / 2);
    match name {
        Some(name) => {
            let _ = write!(
                out,
                r#"<g class="cell" data-cell="{name}" data-x="{cx}" data-y="{cy}">"#
            );
        }
        None => out.push_str(r#"<g class="card">"#),
    }
    let fill = ["#6b8f3a", "#c48a20", "#3a5c9a"][usize::from(level.clamp(1, 3) - 1)];
    let _ = write!(
        out,
        r##"<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" class="back" fill="{fill}" stroke="#333" stroke-width="1"/>"##
    );
    text(out, cx, cy - 2, 14, "middle", "#fff", &format!("L{level}"));
    text(out, cx, cy + 14, 10, "middle", "#fff", words);
    out.push_str("</g>");
}

pub fn svg(state: &State, view: View) -> String {
    let seen = redacted(state, view);
    let acting = seen.phase == Phase::Act;
    let noble_choices: &[u8] = match &seen.phase {
        Phase::Noble { choices } => choices,
        _ => &[],
    };
    let width = 5 * (CARD_W + GAP) + 200;
    let players_y = 90 + 3 * (CARD_H + GAP) + 20;
    let seat_h = CARD_H + 40;
    let height = players_y + usize::from(seen.seats()) * seat_h + 30;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" class="splendor" role="img"><rect x="0" y="0" width="{width}" height="{height}" fill="#efe8da"/>"##
    );
    // The nobles.
    text(&mut out, 8, 16, 12, "start", "#222", "nobles");
    for (i, id) in seen.nobles.iter().enumerate() {
        let Some(noble) = cards::noble(*id) else { continue };
        let (x, y) = (8 + i * 66, 22);
        let (cx, cy) = (x + 30, y + 30);
        if noble_choices.contains(id) {
            let _ = write!(out, r#"<g class="cell" data-cell="{id}" data-x="{cx}" data-y="{cy}">"#);
        } else {
            out.push_str(r#"<g class="noble">"#);
        }
        let _ = write!(
            out,
            r##"<rect x="{x}" y="{y}" width="60" height="60" rx="4" class="noble" fill="#e9d7b0" stroke="#8a6a3a" stroke-width="1"/>"##
        );
        text(&mut out, x + 5, y + 15, 13, "start", "#222", &noble.points.to_string());
        text(&mut out, x + 56, y + 13, 9, "end", "#555", &format!("#{id}"));
        let mut column = 0;
        for colour in 0..COLOURS {
            if noble.needs[colour] > 0 {
                chip(&mut out, colour, noble.needs[colour], x + 12 + column * 18, y + 42);
                column += 1;
            }
        }
        out.push_str("</g>");
    }
    // The market, level 3 at the top, each row after its deck.
    for (row, level) in (1..=3u8).rev().enumerate() {
        let y = 90 + row * (CARD_H + GAP);
        let left = seen.deck_left[usize::from(level - 1)];
        let name = format!("L{level}");
        back(
            &mut out,
            level,
            &format!("{left} left"),
            8,
            y,
            (acting && left > 0).then_some(name.as_str()),
        );
        for (slot, id) in seen.market[usize::from(level - 1)].iter().enumerate() {
            let x = 8 + (slot + 1) * (CARD_W + GAP);
            match id {
                Some(id) => card(&mut out, *id, x, y, acting),
                None => text(&mut out, x + CARD_W / 2, y + CARD_H / 2, 10, "middle", "#888", "empty"),
            }
        }
    }
    // The supply: one pile per colour, gold last (gold is never taken, so not a cell).
    let supply_x = 8 + 5 * (CARD_W + GAP) + 30;
    text(&mut out, supply_x, 102, 12, "start", "#222", "supply");
    for (colour, letter) in LETTERS.iter().enumerate() {
        let (cx, cy) = (supply_x + 16, 124 + colour * 36);
        let take = acting && colour < COLOURS && seen.supply[colour] > 0;
        if take {
            let _ = write!(
                out,
                r#"<g class="cell" data-cell="{letter}" data-x="{cx}" data-y="{cy}">"#
            );
        } else {
            out.push_str(r#"<g class="pile">"#);
        }
        let _ = write!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="15" class="token {}" fill="{}" stroke="#555" stroke-width="1"/>"##,
            cards::NAMES[colour],
            FILL[colour]
        );
        text(
            &mut out,
            cx,
            cy + 5,
            13,
            "middle",
            INK[colour],
            &seen.supply[colour].to_string(),
        );
        text(&mut out, cx + 22, cy + 4, 11, "start", "#444", cards::NAMES[colour]);
        out.push_str("</g>");
    }
    // One row per seat.
    for (index, player) in seen.players.iter().enumerate() {
        let y = players_y + index * seat_h;
        let turn = if usize::from(seen.current) == index { "▶ " } else { "" };
        let _ = write!(
            out,
            r##"<rect x="4" y="{y}" width="{}" height="{}" rx="6" class="seat" fill="#f8f4ea" stroke="#c8b898" stroke-width="1"/>"##,
            width - 8,
            seat_h - 6
        );
        text(
            &mut out,
            12,
            y + 18,
            14,
            "start",
            "#222",
            &format!(
                "{turn}p{} · {} points · {} cards · nobles {}",
                index + 1,
                player.points(),
                player.cards.len(),
                player.nobles.len()
            ),
        );
        let bonuses = player.bonuses();
        text(&mut out, 12, y + 42, 11, "start", "#444", "bonuses");
        text(&mut out, 12, y + 72, 11, "start", "#444", "tokens");
        for (colour, count) in bonuses.iter().enumerate().take(COLOURS) {
            chip(&mut out, colour, *count, 80 + colour * 22, y + 38);
        }
        for (colour, count) in player.tokens.iter().enumerate() {
            chip(&mut out, colour, *count, 80 + colour * 22, y + 68);
        }
        let mine = usize::from(seen.current) == index && acting;
        for (slot, reserve) in player.reserved.iter().enumerate() {
            let x = 230 + slot * (CARD_W + GAP);
            match reserve.card {
                Some(id) => card(&mut out, id, x, y + 26, mine),
                None => back(&mut out, reserve.level, "reserved", x, y + 26, None),
            }
        }
    }
    text(&mut out, 8, height - 10, 13, "start", "#222", &status(&seen));
    out.push_str("</svg>\n");
    out
}
