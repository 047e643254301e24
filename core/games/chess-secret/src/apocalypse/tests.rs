//! Apocalypse turns from the published rules and examples (Wikipedia, chessvariants.com's
//! page as the vchess/xogo rules restate it), driven through the kernel's replay: each move
//! committed by both sides, then opened, then resolved together.

use kifu_core::chance::ChanceRng;
use kifu_core::commitment::SALT_BYTES;
use kifu_core::record::{text, Actor, ChanceMode, Header, Record};
use kifu_core::replay::{log_view, verify_record, verify_text, Replay};
use kifu_core::{Commitment, Opening, Turn, View};

use super::board::{has_move, read_board, standing, Declared, Standing};
use crate::registry;

const WHITE: Actor = Actor::Seat(0);
const BLACK: Actor = Actor::Seat(1);

fn header(start: Option<&str>) -> Header {
    crate::testing::header("apocalypse", start, ChanceMode::Observed)
}

struct Game {
    replay: Replay,
    record: Record,
    turn: u8,
}

impl Game {
    fn new(start: Option<&str>) -> Game {
        let header = header(start);
        Game {
            replay: Replay::start(registry(), &header).unwrap(),
            record: Record::new(header),
            turn: 0,
        }
    }
    fn enter(&mut self, actor: Actor, text: &str) -> Result<(), String> {
        let entry = self.replay.play(Some(actor), text, None).map_err(|f| f.reason)?;
        self.record.entries.push(entry);
        Ok(())
    }
    fn salt(&self, actor: Actor) -> [u8; SALT_BYTES] {
        [self.turn * 2 + u8::from(actor == BLACK); SALT_BYTES]
    }
    fn opening(&self, actor: Actor, choice: &str) -> Opening {
        Opening {
            salt: self.salt(actor),
            choice: choice.into(),
        }
    }
    /// One whole turn: Black commits first (either order works), then both open.
    fn turn(&mut self, white: &str, black: &str) {
        let (w, b) = (self.opening(WHITE, white), self.opening(BLACK, black));
        self.enter(BLACK, &Commitment::seal(black, &b.salt).command()).unwrap();
        self.enter(WHITE, &Commitment::seal(white, &w.salt).command()).unwrap();
        self.enter(WHITE, &w.command()).unwrap();
        self.enter(BLACK, &b.command()).unwrap();
        self.turn += 1;
    }
    fn position(&self) -> String {
        self.replay.current().state_json(View::Full)["position"]
            .as_str()
            .unwrap()
            .to_string()
    }
    fn over(&self) -> Option<kifu_core::Outcome> {
        crate::testing::over(&self.replay)
    }
}

#[test]
fn the_start_and_the_order_of_a_turn() {
    let mut game = Game::new(None);
    assert_eq!(game.position(), "npppn/p3p/5/P3P/NPPPN 0 0");
    assert_eq!(game.replay.turn(), Turn::Simultaneous { seats: vec![0, 1] });
    let early = game.opening(WHITE, "c1c2").command();
    let refused = game.enter(WHITE, &early).unwrap_err();
    assert!(refused.contains("only once both are written"), "{refused}");
    game.enter(WHITE, &Commitment::seal("c1c2", &game.salt(WHITE)).command())
        .unwrap();
    assert_eq!(game.replay.turn(), Turn::Simultaneous { seats: vec![1] });
    let refused = game.enter(WHITE, &early).unwrap_err();
    assert!(refused.contains("may not act now"), "{refused}");
    game.enter(BLACK, &Commitment::seal("c5c4", &game.salt(BLACK)).command())
        .unwrap();
    assert_eq!(game.replay.turn(), Turn::Simultaneous { seats: vec![0, 1] });
    game.enter(BLACK, &game.opening(BLACK, "c5c4").command()).unwrap();
    assert_eq!(game.replay.turn(), Turn::Simultaneous { seats: vec![0] });
    game.enter(WHITE, &early).unwrap();
    assert_eq!(game.position(), "np1pn/p1p1p/5/P1P1P/NP1PN 0 0");
}

#[test]
fn the_published_example_swaps_the_footmen() {
    // vchess/xogo's rules page: after 1.d1d2 e4e3 2.dxe3 exd2 the footmen have changed places:
    // npppn/p4/4P/P2pP/NPP1N. Each capture's target moved away, so each is a plain step.
    let mut game = Game::new(None);
    game.turn("d1d2", "e4e3");
    game.turn("d2e3", "e3d2");
    assert_eq!(game.position(), "npppn/p4/4P/P2pP/NPP1N 0 0");
}

#[test]
fn a_speculative_capture_stands_when_the_enemy_arrives_and_loses_to_a_horseman() {
    // The rules' example: from the start 1.axb3 is legal only if Black plays 1...Nb3; the two
    // arrive on b3 together and the horseman beats the footman.
    let mut game = Game::new(None);
    game.turn("a2b3", "a5b3");
    assert_eq!(game.position(), "1pppn/p3p/1n3/4P/NPPPN 0 0");
}

#[test]
fn a_speculative_capture_that_finds_nothing_is_a_penalty() {
    let mut game = Game::new(None);
    game.turn("a2b3", "c5c4");
    assert_eq!(
        game.position(),
        "np1pn/p1p1p/5/P3P/NPPPN 1 0",
        "White's footman stays on a2"
    );
}

#[test]
fn two_horsemen_on_one_square_both_fall() {
    let mut game = Game::new(None);
    game.turn("a1b3", "a5b3");
    assert_eq!(game.position(), "1pppn/p3p/5/P3P/1PPPN 0 0");
}

#[test]
fn two_footmen_on_one_square_both_fall() {
    let mut game = Game::new(Some("n3n/p1p1p/5/2P2/NP1PN"));
    game.turn("c2c3", "c4c3");
    assert_eq!(game.position(), "n3n/p3p/5/5/NP1PN 0 0");
}

#[test]
fn a_man_that_stays_is_captured() {
    // White's horseman b2 takes the footman on c4, which stays; Black steps another footman.
    let mut game = Game::new(Some("n3n/p1p1p/5/1N2P/N4"));
    game.turn("b2c4", "a4a3");
    assert_eq!(game.position(), "n3n/2N1p/p4/4P/N4 0 0");
}

#[test]
fn a_footman_blocked_ahead_is_a_penalty_and_two_penalties_lose() {
    let mut game = Game::new(Some("npppn/p3p/5/p3P/NPPPN"));
    game.turn("a2a3", "c5c4");
    assert!(game.position().ends_with(" 1 0"), "{}", game.position());
    game.turn("a2a3", "c4c3");
    let outcome = game.over().unwrap();
    assert_eq!(outcome.winners, vec![1]);
    assert!(outcome.reason.contains("two penalty points"));
}

#[test]
fn an_unreadable_move_is_a_penalty_not_a_refusal() {
    let mut game = Game::new(None);
    game.turn("Nb3", "c5c4");
    assert!(game.position().ends_with(" 1 0"), "{}", game.position());
}

#[test]
fn a_footman_becomes_a_horseman_with_fewer_than_two() {
    let mut game = Game::new(Some("n3n/1P2p/5/p4/1P3"));
    game.turn("b4b5", "e4e3");
    assert_eq!(game.position(), "nN2n/5/4p/p4/1P3 0 0");
}

#[test]
fn with_two_horsemen_a_footman_is_set_down_again() {
    let start = "n3n/1P2p/5/p4/NP2N";
    let mut game = Game::new(Some(start));
    game.turn("b4b5@c3", "e4e3");
    assert_eq!(game.position(), "n3n/5/2P1p/p4/NP2N 0 0");
    let mut game = Game::new(Some(start));
    game.turn("b4b5", "e4e3");
    assert!(
        game.position().ends_with(" 1 0"),
        "without '@' it is illegal: {}",
        game.position()
    );
    let mut game = Game::new(Some(start));
    game.turn("b4b5@a5", "e4e3");
    assert!(
        game.position().ends_with(" 1 0"),
        "not onto the last rank: {}",
        game.position()
    );
}

#[test]
fn the_last_footman_may_not_promote() {
    let mut game = Game::new(Some("n3n/1P2p/5/p4/N4"));
    game.turn("b4b5", "e4e3");
    assert!(game.position().ends_with(" 1 0"), "{}", game.position());
}

#[test]
fn losing_every_footman_loses_and_together_it_is_a_draw() {
    let mut game = Game::new(Some("4n/5/p4/2N2/N1P2"));
    game.turn("c2a3", "e5d3");
    let outcome = game.over().unwrap();
    assert_eq!(outcome.winners, vec![0], "{outcome}");
    let mut game = Game::new(Some("4n/5/2p2/5/N1P2"));
    game.turn("c1c2", "c3c2");
    let outcome = game.over().unwrap();
    assert!(outcome.winners.is_empty(), "{outcome}");
}

#[test]
fn an_opening_that_does_not_match_is_refused_and_named_by_verify() {
    let mut game = Game::new(None);
    game.enter(WHITE, &Commitment::seal("c1c2", &game.salt(WHITE)).command())
        .unwrap();
    game.enter(BLACK, &Commitment::seal("c5c4", &game.salt(BLACK)).command())
        .unwrap();
    let head = game.replay.head();
    let changed = game.opening(WHITE, "d1d2").command();
    assert!(game
        .enter(WHITE, &changed)
        .unwrap_err()
        .contains("does not match the commitment"));
    assert_eq!(game.replay.head(), head);
    game.enter(WHITE, &game.opening(WHITE, "c1c2").command()).unwrap();
    let mut record = game.record.clone();
    record.entries[2].command = changed;
    let failure = verify_record(registry(), &record).failure.unwrap();
    assert_eq!(failure.seq, 3);
    assert!(failure.reason.contains("does not match"), "{failure}");
}

#[test]
fn while_moves_are_written_the_state_holds_only_their_commitments() {
    use kifu_core::Rules;
    let rules = super::Apocalypse;
    let options = Default::default();
    let setup = kifu_core::Setup {
        options: &options,
        players: 2,
        start: None,
    };
    let mut a = rules.setup(&setup).unwrap();
    let mut b = a.clone();
    let ca = Commitment::seal("c1c2", &[1; SALT_BYTES]);
    let cb = Commitment::seal("a1b3", &[1; SALT_BYTES]);
    rules.apply(&mut a, WHITE, &super::Command::Commit(ca)).unwrap();
    rules.apply(&mut b, WHITE, &super::Command::Commit(cb)).unwrap();
    b.commits[0] = Some(ca);
    assert_eq!(a, b, "nothing but the commitment tells the two moves apart");
}

#[test]
fn every_view_sees_hashes_until_the_openings() {
    let mut game = Game::new(None);
    game.turn("c1c2", "c5c4");
    for view in [View::Seat(0), View::Seat(1), View::Public] {
        assert_eq!(log_view(registry(), &game.record, view).unwrap(), game.record.entries);
    }
    assert!(game.record.entries[0].command.starts_with("commit "));
    assert!(!game.record.entries[..2].iter().any(|e| e.command.contains("c5c4")));
}

#[test]
fn the_position_text_reads_back_and_bad_ones_are_refused() {
    let state = super::State::from_text("npppn/p3p/5/P3P/NPPPN 1 0").unwrap();
    assert_eq!(state.text(), "npppn/p3p/5/P3P/NPPPN 1 0");
    assert!(super::State::from_text("npppn/p3p/5/P3P").is_err());
    assert!(
        super::State::from_text("nppPn/p3p/5/P3P/NPPPN").is_err(),
        "a footman on its last rank"
    );
    assert!(super::State::from_text("npppn/p3p/5/P3P/NPPPN 2 0").is_err());
    assert!(super::State::from_text("nnnnn/5/5/5/NNNNN").is_err(), "already over");
    let board = read_board("npppn/p3p/5/P3P/NPPPN").unwrap();
    assert!(has_move(&board, 0) && has_move(&board, 1));
    let m = Declared::read("b4b5@c3").unwrap();
    assert_eq!(m.text(), "b4b5@c3");
    assert!(Declared::read("B4b5").is_none());
    assert!(standing(&board, 0, &Declared::read("a1c2").unwrap()).is_ok());
    assert!(standing(&board, 0, &Declared::read("a1c3").unwrap())
        .unwrap_err()
        .contains("horseman"));
    assert!(standing(&board, 0, &Declared::read("e1c2").unwrap()).is_ok());
    assert_eq!(
        standing(&board, 0, &Declared::read("c1b2").unwrap()),
        Ok(Standing::IfEnemyArrives),
        "no one to take on b2 before the turn: it stands only if an enemy arrives"
    );
}

/// A seeded random game: each side writes a random move (usually one legal before the turn,
/// sometimes any), commitments with salts from the seed; it must end and verify.
fn random_game(seed: &[u8]) -> Record {
    let mut game = Game::new(None);
    let mut rng = ChanceRng::for_entry(seed, 0);
    for _ in 0..200 {
        if game.over().is_some() {
            return game.record;
        }
        let mut moves = ["".to_string(), "".to_string()];
        let board = read_board(game.position().split(' ').next().unwrap()).unwrap();
        for (side, slot) in moves.iter_mut().enumerate() {
            let mut options = Vec::new();
            for from in 0..25u8 {
                for to in 0..25u8 {
                    for redeploy in [None].into_iter().chain((0..25u8).map(Some)) {
                        let m = Declared { from, to, redeploy };
                        if standing(&board, side, &m).is_ok() {
                            options.push(m.text());
                        }
                    }
                }
            }
            *slot = if options.is_empty() || rng.below(20) == 0 {
                "a1a1".to_string()
            } else {
                options[rng.below(options.len() as u64) as usize].clone()
            };
        }
        game.turn(&moves[0], &moves[1]);
    }
    game.enter(WHITE, "resign").unwrap();
    game.record
}

#[test]
fn seeded_random_games_end_and_verify() {
    for n in 0..10u8 {
        let record = random_game(&[n; 16]);
        let file = text::write(&record);
        let report = verify_text(registry(), &text::read(&file).unwrap());
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        assert!(matches!(report.turn, Some(Turn::Over { .. })), "game {n}");
    }
}
