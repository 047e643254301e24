//! Red-Black War as an SVG picture, drawn from the view's redacted state (view.rs): one
//! labelled row per kingdom (spoils, ally, flag, horn, missile, coins in the economic war, the
//! cards still in hand, the card laid down, face down where the view may not see it), the
//! stake, the situations, the spy, what is due. The viewing seat's own hand cards are
//! `<g class="cell" data-cell="11">` (the card as typed). Draws a state; never decides.

use std::fmt::Write;

use super::cards::{seat_label, seat_name, Card};
use super::state::{Phase, State};
use super::view::{due, redacted};
use kifu_core::rules::View;

const CARD_W: usize = 26;
const CARD_H: usize = 38;
const ROW: usize = 98;
const LEFT: usize = 150;
const FONT: &str = "DejaVu Sans, sans-serif";
/// Each kingdom's ink: Black, Red, Gray, Pink.
const INK: [&str; 4] = ["#222", "#c02828", "#707070", "#d0609a"];

fn text(out: &mut String, x: usize, y: usize, size: u32, anchor: &str, fill: &str, words: &str) {
    let _ = write!(
        out,
        r##"<text x="{x}" y="{y}" text-anchor="{anchor}" font-size="{size}" font-family="{FONT}" fill="{fill}">{}</text>"##,
        words.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
    );
}

/// A face-up card; a cell named by its code when `cell`.
fn face(out: &mut String, card: Card, ink: &str, x: usize, y: usize, class: &str, cell: bool) {
    let code = card.code();
    let (cx, cy) = (x + CARD_W / 2, y + CARD_H / 2);
    if cell {
        let _ = write!(
            out,
            r#"<g class="cell" data-cell="{code}" data-x="{cx}" data-y="{cy}">"#
        );
    } else {
        let _ = write!(out, r#"<g class="{class}">"#);
    }
    let _ = write!(
        out,
        r##"<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="3" class="face" fill="#fffdf5" stroke="#555" stroke-width="1"/>"##
    );
    text(out, cx, cy + 5, 13, "middle", ink, &code);
    out.push_str("</g>");
}

pub fn svg(state: &State, view: View) -> String {
    let seen = redacted(state, view);
    let width = LEFT + 21 * (CARD_W + 3) + 12;
    let height = 56 + 4 * ROW + 30;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" class="redblackwar" role="img"><rect x="0" y="0" width="{width}" height="{height}" fill="#f2ede4"/>"##
    );
    let deck = if seen.playing_cards { " · standard deck" } else { "" };
    text(
        &mut out,
        8,
        20,
        14,
        "start",
        "#222",
        &format!(
            "battle {} of {}{deck} · at stake {} (carried {}, fresh {})",
            seen.battle,
            seen.last_battle,
            seen.carried + seen.fresh,
            seen.carried,
            seen.fresh
        ),
    );
    if !seen.situations.is_empty() {
        let names: Vec<&str> = seen.situations.iter().map(|s| s.code()).collect();
        let promotion = if seen.promotion { " (promotion in force)" } else { "" };
        text(
            &mut out,
            8,
            40,
            12,
            "start",
            "#444",
            &format!("situations: {}{promotion}", names.join(", ")),
        );
    }
    if let Some(spy) = seen.spy {
        let words = format!(
            "spy: {}'s {} fights for {}",
            seat_name(spy.victim),
            spy.card.code(),
            seat_name(spy.owner)
        );
        text(&mut out, width - 8, 40, 12, "end", "#444", &words);
    }
    let playing = seen.phase == Phase::Play;
    for seat in 0..4u8 {
        let s = usize::from(seat);
        let y = 56 + s * ROW;
        let ink = INK[s];
        let _ = write!(
            out,
            r##"<rect x="4" y="{y}" width="{}" height="{}" rx="6" class="kingdom" fill="#fbf8f2" stroke="{ink}" stroke-width="1"/>"##,
            width - 8,
            ROW - 6
        );
        text(&mut out, 12, y + 20, 14, "start", ink, &seat_label(seat));
        text(
            &mut out,
            12,
            y + 38,
            11,
            "start",
            "#444",
            &format!("spoils {}", seen.spoils[s]),
        );
        text(
            &mut out,
            12,
            y + 54,
            11,
            "start",
            "#444",
            &format!("ally {}", seat_name(seen.allies[s])),
        );
        let mut marks = Vec::new();
        if seen.flag == seat {
            marks.push("flag".to_string());
        }
        if seen.horn == Some(seat) {
            marks.push(if seen.horn_blown { "horn (blown)" } else { "horn" }.to_string());
        }
        if seen.missile == Some(seat) {
            marks.push("missile".to_string());
        }
        text(&mut out, 12, y + 70, 11, "start", "#444", &marks.join(" · "));
        if seen.economic {
            let immortal = match seen.immortal[s] {
                0 => String::new(),
                n => format!(" (+{n} immortal)"),
            };
            text(
                &mut out,
                12,
                y + 84,
                11,
                "start",
                "#444",
                &format!("coins {}{immortal}", seen.coins[s]),
            );
        }
        // The hand; the viewing seat's cards are cells while it may lay one down.
        let own = view == View::Seat(seat) && playing && state.down[s].is_none();
        for (i, card) in seen.hand(seat).list().into_iter().enumerate() {
            face(&mut out, card, ink, LEFT + i * (CARD_W + 3), y + 8, "card", own);
        }
        // The card laid down or turned up, at the row's foot.
        let lx = LEFT;
        let ly = y + CARD_H + 14;
        match (&seen.open, state.down[s], seen.down[s]) {
            (Some(cards), _, _) => {
                text(&mut out, lx, ly + 18, 11, "start", "#444", "turned up");
                face(&mut out, cards[s], ink, lx + 70, ly, "up", false);
            }
            (None, _, Some(card)) => {
                text(&mut out, lx, ly + 18, 11, "start", "#444", "laid down");
                face(&mut out, card, ink, lx + 70, ly, "down", false);
            }
            (None, Some(_), None) => {
                text(&mut out, lx, ly + 18, 11, "start", "#444", "laid down");
                let _ = write!(
                    out,
                    r##"<g class="down"><rect x="{}" y="{ly}" width="{CARD_W}" height="{CARD_H}" rx="3" class="back" fill="#5a3d8a" stroke="#2a1d4a" stroke-width="1"/></g>"##,
                    lx + 70
                );
            }
            _ => {}
        }
    }
    text(&mut out, 8, height - 10, 13, "start", "#222", &due(&seen, &seen.phase));
    out.push_str("</svg>\n");
    out
}
