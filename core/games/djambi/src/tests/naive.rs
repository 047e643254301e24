//! A second move generator, written from the rules alone and as plainly as possible: every
//! (from, to, victim, place, exit) is tried square by square and kept if the rules allow it.
//! Along seeded random games its list must equal the engine's, move for move.

use super::*;
use crate::board::MAZE;
use crate::moves::{moves, Move};
use kifu_core::chance::ChanceRng;

fn on_a_line(from: Square, to: Square) -> Option<(i8, i8, u8)> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let distance = df.abs().max(dr.abs());
    let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
    (distance > 0 && straight).then(|| (df.signum(), dr.signum(), distance as u8))
}

/// Whether a piece of `kind` goes from `from` to `to` over empty squares only.
fn goes(cells: &[Option<Piece>; 81], kind: Kind, from: Square, to: Square) -> bool {
    let Some((df, dr, distance)) = on_a_line(from, to) else {
        return false;
    };
    if kind == Kind::Militant && distance > 2 {
        return false;
    }
    (1..distance).all(|k| {
        let f = from.file() as i8 + df * k as i8;
        let r = from.rank() as i8 + dr * k as i8;
        cells[usize::from(Square::at(f as u8, r as u8).0)].is_none()
    })
}

fn cells_of(state: &State) -> [Option<Piece>; 81] {
    let mut cells = [None; 81];
    for s in Square::all() {
        cells[usize::from(s.0)] = state.board.at(s);
    }
    cells
}

pub fn naive_moves(state: &State) -> Vec<Move> {
    let seat = state.to_move;
    let cells = cells_of(state);
    let enemy = |p: Option<Piece>| p.is_some_and(|p| p.alive && p.owner.is_some() && p.owner != Some(seat));
    let mut list = Vec::new();
    for from in Square::all() {
        let Some(me) = cells[usize::from(from.0)] else { continue };
        if !me.alive || me.owner != Some(seat) {
            continue;
        }
        let kind = me.kind;
        for to in Square::all() {
            if !goes(&cells, kind, from, to) {
                continue;
            }
            let target = cells[usize::from(to.0)];
            let mv = Move {
                kind,
                from,
                to,
                victim: None,
                place: None,
                exit: None,
            };
            if target.is_none() {
                if to == MAZE && kind != Kind::Chief {
                    continue;
                }
                list.push(mv);
                if kind == Kind::Reporter {
                    for victim in Square::all() {
                        let next = (victim.file() as i8 - to.file() as i8).abs()
                            + (victim.rank() as i8 - to.rank() as i8).abs()
                            == 1;
                        if next && victim != from && enemy(cells[usize::from(victim.0)]) {
                            list.push(Move {
                                victim: Some(victim),
                                ..mv
                            });
                        }
                    }
                }
                continue;
            }
            let target = target.unwrap();
            let free = |s: Square| s != to && (s == from || cells[usize::from(s.0)].is_none());
            let options: Vec<Move> = match kind {
                Kind::Chief | Kind::Militant if enemy(Some(target)) && !(kind == Kind::Militant && to == MAZE) => {
                    Square::all()
                        .filter(|p| free(*p) && *p != MAZE)
                        .map(|p| Move {
                            victim: Some(to),
                            place: Some(p),
                            ..mv
                        })
                        .collect()
                }
                Kind::Assassin if enemy(Some(target)) => vec![Move {
                    victim: Some(to),
                    place: Some(from),
                    ..mv
                }],
                Kind::Diplomat if enemy(Some(target)) => Square::all()
                    .filter(|p| free(*p) && (*p != MAZE || target.kind == Kind::Chief))
                    .map(|p| Move { place: Some(p), ..mv })
                    .collect(),
                Kind::Necromobile if !target.alive => Square::all()
                    .filter(|p| free(*p) && *p != MAZE)
                    .map(|p| Move { place: Some(p), ..mv })
                    .collect(),
                _ => Vec::new(),
            };
            for option in options {
                if to != MAZE || kind == Kind::Chief {
                    list.push(option);
                    continue;
                }
                // Acting in the Labyrinth: the board after, then every empty square reached.
                let mut after = cells;
                after[usize::from(from.0)] = None;
                after[usize::from(MAZE.0)] = Some(me);
                let put = if option.victim.is_some() {
                    Piece::corpse(target.kind)
                } else {
                    target
                };
                after[usize::from(option.place.unwrap().0)] = Some(put);
                for exit in Square::all() {
                    if after[usize::from(exit.0)].is_none() && goes(&after, kind, MAZE, exit) {
                        list.push(Move {
                            exit: Some(exit),
                            ..option
                        });
                    }
                }
            }
        }
    }
    list.sort();
    list
}

#[test]
fn the_engine_lists_what_the_naive_generator_lists_along_random_games() {
    let mut positions = 0;
    let mut labyrinth_moves = 0;
    for game in 0..40u64 {
        let mut rng = ChanceRng::for_entry(b"djambi naive", game);
        let mut state = start();
        for _ in 0..400 {
            if state.outcome.is_some() {
                break;
            }
            let engine = moves(&state.board, state.to_move);
            assert_eq!(engine, naive_moves(&state), "game {game}: {}", position::write(&state));
            labyrinth_moves += engine.iter().filter(|m| m.exit.is_some()).count();
            positions += 1;
            let commands = Djambi.legal(&state).unwrap();
            let pick = &commands[rng.below(commands.len() as u64) as usize];
            let actor = Actor::Seat(state.to_move);
            Djambi.apply(&mut state, actor, pick).unwrap();
        }
    }
    assert!(positions > 1000, "{positions}");
    assert!(
        labyrinth_moves > 0,
        "no position had a move in and out of the Labyrinth"
    );
}
