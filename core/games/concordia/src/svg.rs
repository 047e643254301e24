//! Concordia as a compact SVG schematic (not the map's geography): the market row with each
//! slot's card and full cost, the provinces as a grid of blocks (bonus tile, each city with its
//! good and houses), and one row per player (coins, storehouse, colonists, hand, score). Cells:
//! market slots `1`.. (`senator 2`), provinces by name (`prefect Aegyptus`), cities by code
//! (`build Roma`). Another seat's hand shows only its size. Draws a state; it never decides anything.

use std::fmt::Write;

use crate::actions::place_name;
use crate::cards;
use crate::goods::Good;
use crate::state::{seat_name, State};

const FONT: &str = "DejaVu Sans, sans-serif";
const SLOT_W: usize = 118;
const BLOCK_W: usize = 180;
const LINE: usize = 15;
/// Fill per good in Good::ALL order: brick, food, tool, wine, cloth.
const GOOD_FILL: [&str; 5] = ["#b5533c", "#e2c34a", "#7d8a96", "#7b3f8c", "#4a8fd0"];
/// Each seat's house colour.
const SEAT_FILL: [&str; 5] = ["#d03030", "#2f6fd0", "#2e9a4e", "#e0a020", "#303030"];

fn text(out: &mut String, x: usize, y: usize, size: u32, anchor: &str, words: &str) {
    let _ = write!(
        out,
        r##"<text x="{x}" y="{y}" text-anchor="{anchor}" font-size="{size}" font-family="{FONT}" fill="#222">{}</text>"##,
        words.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
    );
}

fn open_cell(out: &mut String, name: &str, cx: usize, cy: usize) {
    let _ = write!(
        out,
        r#"<g class="cell" data-cell="{name}" data-x="{cx}" data-y="{cy}">"#
    );
}

/// The picture; `notes` are extra lines under the players (Solitaria's Contrarius), `hidden`
/// the seats whose hand is not shown (see `view::hidden_hands`).
pub fn svg(state: &State, notes: &[String], hidden: &[bool]) -> String {
    let board = state.board();
    let columns = 5;
    let width = (columns * (BLOCK_W + 6) + 8).max(state.display.len() * (SLOT_W + 4) + 12);
    let tallest = board.provinces.iter().map(|p| p.cities.len()).max().unwrap_or(0);
    let block_h = 22 + tallest * LINE + 6;
    let market_y = 28;
    let provinces_y = market_y + 80;
    let rows = (board.provinces.len() + 1).div_ceil(columns);
    let players_y = provinces_y + rows * (block_h + 6) + 6;
    let player_h = 3 * LINE + 12;
    let height = players_y + state.players.len() * player_h + (notes.len() + 1) * LINE + 22;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" class="concordia" role="img"><rect x="0" y="0" width="{width}" height="{height}" fill="#f3eee2"/>"##
    );
    let left: usize = state.decks.iter().map(Vec::len).sum();
    text(
        &mut out,
        8,
        18,
        14,
        "start",
        &format!("Concordia on the {} map · {left} card(s) in the decks", board.name),
    );
    // The goods' colours, as a legend at the top right.
    for (i, good) in Good::ALL.iter().enumerate() {
        let x = width - 5 * 62 + i * 62;
        let _ = write!(
            out,
            r##"<rect x="{x}" y="8" width="10" height="10" class="good {}" fill="{}" stroke="#444" stroke-width="1"/>"##,
            good.name(),
            GOOD_FILL[good.index()]
        );
        text(&mut out, x + 14, 17, 11, "start", good.name());
    }
    // The market: slot number, card name, cost with the slot's surcharge.
    for (slot, id) in state.display.iter().enumerate() {
        let card = cards::get(*id);
        let extra = cards::surcharge(slot);
        let (x, y) = (8 + slot * (SLOT_W + 4), market_y);
        open_cell(&mut out, &(slot + 1).to_string(), x + SLOT_W / 2, y + 30);
        let _ = write!(
            out,
            r##"<rect x="{x}" y="{y}" width="{SLOT_W}" height="70" rx="5" class="slot" fill="#fffaf0" stroke="#8a7a5a" stroke-width="1"/>"##
        );
        text(
            &mut out,
            x + 6,
            y + 15,
            11,
            "start",
            &format!("{} · {}", slot + 1, card.name),
        );
        let mut cost: Vec<Good> = card.cost.clone();
        cost.extend(extra.goods.iter().copied());
        for (i, good) in cost.iter().enumerate() {
            let _ = write!(
                out,
                r##"<rect x="{}" y="{}" width="14" height="14" class="good {}" fill="{}" stroke="#444" stroke-width="1"/>"##,
                x + 6 + i * 17,
                y + 26,
                good.name(),
                GOOD_FILL[good.index()]
            );
        }
        if extra.any > 0 {
            text(
                &mut out,
                x + 6,
                y + 60,
                10,
                "start",
                &format!("+ {} of any good", extra.any),
            );
        }
        out.push_str("</g>");
    }
    // The provinces, then Roma and any city outside a province, as blocks of city lines.
    let mut blocks: Vec<(Option<usize>, String, Vec<usize>)> = board
        .provinces
        .iter()
        .enumerate()
        .map(|(p, province)| {
            let tile = match (state.bonus_good(p), state.coin_side[p]) {
                (None, _) => "?".to_string(),
                (Some(g), false) => format!("bonus {}", g.name()),
                (Some(g), true) => format!("coins {}", g.bonus_coins()),
            };
            (Some(p), format!("{} [{tile}]", province.name), province.cities.clone())
        })
        .collect();
    let outside: Vec<usize> = (0..board.cities.len())
        .filter(|c| board.cities[*c].province.is_none())
        .collect();
    blocks.push((None, "capital".to_string(), outside));
    for (index, (province, title, cities)) in blocks.iter().enumerate() {
        let x = 8 + (index % columns) * (BLOCK_W + 6);
        let y = provinces_y + (index / columns) * (block_h + 6);
        if let Some(p) = province {
            open_cell(&mut out, &board.provinces[*p].name, x + BLOCK_W / 2, y + 10);
        } else {
            out.push_str(r#"<g class="capital">"#);
        }
        let _ = write!(
            out,
            r##"<rect x="{x}" y="{y}" width="{BLOCK_W}" height="{block_h}" rx="5" class="province" fill="#fbf8ef" stroke="#a89870" stroke-width="1"/>"##
        );
        text(&mut out, x + 6, y + 15, 11, "start", title);
        out.push_str("</g>");
        for (line, c) in cities.iter().enumerate() {
            let cy = y + 22 + line * LINE;
            let code = &board.cities[*c].code;
            open_cell(&mut out, code, x + BLOCK_W / 2, cy + 6);
            let fill = state.city_goods[*c].map_or("#ffffff", |g| GOOD_FILL[g.index()]);
            let good = state.city_goods[*c].map_or("?", |g| g.name());
            let _ = write!(
                out,
                r##"<rect x="{}" y="{cy}" width="{}" height="{}" class="city" fill="#fbf8ef"/><rect x="{}" y="{}" width="10" height="10" class="good {good}" fill="{fill}" stroke="#444" stroke-width="1"/>"##,
                x + 2,
                BLOCK_W - 4,
                LINE - 1,
                x + 8,
                cy + 2
            );
            text(&mut out, x + 24, cy + 11, 11, "start", code);
            for (i, seat) in state.houses[*c].iter().enumerate() {
                let fill = SEAT_FILL[usize::from(*seat) % SEAT_FILL.len()];
                let hx = x + BLOCK_W - 14 - i * 13;
                let _ = write!(
                    out,
                    r##"<path d="M{hx} {} l5 -5 l5 5 v6 h-10 z" class="house {}" fill="{fill}" stroke="#222" stroke-width="0.5"/>"##,
                    cy + 7,
                    seat_name(*seat)
                );
            }
            out.push_str("</g>");
        }
    }
    // One block of lines per player.
    for (index, p) in state.players.iter().enumerate() {
        let seat = index as u8;
        let y = players_y + index * player_h;
        let mark = if seat == state.current && state.over.is_none() {
            "▶ "
        } else {
            ""
        };
        let _ = write!(
            out,
            r##"<rect x="8" y="{}" width="10" height="10" class="seat" fill="{}"/>"##,
            y + 4,
            SEAT_FILL[index % SEAT_FILL.len()]
        );
        let honours = [
            if state.magnus == seat {
                " · Praefectus Magnus"
            } else {
                ""
            },
            if p.concordia { " · Concordia card" } else { "" },
        ]
        .concat();
        text(
            &mut out,
            24,
            y + 13,
            12,
            "start",
            &format!(
                "{mark}{} · {} sestertii · score now {} · houses left {}{honours}",
                seat_name(seat),
                p.coins,
                crate::view::score_text(state, seat, hidden),
                p.houses_left
            ),
        );
        let colonists: Vec<String> = p
            .colonists
            .iter()
            .map(|c| format!("{}:{}", c.kind.letter(), place_name(state, c.at)))
            .collect();
        text(
            &mut out,
            24,
            y + 13 + LINE,
            11,
            "start",
            &format!(
                "storehouse {} + colonists L{} S{} ({} free) · board {}",
                p.goods.text(),
                p.stored[0],
                p.stored[1],
                p.room(),
                colonists.join(" ")
            ),
        );
        let top = p.discard.last().map_or("-", |c| cards::get(*c).name.as_str());
        text(
            &mut out,
            24,
            y + 13 + 2 * LINE,
            11,
            "start",
            &format!(
                "hand {} · discard top {top} ({} played)",
                crate::view::hand_text(state, seat, hidden),
                p.discard.len()
            ),
        );
    }
    let mut y = players_y + state.players.len() * player_h + 4;
    for note in notes {
        text(&mut out, 8, y + 10, 12, "start", note);
        y += LINE;
    }
    let status = match (&state.over, state.ended_by) {
        (Some(outcome), _) => format!("game over: {outcome}"),
        (None, Some(seat)) => format!(
            "{} ended the game: {} final turn(s) left",
            seat_name(seat),
            state.final_turns
        ),
        (None, None) => format!("{} to play", seat_name(state.current)),
    };
    text(&mut out, 8, y + 18, 13, "start", &status);
    out.push_str("</svg>\n");
    out
}
