//! Hand-built Beirut games from the published rules and examples, and seeded random playouts,
//! each driven through the kernel's replay as a recorder would.

use kifu_core::chance::ChanceRng;
use kifu_core::commitment::SALT_BYTES;
use kifu_core::record::{text, Actor, ChanceMode, Entry, Header, Record};
use kifu_core::replay::{log_view, verify_record, verify_text, Replay};
use kifu_core::{Commitment, Opening, Turn, View};

use super::state::State;
use super::Bomb;
use crate::registry;

const WHITE: Actor = Actor::Seat(0);
const BLACK: Actor = Actor::Seat(1);

fn salt(n: u8) -> [u8; SALT_BYTES] {
    [n; SALT_BYTES]
}

fn header(start: Option<&str>) -> Header {
    crate::testing::header("beirut", start, ChanceMode::Observed)
}

/// A game being recorded: the replay and the record so far.
struct Game {
    replay: Replay,
    record: Record,
}

impl Game {
    /// Starts from `start` (the standard position if `None`) with both carriers committed.
    fn new(start: Option<&str>, white_carrier: &str, black_carrier: &str) -> Game {
        let header = header(start);
        let mut game = Game {
            replay: Replay::start(registry(), &header).unwrap(),
            record: Record::new(header),
        };
        game.play(WHITE, &Commitment::seal(white_carrier, &salt(1)).command());
        game.play(BLACK, &Commitment::seal(black_carrier, &salt(2)).command());
        game
    }
    fn play(&mut self, actor: Actor, text: &str) -> String {
        let entry = self
            .replay
            .play(Some(actor), text, None)
            .unwrap_or_else(|f| panic!("{text}: {f}"));
        let command = entry.command.clone();
        self.record.entries.push(entry);
        command
    }
    fn moves(&mut self, moves: &str) {
        for (i, m) in moves.split_whitespace().enumerate() {
            self.play(if i % 2 == 0 { WHITE } else { BLACK }, m);
        }
    }
    fn refused(&mut self, actor: Actor, text: &str) -> String {
        let head = self.replay.head();
        let reason = self.replay.play(Some(actor), text, None).unwrap_err().reason;
        assert_eq!(self.replay.head(), head, "a refusal changes nothing");
        reason
    }
    fn boom(&mut self, actor: Actor, carrier: &str) -> Result<String, String> {
        let n = if actor == WHITE { 1 } else { 2 };
        let opening = Opening {
            salt: salt(n),
            choice: carrier.into(),
        };
        match self.replay.play(Some(actor), &opening.command(), None) {
            Ok(entry) => {
                self.record.entries.push(entry.clone());
                Ok(entry.command)
            }
            Err(f) => Err(f.reason),
        }
    }
    fn fen(&self) -> String {
        self.replay.current().state_json(View::Full)["fen"]
            .as_str()
            .unwrap()
            .to_string()
    }
    fn position(&self) -> String {
        self.replay.current().state_json(View::Full)["position"]
            .as_str()
            .unwrap()
            .to_string()
    }
    fn at(&self, square: &str) -> Option<char> {
        piece_at(&self.fen(), square)
    }
}

/// The FEN letter on a square, read from the board field independently of the engine.
fn piece_at(fen: &str, square: &str) -> Option<char> {
    let board = fen.split(' ').next().unwrap();
    let file = (square.as_bytes()[0] - b'a') as usize;
    let rank = (square.as_bytes()[1] - b'1') as usize;
    let row = board.split('/').nth(7 - rank).unwrap();
    let mut col = 0;
    for c in row.chars() {
        if let Some(n) = c.to_digit(10) {
            col += n as usize;
        } else {
            if col == file {
                return Some(c);
            }
            col += 1;
        }
    }
    None
}

const RUY_EXCHANGE: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Nxe5 Qd4";

#[test]
fn both_sides_commit_at_once_before_any_move() {
    let header = header(None);
    let mut replay = Replay::start(registry(), &header).unwrap();
    assert_eq!(replay.turn(), Turn::Simultaneous { seats: vec![0, 1] });
    let refusal = replay.play(Some(WHITE), "e4", None).unwrap_err().reason;
    assert!(refusal.contains("first each side commits"), "{refusal}");
    replay
        .play(Some(BLACK), &Commitment::seal("g8", &salt(2)).command(), None)
        .unwrap();
    assert_eq!(replay.turn(), Turn::Simultaneous { seats: vec![0] });
    let again = replay
        .play(Some(BLACK), &Commitment::seal("b8", &salt(2)).command(), None)
        .unwrap_err()
        .reason;
    assert!(
        again.contains("may not act now") || again.contains("already committed"),
        "{again}"
    );
    replay
        .play(Some(WHITE), &Commitment::seal("g1", &salt(1)).command(), None)
        .unwrap();
    assert_eq!(replay.turn(), Turn::seat(0));
}

#[test]
fn the_wikipedia_ruy_lopez_boom_wins_the_queen() {
    // Wikipedia and Wikibooks, "Beirut chess": after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6
    // 5.Nxe5 Qd4, the e5 knight (White's g1 knight) is the carrier and 6.Boom! takes the queen.
    let mut game = Game::new(None, "g1", "b8");
    game.moves(RUY_EXCHANGE);
    assert_eq!(game.at("d4"), Some('q'));
    assert_eq!(game.at("e5"), Some('N'));
    let entry = game.boom(WHITE, "g1").unwrap();
    assert_eq!(entry, format!("open {} g1", "01".repeat(16)));
    for square in ["e5", "d4", "e4", "d5", "d6", "e6", "f6", "f5", "f4"] {
        assert_eq!(game.at(square), None, "{square} is in the blast");
    }
    assert_eq!(game.at("c6"), Some('p'), "c6 is two files away");
    assert_eq!(game.replay.turn(), Turn::seat(1));
    assert!(game.position().ends_with("x:g1/c"), "{}", game.position());
}

#[test]
fn pawns_are_destroyed_too() {
    // Unlike atomic chess, the blast takes pawns (Wikibooks): the e4 pawn above, and here the
    // three black pawns in front of the knight's square, while the king two ranks away stays.
    let start = "4k3/3ppp2/4N3/8/8/8/8/4K3 w - - 0 1";
    let mut game = Game::new(Some(start), "e6", "e8");
    game.boom(WHITE, "e6").unwrap();
    for square in ["d7", "e7", "f7", "e6"] {
        assert_eq!(game.at(square), None, "{square}");
    }
    assert_eq!(game.at("e8"), Some('k'));
}

#[test]
fn an_opening_that_does_not_match_is_refused_at_record_time() {
    let mut game = Game::new(None, "g1", "b8");
    game.moves(RUY_EXCHANGE);
    let wrong_piece = Opening {
        salt: salt(1),
        choice: "b1".into(),
    };
    let reason = game.refused(WHITE, &wrong_piece.command());
    assert!(reason.contains("does not match the commitment"), "{reason}");
    let wrong_salt = Opening {
        salt: salt(9),
        choice: "g1".into(),
    };
    assert!(game.refused(WHITE, &wrong_salt.command()).contains("does not match"));
    assert_eq!(game.at("d4"), Some('q'), "nothing went off");
}

#[test]
fn verify_names_the_entry_of_an_opening_that_does_not_match() {
    let mut game = Game::new(None, "g1", "b8");
    game.moves(RUY_EXCHANGE);
    game.boom(WHITE, "g1").unwrap();
    let mut record = game.record.clone();
    assert!(verify_record(registry(), &record).failure.is_none());
    let boom = record.entries.last_mut().unwrap();
    let seq = boom.seq;
    boom.command = Opening {
        salt: salt(1),
        choice: "b1".into(),
    }
    .command();
    let failure = verify_record(registry(), &record).failure.unwrap();
    assert_eq!(failure.seq, seq);
    assert!(failure.reason.contains("does not match the commitment"), "{failure}");
}

#[test]
fn a_captured_carrier_takes_its_bomb_with_it() {
    // "A captured piece may not be inspected": the bomb is simply lost.
    let mut game = Game::new(None, "g1", "b8");
    game.moves("e4 e5 Nf3 Nc6 Nxe5 Nxe5");
    let reason = game.boom(WHITE, "g1").unwrap_err();
    assert!(reason.contains("no longer on the board"), "{reason}");
}

#[test]
fn the_carrier_is_never_the_king_nor_an_enemy_man() {
    let mut game = Game::new(None, "e1", "e8");
    game.moves("e4 e5 Ke2 Ke7");
    assert!(game.boom(WHITE, "e1").unwrap_err().contains("king cannot carry"));
    let mut game = Game::new(None, "g8", "b1");
    game.moves("e4 e5");
    assert!(game.boom(WHITE, "g8").unwrap_err().contains("not white's"));
}

#[test]
fn a_blast_may_not_destroy_the_own_king() {
    let mut game = Game::new(None, "f2", "b8");
    game.moves("e4 e5");
    let reason = game.boom(WHITE, "f2").unwrap_err();
    assert!(reason.contains("own king"), "{reason}");
}

#[test]
fn a_blast_may_not_leave_the_own_king_in_check() {
    // The e2 pawn shields the king from the rook on e7; a carrier on d3 would blow it away.
    let start = "4k3/4r3/8/8/8/3N4/4P3/4K3 w - - 0 1";
    let mut game = Game::new(Some(start), "d3", "e8");
    let reason = game.boom(WHITE, "d3").unwrap_err();
    assert!(reason.contains("in check"), "{reason}");
}

#[test]
fn blowing_up_the_enemy_king_wins() {
    let start = "4k3/8/4N3/8/8/8/8/4K3 w - - 0 1";
    let mut game = Game::new(Some(start), "e6", "e8");
    game.play(WHITE, "Nd8");
    game.play(BLACK, "Kd7");
    game.boom(WHITE, "e6").unwrap();
    match game.replay.turn() {
        Turn::Over { outcome } => {
            assert_eq!(outcome.winners, vec![0]);
            assert!(outcome.reason.contains("blown up"));
        }
        turn => panic!("{turn}"),
    }
    assert!(game.refused(BLACK, "Ke8").contains("over"));
}

#[test]
fn a_bomb_goes_off_once() {
    let start = "4k3/8/8/8/2N1N3/8/8/4K3 w - - 0 1";
    let mut game = Game::new(Some(start), "c4", "e8");
    game.boom(WHITE, "c4").unwrap();
    game.play(BLACK, "Kd7");
    assert!(game.boom(WHITE, "c4").unwrap_err().contains("already gone off"));
}

#[test]
fn a_blown_up_rook_loses_its_castling() {
    let start = "4k3/8/8/8/8/8/6N1/4K2R w K - 0 1";
    let mut game = Game::new(Some(start), "e8", "e8");
    game.play(WHITE, "Kf1");
    let reason = game.refused(BLACK, "O-O");
    assert!(!reason.is_empty());
    let mut game = Game::new(Some(start), "g2", "e8");
    game.boom(WHITE, "g2").unwrap();
    assert_eq!(game.at("h1"), None);
    assert!(game.fen().contains(" b - "), "{}", game.fen());
}

#[test]
fn a_promoted_pawn_keeps_its_bomb() {
    let start = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut game = Game::new(Some(start), "b7", "e8");
    assert_eq!(game.play(WHITE, "b8=Q"), "b8=Q+");
    game.play(BLACK, "Kd7");
    game.boom(WHITE, "b7").unwrap();
    assert_eq!(game.at("b8"), None);
}

#[test]
fn a_mated_side_with_a_bomb_may_blow_the_checker_away() {
    // Fool's mate: 1.f3 e5 2.g4 Qh4#. White's carrier, the g1 knight... is not near h4; with
    // the h2 pawn as carrier the queen on h4 is out of reach too, but g4 (from g2) is beside it.
    let mut game = Game::new(None, "g2", "b8");
    game.moves("f3 e5 g4 Qh4#");
    assert_eq!(game.replay.turn(), Turn::seat(0), "not over: White may still detonate");
    assert_eq!(
        game.replay.current().legal().unwrap(),
        vec!["no-detonation".to_string()]
    );
    game.boom(WHITE, "g2").unwrap();
    assert_eq!(game.at("h4"), None, "the queen went with the g4 pawn");
    assert_eq!(game.replay.turn(), Turn::seat(1));
}

#[test]
fn no_detonation_ends_a_mate_and_is_refused_while_moves_exist() {
    let mut game = Game::new(None, "b1", "b8");
    assert!(game.refused(WHITE, "no-detonation").contains("has chess moves"));
    game.moves("f3 e5 g4 Qh4#");
    game.play(WHITE, "no-detonation");
    match game.replay.turn() {
        Turn::Over { outcome } => assert_eq!(outcome.winners, vec![1]),
        turn => panic!("{turn}"),
    }
}

#[test]
fn mate_without_men_left_ends_at_once() {
    // White has only its king: no man can carry a bomb, so mate is mate.
    let start = "7k/8/8/8/8/7q/1r6/4K3 b - - 0 1";
    let mut game = Game::new(Some(start), "e1", "f2");
    game.play(BLACK, "Qh1#");
    assert!(matches!(game.replay.turn(), Turn::Over { outcome } if outcome.reason == "checkmate"));
}

#[test]
fn the_position_text_names_moved_men_and_reads_back() {
    let mut game = Game::new(None, "g1", "b8");
    game.moves("Nf3 Nc6");
    let text = game.position();
    assert!(text.contains(" f3<g1,c6<b8 c/c"), "{text}");
    let fen_and_moved = text.rsplit_once(' ').unwrap().0;
    let state = State::from_text(fen_and_moved).unwrap();
    assert_eq!(state.carrier_square(6), Some(21), "the g1 knight stands on f3");
    assert!(State::from_text("8/8 w").is_err());
    assert!(State::from_text(&format!("{} f3<g1,f3<b1", super::STANDARD_FEN)).is_err());
}

#[test]
fn the_state_holds_the_commitment_never_the_carrier() {
    // Two games whose carriers differ but whose commitments are set equal have equal states:
    // nothing of the carrier is in what `s=` hashes.
    let rules = super::Beirut;
    let options = Default::default();
    let setup = kifu_core::Setup {
        options: &options,
        players: 2,
        start: None,
    };
    use kifu_core::Rules;
    let mut a = rules.setup(&setup).unwrap();
    let mut b = rules.setup(&setup).unwrap();
    let ca = Commitment::seal("g1", &salt(1));
    let cb = Commitment::seal("b1", &salt(1));
    rules.apply(&mut a, WHITE, &super::Command::Commit(ca)).unwrap();
    rules.apply(&mut b, WHITE, &super::Command::Commit(cb)).unwrap();
    assert_ne!(a, b);
    b.bombs[0] = Bomb::Committed(ca);
    assert_eq!(a, b);
}

#[test]
fn every_view_sees_the_same_log_until_the_boom() {
    let mut game = Game::new(None, "g1", "b8");
    game.moves(RUY_EXCHANGE);
    game.boom(WHITE, "g1").unwrap();
    for view in [View::Seat(0), View::Seat(1), View::Public] {
        let seen = log_view(registry(), &game.record, view).unwrap();
        assert_eq!(
            seen, game.record.entries,
            "nothing is redacted: the carrier is only a hash"
        );
    }
    let text = game.replay.render(View::Seat(1));
    assert!(!text.contains("g1") || text.contains("x:g1"), "{text}");
}

/// A seeded random game: commitments with salts from the seed, random legal moves, and a
/// detonation tried now and then; the record must end and verify from its text.
fn random_game(seed: &[u8]) -> Record {
    let header = header(None);
    let mut replay = Replay::start(registry(), &header).unwrap();
    let mut record = Record::new(header);
    let mut rng = ChanceRng::for_entry(seed, 0);
    let mut carrier = ["", ""];
    let whites = ["a2", "b1", "c1", "d1", "f1", "g1", "h1", "e2"];
    let blacks = ["a7", "b8", "c8", "d8", "f8", "g8", "h8", "e7"];
    carrier[0] = whites[rng.below(8) as usize];
    carrier[1] = blacks[rng.below(8) as usize];
    for seat in 0..2u8 {
        let entry = replay
            .play(
                Some(Actor::Seat(seat)),
                &Commitment::seal(carrier[seat as usize], &salt(seat + 1)).command(),
                None,
            )
            .unwrap();
        record.entries.push(entry);
    }
    for _ in 0..400 {
        let seat = match replay.turn() {
            Turn::Seat { seat } => seat,
            Turn::Over { .. } => return record,
            turn => panic!("{turn}"),
        };
        let opening = Opening {
            salt: salt(seat + 1),
            choice: carrier[seat as usize].into(),
        };
        if rng.below(12) == 0 {
            if let Ok(entry) = replay.play(Some(Actor::Seat(seat)), &opening.command(), None) {
                record.entries.push(entry);
                continue;
            }
        }
        let legal = replay.current().legal().unwrap();
        let choice = legal[rng.below(legal.len() as u64) as usize].clone();
        record
            .entries
            .push(replay.play(Some(Actor::Seat(seat)), &choice, None).unwrap());
    }
    let seat = match replay.turn() {
        Turn::Seat { seat } => seat,
        turn => panic!("{turn}"),
    };
    record
        .entries
        .push(replay.play(Some(Actor::Seat(seat)), "resign", None).unwrap());
    record
}

#[test]
fn seeded_random_games_end_and_verify() {
    let mut detonations = 0;
    for n in 0..12u8 {
        let record = random_game(&[n; 16]);
        let file = text::write(&record);
        let report = verify_text(registry(), &text::read(&file).unwrap());
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        assert!(matches!(report.turn, Some(Turn::Over { .. })), "game {n} ended");
        detonations += record.entries.iter().filter(|e| e.command.starts_with("open ")).count();
        let entries: Vec<Entry> = record.entries.clone();
        assert_eq!(log_view(registry(), &record, View::Public).unwrap(), entries);
    }
    assert!(detonations > 0, "some random game set its bomb off");
}
