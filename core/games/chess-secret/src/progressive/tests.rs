//! Scottish progressive chess from the published rules (Wikipedia, Wikibooks), driven through
//! the kernel's replay: a turn is a series of entries by one seat.

use kifu_core::chance::ChanceRng;
use kifu_core::diff::diff;
use kifu_core::record::{text, Actor, ChanceMode, Header, Record};
use kifu_core::replay::{log_view, verify_record, verify_text, Replay};
use kifu_core::{Turn, View};

use crate::registry;

const WHITE: Actor = Actor::Seat(0);
const BLACK: Actor = Actor::Seat(1);

fn header(start: Option<&str>) -> Header {
    crate::testing::header("progressive", start, ChanceMode::Observed)
}

struct Game {
    replay: Replay,
    record: Record,
}

impl Game {
    fn new(start: Option<&str>) -> Game {
        let header = header(start);
        Game {
            replay: Replay::start(registry(), &header).unwrap(),
            record: Record::new(header),
        }
    }
    /// Plays moves, each by whoever is to move.
    fn moves(&mut self, moves: &str) -> Vec<String> {
        moves
            .split_whitespace()
            .map(|m| {
                let entry = self.replay.play(None, m, None).unwrap_or_else(|f| panic!("{m}: {f}"));
                self.record.entries.push(entry.clone());
                entry.command
            })
            .collect()
    }
    fn refused(&mut self, actor: Actor, text: &str) -> String {
        let head = self.replay.head();
        let reason = self.replay.play(Some(actor), text, None).unwrap_err().reason;
        assert_eq!(self.replay.head(), head);
        reason
    }
    fn json(&self) -> serde_json::Value {
        self.replay.current().state_json(View::Full)
    }
    fn legal(&self) -> Vec<String> {
        self.replay.current().legal().unwrap()
    }
    fn over(&self) -> Option<kifu_core::Outcome> {
        crate::testing::over(&self.replay)
    }
}

#[test]
fn series_grow_one_move_at_a_time() {
    let mut game = Game::new(None);
    let mut seats = Vec::new();
    for m in ["e4", "e5", "Nf6", "Nf3", "Bc4", "d3", "Nc6"] {
        seats.push(game.replay.turn());
        game.moves(m);
    }
    let expected: Vec<Turn> = [0, 1, 1, 0, 0, 0, 1].iter().map(|&s| Turn::seat(s)).collect();
    assert_eq!(seats, expected);
    assert_eq!(game.json()["series"], 4);
    assert_eq!(game.json()["made"], 1);
    assert!(game.refused(WHITE, "Nxe5").contains("may not act now"));
}

#[test]
fn a_check_ends_the_series_and_the_next_is_not_shortened() {
    // Black's two: d5, dxe4; White's three are cut short by the check on the first.
    let mut game = Game::new(None);
    game.moves("e4 d5 dxe4");
    assert_eq!(game.moves("Bb5"), vec!["Bb5+"]);
    assert_eq!(game.replay.turn(), Turn::seat(1), "White's series ended with the check");
    assert_eq!(game.json()["series"], 4, "Black still gets four");
}

#[test]
fn a_check_must_be_escaped_with_the_first_move() {
    let mut game = Game::new(None);
    game.moves("e4 d5 dxe4 Bb5+");
    let reason = game.refused(BLACK, "a6");
    assert!(!reason.is_empty());
    let mut escapes = game.legal();
    escapes.sort();
    assert_eq!(
        escapes,
        vec!["Bd7", "Nc6", "Nd7", "Qd7", "c6"],
        "Kd7 stays on the bishop's diagonal"
    );
    game.moves("c6");
    assert_eq!(game.replay.turn(), Turn::seat(1), "then the series goes on");
}

#[test]
fn a_check_with_no_escape_is_mate() {
    let mut game = Game::new(Some("r6k/8/8/8/8/8/5PPP/6K1 b - - 0 1 2 0"));
    assert_eq!(game.moves("Ra1"), vec!["Ra1#"]);
    let outcome = game.over().unwrap();
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(outcome.reason, "checkmate");
}

#[test]
fn no_move_in_the_middle_of_a_series_is_progressive_stalemate() {
    let mut game = Game::new(Some("1b4rk/8/8/2p5/8/2P5/8/7K w - - 0 1 3 0"));
    assert_eq!(game.legal(), vec!["c4"]);
    game.moves("c4");
    let outcome = game.over().unwrap();
    assert!(outcome.winners.is_empty());
    assert!(outcome.reason.contains("progressive stalemate"), "{outcome}");
}

#[test]
fn en_passant_only_as_the_first_move_of_the_next_series() {
    let start = "4k3/8/8/8/1p6/8/P1P5/4K3 w - - 0 1 3 0";
    let mut game = Game::new(Some(start));
    game.moves("a4 c4 Ke2");
    let text = game.json()["position"].as_str().unwrap().to_string();
    assert!(text.contains(" 4 0"), "{text}");
    let legal = game.legal();
    assert!(
        legal.contains(&"bxa3".to_string()) && legal.contains(&"bxc3".to_string()),
        "{legal:?}"
    );
    let mut later = Game::new(Some(start));
    later.moves("a4 c4 Ke2 Kd8");
    assert!(
        !later.legal().iter().any(|m| m.starts_with("bx")),
        "not on the second move"
    );
    assert!(!later.refused(BLACK, "bxa3").is_empty());
    game.moves("bxc3");
    assert_eq!(game.replay.turn(), Turn::seat(1));
}

#[test]
fn a_pawn_that_stepped_on_after_its_double_step_cannot_be_taken_en_passant() {
    let mut game = Game::new(Some("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1 3 0"));
    game.moves("a4 a5 Ke2");
    assert!(!game.legal().iter().any(|m| m.contains('x')), "{:?}", game.legal());
}

#[test]
fn the_state_text_reads_back_with_several_en_passant_targets() {
    let mut game = Game::new(Some("4k3/8/8/8/1p1p4/8/P1P1P3/4K3 w - - 0 1 3 0"));
    game.moves("a4 c4 e4");
    let text = game.json()["position"].as_str().unwrap().to_string();
    assert_eq!(text, "4k3/8/8/8/PpPpP3/8/8/4K3 b - a3 0 1 4 0 ep+c3,e3");
    let again = Game::new(Some(&text));
    let mut a = game.legal();
    let mut b = again.legal();
    a.sort();
    b.sort();
    assert_eq!(a, b, "the same moves from the text");
    assert!(
        b.contains(&"bxa3".to_string()) && b.contains(&"dxe3".to_string()),
        "{b:?}"
    );
}

#[test]
fn bad_start_positions_are_refused() {
    for (start, why) in [
        ("8/8 w", "fields"),
        (&format!("{} 2 2", super::STANDARD_FEN) as &str, "made"),
        (&format!("{} 0 0", super::STANDARD_FEN), "made"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1 3 x", "count"),
        ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1 3 1", "in check"),
    ] {
        let header = header(Some(start));
        let reason = Replay::start(registry(), &header).err().unwrap().reason;
        assert!(reason.contains(why), "{start}: {reason}");
    }
}

#[test]
fn ten_quiet_series_draw() {
    let mut game = Game::new(Some("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    for series in 1..=10u32 {
        assert!(game.over().is_none(), "not over before series {series}");
        for _ in 0..series {
            let quiet = game
                .legal()
                .into_iter()
                .find(|m| !m.contains(['x', '+', '#']) && !m.starts_with('O'))
                .unwrap();
            game.moves(&quiet);
        }
    }
    let outcome = game.over().unwrap();
    assert!(outcome.reason.contains("10 series"), "{outcome}");
}

#[test]
fn a_promotion_in_the_middle_of_a_series_and_the_series_goes_on() {
    let mut game = Game::new(Some("7k/1P5p/8/8/8/8/8/4K3 w - - 0 1 3 0"));
    assert_eq!(game.moves("b8=N Nc6 Kd2"), vec!["b8=N", "Nc6", "Kd2"]);
    assert_eq!(game.replay.turn(), Turn::seat(1));
    assert!(game.json()["fen"].as_str().unwrap().starts_with("7k/7p/2N5/"));
}

#[test]
fn bare_kings_draw() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"));
    game.moves("Kxd2");
    assert_eq!(game.over().unwrap().reason, "insufficient material");
}

#[test]
fn resigning_mid_series() {
    let mut game = Game::new(None);
    game.moves("e4 e5");
    game.moves("resign");
    assert_eq!(game.over().unwrap().winners, vec![0]);
}

#[test]
fn a_series_is_many_entries_to_replay_verify_and_diff() {
    let mut a = Game::new(None);
    a.moves("e4 e5 Nf6 Nf3 Bc4 d3");
    let mut b = Game::new(None);
    b.moves("e4 e5 Nf6 Nf3 Bc4 d4");
    assert!(verify_record(registry(), &a.record).failure.is_none());
    let d = diff(&a.record, &b.record, "a", "b");
    assert_eq!(d.divergence.unwrap().seq, 6);
    let mut wrong = a.record.clone();
    wrong.entries[2].actor = WHITE;
    let failure = verify_record(registry(), &wrong).failure.unwrap();
    assert_eq!(failure.seq, 3, "Black's second move cannot be White's");
    for view in [View::Seat(0), View::Seat(1), View::Public] {
        assert_eq!(log_view(registry(), &a.record, view).unwrap(), a.record.entries);
    }
}

fn random_game(seed: &[u8]) -> Record {
    let mut game = Game::new(None);
    let mut rng = ChanceRng::for_entry(seed, 0);
    for _ in 0..600 {
        if game.over().is_some() {
            return game.record;
        }
        let legal = game.legal();
        let m = legal[rng.below(legal.len() as u64) as usize].clone();
        game.moves(&m);
    }
    game.moves("resign");
    game.record
}

#[test]
fn seeded_random_games_end_and_verify() {
    let mut checks = 0;
    for n in 0..8u8 {
        let record = random_game(&[n; 16]);
        let report = verify_text(registry(), &text::read(&text::write(&record)).unwrap());
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        assert!(matches!(report.turn, Some(Turn::Over { .. })));
        checks += record.entries.iter().filter(|e| e.command.ends_with('+')).count();
    }
    assert!(checks > 0, "some series were cut short by a check");
}

mod pgn {
    use kifu_core::format::{build, Format};

    use super::*;
    use crate::progressive::pgn::FORMAT;

    #[test]
    fn a_game_is_written_a_number_per_series_and_reads_back() {
        let mut game = Game::new(None);
        game.moves("e4 e5 Nf6 Nf3 Bc4 d3 d5 dxe4 Bg4 Nc6 dxe4 Bxf7");
        let written = FORMAT.write(&game.record).unwrap();
        assert!(written.contains("[Variant \"Progressive (Scottish)\"]"), "{written}");
        assert!(
            written.contains("1. e4 2. e5 Nf6 3. Nf3 Bc4 d3 4. d5 dxe4 Bg4 Nc6 5. dxe4 Bxf7+ *"),
            "{written}"
        );
        let drafts = FORMAT.read(&written);
        let record = build(registry(), drafts[0].as_ref().unwrap(), None).unwrap();
        let commands: Vec<&str> = record.entries.iter().map(|e| e.command.as_str()).collect();
        let original: Vec<&str> = game.record.entries.iter().map(|e| e.command.as_str()).collect();
        assert_eq!(commands, original);
    }

    #[test]
    fn a_resignation_is_the_result_and_comes_back() {
        let mut game = Game::new(None);
        game.moves("e4 e5 Nf6 resign");
        let written = FORMAT.write(&game.record).unwrap();
        assert!(written.contains("2. e5 Nf6 0-1"), "{written}");
        let record = build(registry(), FORMAT.read(&written)[0].as_ref().unwrap(), None).unwrap();
        assert_eq!(record.entries.last().unwrap().command, "resign");
        assert_eq!(record.entries.last().unwrap().actor, Actor::Seat(0));
    }

    #[test]
    fn a_printed_game_with_comments_is_read_and_a_bad_move_is_named() {
        let file = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Variant \"Progressive\"]\n\n1. e4 {the usual} 2. e5 Nf6 3. Qh5 $1 Bc4 Qxf7# 1-0\n\n[Event \"Club\"]\n\n1. e4 2. e5 e4 *\n";
        let drafts = FORMAT.read(file);
        assert_eq!(drafts.len(), 2);
        let first = build(registry(), drafts[0].as_ref().unwrap(), None).unwrap();
        assert_eq!(first.entries.len(), 6, "mate: no resignation added");
        assert_eq!(first.header.tags.get("Event").map(String::as_str), Some("Club"));
        let error = build(registry(), drafts[1].as_ref().unwrap(), None).unwrap_err();
        assert_eq!((error.line, error.ply), (Some(10), Some(3)), "{error}");
        assert!(FORMAT.read("[Variant \"Atomic\"]\n\n1. e4 *\n")[0].is_err());
    }
}
