//! Random Knightmare games with random card plays by either side (refused ones dropped), which
//! must end and verify: the card engine's steps exercised far beyond the hand-built games.

use kifu_core::chance::ChanceRng;
use kifu_core::record::{text, Actor, Record};
use kifu_core::replay::verify_text;

use super::tests::{Game, WHITE};
use crate::registry;

/// A random card for `seat`: one or two steps drawn from what stands on the board and the
/// captured pieces (`captured`, as the position text writes them).
fn random_card(pos_fen: &str, captured: &str, seat: u8, rng: &mut ChanceRng) -> String {
    let board: Vec<(String, char)> = squares_of(pos_fen);
    let pick = |rng: &mut ChanceRng, list: &[(String, char)]| list[rng.below(list.len() as u64) as usize].clone();
    let empty: Vec<String> = all_squares()
        .into_iter()
        .filter(|s| !board.iter().any(|(b, _)| b == s))
        .collect();
    let men: Vec<(String, char)> = board.iter().filter(|(_, c)| *c != 'K' && *c != 'k').cloned().collect();
    let mut effects = Vec::new();
    for _ in 0..=rng.below(2) {
        let to = empty[rng.below(empty.len() as u64) as usize].clone();
        let effect = match rng.below(10) {
            0 | 1 if !men.is_empty() => {
                let (sq, c) = pick(rng, &men);
                format!("{c}{sq}-{to}")
            }
            2 if !men.is_empty() => {
                let (sq, c) = pick(rng, &men);
                format!("remove {c}{sq}")
            }
            3 => format!("place {}@{to}", if seat == 0 { 'N' } else { 'n' }),
            4 if !men.is_empty() => {
                let (sq, c) = pick(rng, &men);
                let into = if c.eq_ignore_ascii_case(&'q') { 'R' } else { 'Q' };
                format!("{c}{sq}={into}")
            }
            5 if men.len() > 1 => {
                let (a, c) = pick(rng, &men);
                let (b, d) = pick(rng, &men);
                format!("swap {c}{a} {d}{b}")
            }
            6 if captured != "-" => {
                let letters: Vec<char> = captured.chars().collect();
                format!("return {}@{to}", letters[rng.below(letters.len() as u64) as usize])
            }
            7 => "instead".into(),
            8 => "undo".into(),
            _ => "void".into(),
        };
        effects.push(effect);
        if effects.contains(&"void".to_string()) {
            effects = vec!["void".into()];
            break;
        }
    }
    format!("card Random {}: {}", rng.below(100), effects.join(", "))
}

fn all_squares() -> Vec<String> {
    (0..64)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
        .collect()
}

/// The pieces of a FEN's board with their squares.
fn squares_of(fen: &str) -> Vec<(String, char)> {
    let mut out = Vec::new();
    for (r, row) in fen.split(' ').next().unwrap().split('/').enumerate() {
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
            } else {
                out.push((format!("{}{}", (b'a' + file) as char, 8 - r), c));
                file += 1;
            }
        }
    }
    out
}

/// The kinds of step counted in the accepted random cards.
const COUNTED: [&str; 5] = ["card", "return", "swap", "instead", "undo"];

/// A random game: random regular moves, and now and then a random card by either side
/// (refused ones are dropped, as a recorder's typo would be). Returns the record and how many
/// accepted cards hold each of [`COUNTED`].
fn random_game(seed: &[u8]) -> (Record, [usize; 5]) {
    let mut game = Game::new(None);
    let mut rng = ChanceRng::for_entry(seed, 0);
    let mut cards = [0; 5];
    for _ in 0..4000 {
        if game.outcome().is_some() {
            break;
        }
        if rng.below(5) == 0 {
            let seat = rng.below(2) as u8;
            let captured = game.json()["captured"].as_str().unwrap().to_string();
            let card = random_card(&game.fen(), &captured, seat, &mut rng);
            if game.try_play(Actor::Seat(seat), &card).is_ok() {
                for (n, word) in cards.iter_mut().zip(COUNTED) {
                    *n += usize::from(card.contains(word));
                }
            }
            continue;
        }
        let actions = game.replay.current().legal_actions().unwrap();
        let (actor, command) = actions[rng.below(actions.len() as u64) as usize].clone();
        game.play(actor, &command);
    }
    if game.outcome().is_none() {
        game.play(WHITE, "resign");
    }
    (game.record, cards)
}

#[test]
fn random_games_with_random_cards_end_and_verify() {
    let mut cards = [0; 5];
    for n in 0..4u8 {
        let (record, played) = random_game(&[n + 1; 32]);
        for (total, n) in cards.iter_mut().zip(played) {
            *total += n;
        }
        let file = text::write(&record);
        let report = verify_text(registry(), &text::read(&file).unwrap());
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
    }
    assert!(cards[0] > 40, "only {} random cards were accepted", cards[0]);
    assert!(
        cards[1..].iter().all(|n| *n > 0),
        "each kind counted at least once: {cards:?} of {COUNTED:?}"
    );
}
