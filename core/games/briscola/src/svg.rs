//! A hand of Briscola as an SVG picture, drawn from the view's redacted state (view.rs): one
//! labelled row per seat (its cards, face down where the view may not see them, its card points),
//! the table (the trick, the stock and turned card, the briscola suit, the bid and called card),
//! whose turn. Each card a seat may play is a `<g class="cell" data-cell="Ad">`. Never decides.

use std::fmt::Write;

use super::cards::Card;
use super::play::seat_name;
use super::state::{Phase, State};
use super::view::{redacted, status};
use kifu_core::rules::View;

const CARD_W: usize = 34;
const CARD_H: usize = 50;
const ROW: usize = 64;
const LABEL: usize = 150;
const FONT: &str = "DejaVu Sans, sans-serif";
/// Ink for each suit in SUITS order: coins, cups, swords, batons.
const INK: [&str; 4] = ["#a87800", "#b02020", "#2050a0", "#207030"];

/// A face-up card at (x, y); a `cell` named by its code when `playable`.
fn face(out: &mut String, card: Card, x: usize, y: usize, playable: bool) {
    let code = card.code();
    let ink = INK[usize::from(card.suit())];
    let (cx, cy) = (x + CARD_W / 2, y + CARD_H / 2);
    if playable {
        let _ = write!(
            out,
            r#"<g class="cell" data-cell="{code}" data-x="{cx}" data-y="{cy}">"#
        );
    } else {
        out.push_str(r#"<g class="card">"#);
    }
    let _ = write!(
        out,
        r##"<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" class="face" fill="#fffdf5" stroke="#444" stroke-width="1"/><text x="{cx}" y="{}" text-anchor="middle" font-size="14" font-weight="bold" font-family="{FONT}" fill="{ink}">{code}</text><text x="{cx}" y="{}" text-anchor="middle" font-size="9" font-family="{FONT}" fill="#555">{}</text></g>"##,
        cy + 2,
        cy + 17,
        card.points()
    );
}

/// `count` face-down cards from (x, y), overlapping, with the count written on the last.
fn backs(out: &mut String, count: u32, x: usize, y: usize) {
    for i in 0..count as usize {
        let _ = write!(
            out,
            r##"<rect x="{}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" class="back" fill="#5a3d8a" stroke="#2a1d4a" stroke-width="1"/>"##,
            x + i * 10
        );
    }
    if count > 0 {
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="13" font-family="{FONT}" fill="#fff">{count}</text>"##,
            x + (count as usize - 1) * 10 + CARD_W / 2,
            y + CARD_H / 2 + 5
        );
    }
}

fn label(out: &mut String, x: usize, y: usize, size: u32, text: &str) {
    let _ = write!(
        out,
        r##"<text x="{x}" y="{y}" text-anchor="start" font-size="{size}" font-family="{FONT}" fill="#222">{}</text>"##,
        text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
    );
}

pub fn svg(state: &State, view: View) -> String {
    let seen = redacted(state, view);
    let seats = usize::from(seen.seats());
    let width = LABEL + 10 * (CARD_W + 4) + 16;
    let table_y = 8;
    let rows_y = table_y + ROW + 40;
    let height = rows_y + seats * ROW + 30;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" class="briscola" role="img">"#
    );
    let _ = write!(
        out,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#e4eedd"/><rect x="4" y="{table_y}" width="{}" height="{}" rx="8" class="table" fill="#b9d6ae"/>"##,
        width - 8,
        ROW + 30
    );
    // The table: the trick in play, then the stock and its turned card (plain briscola).
    label(&mut out, 12, table_y + 18, 12, "on the table");
    for (i, (seat, card)) in seen.trick.iter().enumerate() {
        let x = 12 + i * (CARD_W + 22);
        face(&mut out, *card, x, table_y + 24, false);
        label(&mut out, x, table_y + 24 + CARD_H + 12, 10, &seat_name(*seat));
    }
    let side_x = width - 170;
    if !seen.chiamata {
        label(&mut out, side_x, table_y + 18, 12, "stock");
        backs(&mut out, u32::from(seen.stock.min(1)), side_x, table_y + 24);
        label(
            &mut out,
            side_x + 2,
            table_y + 24 + CARD_H + 12,
            10,
            &seen.stock.to_string(),
        );
        if let Some(card) = seen.turned {
            face(&mut out, card, side_x + 50, table_y + 24, false);
        }
    }
    let trump = seen.trump.map_or("—", |s| Card::suit_name(s));
    let mut facts = vec![format!("briscola: {trump}"), format!("trick {}", seen.tricks + 1)];
    if let Some((seat, points)) = seen.bid {
        facts.push(format!("bid {} {points}", seat_name(seat)));
    }
    if let Some(card) = seen.called {
        let partner = seen
            .partner
            .map_or("partner ?".to_string(), |p| format!("partner {}", seat_name(p)));
        facts.push(format!("called {} ({partner})", card.code()));
    }
    label(&mut out, 12, table_y + ROW + 44, 12, &facts.join(" · "));
    // One row per seat.
    let current = match seen.phase {
        Phase::Play { current } | Phase::Auction { current } => Some(current),
        Phase::Call { caller } => Some(caller),
        _ => None,
    };
    for (index, hand) in seen.hands.iter().enumerate() {
        let seat = index as u8;
        let y = rows_y + 12 + index * ROW;
        let marker = if current == Some(seat) { "▶ " } else { "" };
        label(&mut out, 8, y + 20, 14, &format!("{marker}{}", seat_name(seat)));
        label(&mut out, 8, y + 38, 11, &format!("{} card points", seen.points(seat)));
        let playable = matches!(seen.phase, Phase::Play { current } if current == seat);
        let mut x = LABEL;
        for card in hand.known.list() {
            face(&mut out, card, x, y, playable);
            x += CARD_W + 4;
        }
        backs(&mut out, u32::from(hand.unknown), x, y);
    }
    label(&mut out, 8, height - 10, 13, &status(&seen));
    out.push_str("</svg>\n");
    out
}
