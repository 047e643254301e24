//! Dice chess from Wikipedia's rules and its sample game, driven through the kernel's replay:
//! rolls are chance entries, typed (observed) or drawn from a committed seed.

use std::collections::BTreeMap;

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{text, Actor, ChanceMode, Header, Record};
use kifu_core::replay::{log_view, verify_record, verify_text, Replay, SeedCheck};
use kifu_core::{Turn, View};

use crate::registry;

const WHITE: Actor = Actor::Seat(0);
const BLACK: Actor = Actor::Seat(1);

fn header(start: Option<&str>, dice: Option<&str>, chance: ChanceMode) -> Header {
    let mut header = crate::testing::header("dicechess", start, chance);
    if let Some(dice) = dice {
        header.options = BTreeMap::from([("dice".to_string(), dice.to_string())]);
    }
    header
}

struct Game {
    replay: Replay,
    record: Record,
}

impl Game {
    fn new(start: Option<&str>) -> Game {
        Game::with(header(start, None, ChanceMode::Observed))
    }
    fn with(header: Header) -> Game {
        Game {
            replay: Replay::start(registry(), &header).unwrap(),
            record: Record::new(header),
        }
    }
    fn enter(&mut self, actor: Actor, text: &str) -> Result<String, String> {
        let entry = self.replay.play(Some(actor), text, None).map_err(|f| f.reason)?;
        let command = entry.command.clone();
        self.record.entries.push(entry);
        Ok(command)
    }
    fn roll(&mut self, faces: &str) -> String {
        self.enter(Actor::Chance, faces).unwrap()
    }
    fn to_move(&self) -> Actor {
        match self.replay.turn() {
            Turn::Seat { seat } => Actor::Seat(seat),
            turn => panic!("{turn}"),
        }
    }
    fn play(&mut self, m: &str) -> String {
        let actor = self.to_move();
        self.enter(actor, m).unwrap()
    }
    fn legal(&self) -> Vec<String> {
        self.replay.current().legal().unwrap()
    }
    fn fen(&self) -> String {
        self.replay.current().state_json(View::Full)["fen"]
            .as_str()
            .unwrap()
            .to_string()
    }
    fn over(&self) -> Option<kifu_core::Outcome> {
        crate::testing::over(&self.replay)
    }
}

#[test]
fn the_wikipedia_sample_game_opening() {
    // "White rolls doubles ... 1.e4. Black rolls a two and a three; no bishop move being
    // possible, he plays 1...Nc6. White rolls a three and a four, and plays 2.Bc4. Black rolls a
    // four and a five; since no queen move is possible, he must play the only legal rook move."
    let mut game = Game::new(None);
    game.roll("2 2");
    game.play("e4");
    game.roll("2 3");
    assert!(game.legal().iter().all(|m| m.starts_with('N')), "{:?}", game.legal());
    game.play("Nc6");
    game.roll("3 4");
    game.play("Bc4");
    game.roll("5 4");
    assert_eq!(game.legal(), vec!["Rb8"]);
}

#[test]
fn a_move_the_roll_does_not_allow_is_refused() {
    let mut game = Game::new(None);
    game.roll("1 2");
    let head = game.replay.head();
    assert!(game.enter(WHITE, "Bc4").is_err());
    assert_eq!(game.replay.head(), head, "nothing stored");
    assert_eq!(game.enter(WHITE, "Nf3").unwrap(), "Nf3");
    let mut game = Game::new(None);
    game.roll("2 4");
    let reason = game.enter(WHITE, "e4").unwrap_err();
    assert!(reason.contains("not allowed by the roll 2 4"), "{reason}");
    assert!(reason.contains("knight or a rook"), "{reason}");
}

#[test]
fn rolls_are_read_leniently_and_written_in_order() {
    let mut game = Game::new(None);
    assert_eq!(game.roll("5 2"), "2 5");
    let mut game = Game::new(None);
    assert_eq!(game.roll("5-2"), "2 5");
    let mut game = Game::new(None);
    assert!(game.enter(Actor::Chance, "7 1").unwrap_err().contains("1 to 6"));
    assert!(game.enter(Actor::Chance, "3").unwrap_err().contains("2 die face"));
    assert_eq!(game.legal().len(), 21, "every roll of two dice, each once");
    assert!(game.enter(WHITE, "e4").unwrap_err().contains("may not act now"));
}

#[test]
fn no_move_for_the_roll_passes_the_turn() {
    let mut game = Game::new(None);
    game.roll("3 5");
    assert_eq!(game.replay.turn(), Turn::Chance, "White passed: chance rolls for Black");
    assert!(game.fen().contains(" b KQkq "), "{}", game.fen());
    assert_eq!(game.record.entries.len(), 1, "the pass is in the roll's entry");
}

#[test]
fn doubles_allow_any_move() {
    let mut game = Game::new(None);
    game.roll("6 6");
    assert_eq!(game.legal().len(), 20);
}

#[test]
fn castling_on_a_four_a_six_or_doubles() {
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (roll, castles) in [("1 4", true), ("1 6", true), ("2 2", true), ("1 5", false)] {
        let mut game = Game::new(Some(start));
        game.roll(roll);
        let legal = if game.replay.turn() == Turn::Chance {
            Vec::new()
        } else {
            game.legal()
        };
        assert_eq!(legal.iter().any(|m| m.starts_with("O-O")), castles, "{roll}: {legal:?}");
    }
}

#[test]
fn en_passant_on_a_one_and_only_at_once() {
    let start = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let mut game = Game::new(Some(start));
    game.roll("1 6");
    assert!(game.legal().contains(&"exd6".to_string()));
    let mut game = Game::new(Some(start));
    game.roll("5 6");
    assert!(!game.legal().iter().any(|m| m.contains('x')));
    let mut game = Game::new(Some(start));
    game.roll("2 3"); // no knight or bishop: White passes
    game.roll("6 5");
    game.play("Kd7");
    game.roll("1 6");
    assert!(!game.legal().contains(&"exd6".to_string()), "the chance has gone");
}

#[test]
fn a_king_left_in_check_by_a_pass_can_be_taken() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"));
    game.roll("1 2");
    assert_eq!(
        game.replay.turn(),
        Turn::Chance,
        "Black cannot answer the check: it passes"
    );
    game.roll("4 5");
    assert!(game.legal().contains(&"Rxe8#".to_string()), "{:?}", game.legal());
    assert_eq!(game.play("Rxe8"), "Rxe8#");
    let outcome = game.over().unwrap();
    assert_eq!(outcome.winners, vec![0]);
    assert!(outcome.reason.contains("took the king"));
}

#[test]
fn checkmate_ends_the_game_whatever_the_next_roll() {
    let mut game = Game::new(Some(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
    ));
    game.roll("5 1");
    assert_eq!(game.play("Qxf7"), "Qxf7#");
    assert_eq!(game.over().unwrap().reason, "checkmate");
}

#[test]
fn stalemate_draws() {
    let mut game = Game::new(Some("7k/8/6Q1/8/8/8/8/K7 w - - 0 1"));
    game.roll("5 5");
    game.play("Qf7");
    assert_eq!(game.over().unwrap().reason, "stalemate");
}

#[test]
fn one_die_names_one_piece_type() {
    let mut game = Game::with(header(None, Some("1"), ChanceMode::Observed));
    assert_eq!(game.legal().len(), 6);
    assert!(game.enter(Actor::Chance, "1 2").unwrap_err().contains("1 die face"));
    game.roll("2");
    let mut legal = game.legal();
    legal.sort();
    assert_eq!(legal, vec!["Na3", "Nc3", "Nf3", "Nh3"]);
    let bad = header(None, Some("3"), ChanceMode::Observed);
    assert!(Replay::start(registry(), &bad).is_err());
}

#[test]
fn resigning_after_the_roll() {
    let mut game = Game::new(None);
    game.roll("1 1");
    game.play("resign");
    assert_eq!(game.over().unwrap().winners, vec![1]);
}

#[test]
fn the_position_text_shows_the_roll_waiting() {
    let mut game = Game::new(None);
    game.roll("4 1");
    let text = game.replay.current().state_json(View::Full)["position"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(text, format!("{} roll 1 4", super::STANDARD_FEN));
    assert!(Replay::start(registry(), &header(Some("8/8/8/8 w"), None, ChanceMode::Observed)).is_err());
}

#[test]
fn nothing_is_hidden_from_any_view() {
    let mut game = Game::new(None);
    game.roll("1 2");
    game.play("e4");
    for view in [View::Seat(0), View::Seat(1), View::Public] {
        assert_eq!(log_view(registry(), &game.record, view).unwrap(), game.record.entries);
    }
    let _ = BLACK;
}

/// A seeded game: kifu draws every roll; random legal moves; the reveal at the end.
fn seeded_game(seed: &[u8]) -> Record {
    let header = header(
        None,
        None,
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
    );
    let mut replay = Replay::start(registry(), &header).unwrap();
    replay.set_seed(seed).unwrap();
    let mut record = Record::new(header);
    let mut rng = ChanceRng::for_entry(b"the players' choices", 0);
    for _ in 0..3000 {
        record.entries.extend(replay.draw_chance(None).unwrap());
        let seat = match replay.turn() {
            Turn::Over { .. } => break,
            Turn::Seat { seat } => seat,
            turn => panic!("{turn}"),
        };
        let legal = replay.current().legal().unwrap();
        let m = legal[rng.below(legal.len() as u64) as usize].clone();
        record
            .entries
            .push(replay.play(Some(Actor::Seat(seat)), &m, None).unwrap());
    }
    if !matches!(replay.turn(), Turn::Over { .. }) {
        let seat = match replay.turn() {
            Turn::Seat { seat } => seat,
            turn => panic!("{turn}"),
        };
        record
            .entries
            .push(replay.play(Some(Actor::Seat(seat)), "resign", None).unwrap());
    }
    record.entries.push(replay.reveal(None).unwrap());
    record
}

#[test]
fn seeded_random_games_end_and_verify_with_every_roll_checked() {
    for n in 0..6u8 {
        let record = seeded_game(&[n + 1; 32]);
        let file = text::write(&record);
        let report = verify_text(registry(), &text::read(&file).unwrap());
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        assert_eq!(report.seed, SeedCheck::Checked);
    }
}

#[test]
fn a_changed_roll_in_a_seeded_record_is_named() {
    let mut record = seeded_game(&[9; 32]);
    let first = &mut record.entries[0];
    assert_eq!(first.actor, Actor::Chance);
    first.command = if first.command == "1 1" {
        "2 2".into()
    } else {
        "1 1".into()
    };
    let failure = verify_record(registry(), &record).failure.unwrap();
    assert_eq!(failure.seq, 1);
    assert!(failure.reason.contains("the seed draws"), "{failure}");
}
