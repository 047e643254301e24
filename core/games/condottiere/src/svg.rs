//! Condottiere as an SVG picture: the map of Italy (its regions placed roughly where the cities
//! lie, its borders, each region coloured by who holds it, the city fought for outlined in
//! red), then a line per seat: cities held, the battle line, the hand as the view may see it.
//! Every region is a `<g class="cell" data-cell="Roma" data-x data-y>` (its centre) so a page
//! can map a tap to it. Draws a state already redacted for its view; it changes nothing.

use std::fmt::Write;

use super::map::map;
use super::state::{Phase, State};

/// Where each region is drawn on a 430 x 490 map, north at the top.
const PLACES: [(&str, u32, u32); 17] = [
    ("Torino", 40, 80),
    ("Milano", 120, 48),
    ("Genova", 92, 158),
    ("Venezia", 300, 40),
    ("Mantova", 205, 70),
    ("Parma", 155, 122),
    ("Modena", 215, 138),
    ("Ferrara", 282, 100),
    ("Bologna", 268, 168),
    ("Lucca", 160, 210),
    ("Firenze", 235, 232),
    ("Urbino", 318, 218),
    ("Ancona", 385, 238),
    ("Siena", 225, 296),
    ("Spoleto", 318, 306),
    ("Roma", 300, 380),
    ("Napoli", 390, 440),
];
/// The seats' colours, as the pages colour them.
const COLOURS: [&str; 6] = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#566573"];
const FONT: &str = "DejaVu Sans, sans-serif";
const WIDTH: u32 = 430;
const MAP_HEIGHT: u32 = 490;
const LINE: u32 = 20;

/// A region's place: from the table, else on a ring (for a map the table does not know).
fn place(name: &str, index: usize, count: usize) -> (u32, u32) {
    if let Some((_, x, y)) = PLACES.iter().find(|(n, _, _)| *n == name) {
        return (*x, *y);
    }
    // Spread evenly over a grid inside the map.
    let per_row = 4;
    let (row, col) = (index / per_row, index % per_row);
    let rows = count.div_ceil(per_row).max(1) as u32;
    (60 + col as u32 * 100, 40 + row as u32 * (MAP_HEIGHT - 80) / rows)
}

pub fn svg(state: &State) -> String {
    let regions = &map().names;
    let places: Vec<(u32, u32)> = regions
        .iter()
        .enumerate()
        .map(|(i, n)| place(n, i, regions.len()))
        .collect();
    let fought = match state.phase {
        Phase::Battle { city, .. } => city,
        _ => None,
    };
    let seats = state.players.len() as u32;
    let height = MAP_HEIGHT + 10 + LINE * seats;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" class="italy" role="img"><rect x="0" y="0" width="{WIDTH}" height="{MAP_HEIGHT}" class="sea" fill="#dbe9f4"/>"##
    );
    for [a, b] in map().borders() {
        let ((x1, y1), (x2, y2)) = (places[usize::from(a)], places[usize::from(b)]);
        let _ = write!(
            out,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="border" stroke="#7c8c99" stroke-width="2"/>"##
        );
    }
    for (i, name) in regions.iter().enumerate() {
        let (x, y) = places[i];
        let owner = state.owner.get(i).copied().flatten();
        let (class, fill) = match owner {
            Some(seat) => (format!("region own{}", seat % 6), COLOURS[usize::from(seat) % 6]),
            None => ("region free".to_string(), "#f7f3e8"),
        };
        let is_fought = fought == Some(i as u8);
        let (stroke, width) = if is_fought { ("#d0312d", 4) } else { ("#333", 1) };
        let title = match owner {
            Some(seat) => format!("{name}: p{}", seat + 1),
            None => format!("{name}: free"),
        };
        let _ = write!(
            out,
            r##"<g class="cell" data-cell="{name}" data-x="{x}" data-y="{y}"><circle cx="{x}" cy="{y}" r="19" class="{class}{}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"><title>{title}</title></circle><text x="{x}" y="{}" class="region-name" font-size="11" text-anchor="middle" font-family="{FONT}" fill="#222">{name}</text>"##,
            if is_fought { " fought" } else { "" },
            y + 32
        );
        if let Some(seat) = owner {
            let _ = write!(
                out,
                r##"<text x="{x}" y="{}" class="region-owner" font-size="11" font-weight="700" text-anchor="middle" font-family="{FONT}" fill="#fff">p{}</text>"##,
                y + 5,
                seat + 1
            );
        }
        out.push_str("</g>");
    }
    for (seat, player) in state.players.iter().enumerate() {
        let held = state.owner.iter().filter(|o| **o == Some(seat as u8)).count();
        let row: Vec<&str> = player.row.iter().map(|c| c.code()).collect();
        let row = if row.is_empty() {
            "–".to_string()
        } else {
            row.join(" ")
        };
        let token = if usize::from(state.token) == seat {
            " · condottiere"
        } else {
            ""
        };
        let _ = write!(
            out,
            r##"<text x="6" y="{}" class="seat" font-size="13" font-family="{FONT}" fill="{}">p{}: {held} {} · line {row} · hand {}{token}</text>"##,
            MAP_HEIGHT + LINE * (seat as u32 + 1) - 4,
            COLOURS[seat % 6],
            seat + 1,
            if held == 1 { "city" } else { "cities" },
            player.hand.text()
        );
    }
    out.push_str("</svg>\n");
    out
}
