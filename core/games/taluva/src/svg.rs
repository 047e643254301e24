//! The island as an SVG picture: pointy-top hexes at integer coordinates (52 wide, rows 45
//! apart), coloured by terrain, with the level written in each and the buildings drawn in the
//! owner's colour. Each hex is a `<g class="cell" data-cell="q,r" data-x data-y>` (its
//! centre). Draws a state; it never changes one or decides anything.

use std::fmt::Write;

use super::board::Building;
use super::state::State;
use super::tiles::Terrain;

const OWNERS: [&str; 4] = ["#d23c3c", "#2f62c8", "#e0b020", "#2f9a4a"];
const CORNERS: [(i32, i32); 6] = [(0, -30), (26, -15), (26, 15), (0, 30), (-26, 15), (-26, -15)];

fn fill(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Volcano => "#a23b1f",
        Terrain::Jungle => "#3f8a3a",
        Terrain::Clearing => "#9fd06a",
        Terrain::Sand => "#ecd48a",
        Terrain::Rock => "#9a9a9a",
        Terrain::Lake => "#6fb0e0",
    }
}

fn centre(q: i16, r: i16) -> (i32, i32) {
    (52 * i32::from(q) + 26 * i32::from(r), 45 * i32::from(r))
}

pub fn svg(state: &State) -> String {
    let centres: Vec<(i32, i32)> = state.board.cells.iter().map(|c| centre(c.hex.q, c.hex.r)).collect();
    let min_x = centres.iter().map(|c| c.0).min().unwrap_or(0) - 32;
    let max_x = centres.iter().map(|c| c.0).max().unwrap_or(0) + 32;
    let min_y = centres.iter().map(|c| c.1).min().unwrap_or(0) - 32;
    let max_y = centres.iter().map(|c| c.1).max().unwrap_or(0) + 32;
    let (width, height) = (max_x - min_x, max_y - min_y);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x} {min_y} {width} {height}" width="{width}" height="{height}" class="taluva" role="img">"#
    );
    for (cell, (x, y)) in state.board.cells.iter().zip(&centres) {
        let points: Vec<String> = CORNERS
            .iter()
            .map(|(dx, dy)| format!("{},{}", x + dx, y + dy))
            .collect();
        let _ = write!(
            out,
            r##"<g class="cell" data-cell="{}" data-x="{x}" data-y="{y}"><polygon points="{}" fill="{}" stroke="#333" stroke-width="{}"/><text x="{}" y="{}" font-size="9" font-family="sans-serif" fill="#111">{}</text>"##,
            cell.hex,
            points.join(" "),
            fill(cell.terrain),
            cell.level,
            x - 4,
            y + 24,
            cell.level
        );
        if let Some(s) = cell.standing {
            let colour = OWNERS[usize::from(s.owner) % OWNERS.len()];
            let shape = match s.building {
                Building::Hut => format!(
                    r##"<polygon points="{},{} {},{} {},{}" fill="{colour}" stroke="#000"/>"##,
                    x - 8,
                    y + 6,
                    x + 8,
                    y + 6,
                    x,
                    y - 8
                ),
                Building::Temple => format!(
                    r##"<rect x="{}" y="{}" width="18" height="14" fill="{colour}" stroke="#000"/>"##,
                    x - 9,
                    y - 8
                ),
                Building::Tower => format!(
                    r##"<rect x="{}" y="{}" width="8" height="22" fill="{colour}" stroke="#000"/>"##,
                    x - 4,
                    y - 14
                ),
            };
            out.push_str(&shape);
            if s.count > 1 {
                let _ = write!(
                    out,
                    r##"<text x="{}" y="{}" font-size="10" font-family="sans-serif" fill="#000">×{}</text>"##,
                    x + 9,
                    y + 4,
                    s.count
                );
            }
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    out
}
