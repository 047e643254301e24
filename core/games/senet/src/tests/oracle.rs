//! A second, plain statement of the movement rules of seeds/senet.md, written apart from the
//! engine on a bare array, checked against the engine on random positions: the moves listed
//! and the position after each. Also the odds of the seeded throws.

use std::collections::BTreeMap;

use super::{legal, play};
use crate::{position, Senet};
use kifu_core::chance::ChanceRng;
use kifu_core::rules::Rules;

/// Square n is `cells[n]` for n in 1..=30: 0 empty, 1 p1, 2 p2. `cells[0]` is unused.
type Cells = [u8; 31];

fn protected(cells: &Cells, n: usize) -> bool {
    let who = cells[n];
    who != 0 && n <= 26 && ((n > 1 && cells[n - 1] == who) || (n < 26 && cells[n + 1] == who))
}

fn may_enter(cells: &Cells, me: u8, n: usize) -> bool {
    cells[n] == 0 || (cells[n] != me && !protected(cells, n))
}

/// Every move as (text, position after it).
fn oracle(cells: &Cells, me: u8, throw: usize) -> BTreeMap<String, Cells> {
    let mut forward: Vec<(usize, Option<usize>)> = Vec::new();
    for n in 1..=30 {
        if cells[n] != me {
            continue;
        }
        match n {
            30 => forward.push((n, None)),
            29 if throw == 2 => forward.push((n, None)),
            28 if throw == 3 => forward.push((n, None)),
            27 => {
                if throw == 4 {
                    forward.push((n, None));
                }
                if let Some(back) = (1..=15).rev().find(|k| cells[*k] == 0) {
                    forward.push((n, Some(back)));
                }
            }
            26 if throw == 5 => forward.push((n, None)),
            26 if may_enter(cells, me, 26 + throw) => forward.push((n, Some(26 + throw))),
            _ if n < 26 && n + throw <= 26 && may_enter(cells, me, n + throw) => forward.push((n, Some(n + throw))),
            _ => {}
        }
    }
    if forward.is_empty() {
        forward = (2..=26)
            .filter(|n| cells[*n] == me && may_enter(cells, me, n - 1))
            .map(|n| (n, Some(n - 1)))
            .collect();
    }
    let mut moves = BTreeMap::new();
    for (from, to) in forward {
        let mut after = *cells;
        after[from] = 0;
        let text = match to {
            None => format!("{from}-off"),
            Some(to) => {
                let met = after[to];
                if met != 0 {
                    let refuge = if to >= 28 && after[27] == 0 { 27 } else { from };
                    after[refuge] = met;
                }
                after[to] = me;
                format!("{from}-{to}")
            }
        };
        moves.insert(text, after);
    }
    if moves.is_empty() {
        moves.insert("pass".into(), *cells);
    }
    moves
}

fn text_of(cells: &Cells) -> String {
    let letters: String = cells[1..].iter().map(|c| ['.', 'x', 'o'][usize::from(*c)]).collect();
    format!("{}/{}/{}", &letters[..10], &letters[10..20], &letters[20..])
}

#[test]
fn the_engine_moves_as_the_plain_statement_says_on_random_positions() {
    let mut rng = ChanceRng::for_entry(b"senet oracle", 0);
    for _ in 0..3000 {
        let mut cells: Cells = [0; 31];
        for who in 1..=2u8 {
            for _ in 0..=rng.below(5) {
                let free: Vec<usize> = (1..=30).filter(|n| cells[*n] == 0).collect();
                cells[free[rng.below(free.len() as u64) as usize]] = who;
            }
        }
        let me = rng.below(2) as u8 + 1;
        let throw = rng.below(5) as usize + 1;
        let side = format!("p{me}:{throw}");
        let state = position::parse(&format!("{} {side}", text_of(&cells))).unwrap();
        let expected = oracle(&cells, me, throw);
        let mut listed = legal(&state);
        listed.sort();
        let keys: Vec<String> = expected.keys().cloned().collect();
        assert_eq!(listed, keys, "{} {side}", text_of(&cells));
        for (text, after) in &expected {
            let mut next = state.clone();
            play(&mut next, text).unwrap();
            let squares = position::write(&next);
            let board = squares.split(' ').next().unwrap_or("");
            assert_eq!(board, text_of(after), "{} {side} then {text}", text_of(&cells));
        }
    }
}

#[test]
fn seeded_throws_follow_the_sticks_odds() {
    let state = super::start();
    let mut counts = [0u32; 5];
    for seq in 0..16_000u64 {
        let throw = Senet.sample_chance(&state, &mut ChanceRng::for_entry(b"odds", seq));
        let text = Senet.format(&state, &throw);
        counts[text.parse::<usize>().unwrap() - 1] += 1;
    }
    // Expected 4000, 6000, 4000, 1000, 1000.
    for (count, expected) in counts.iter().zip([4000, 6000, 4000, 1000, 1000]) {
        assert!(count.abs_diff(expected) < expected / 10 + 50, "{counts:?}");
    }
}
