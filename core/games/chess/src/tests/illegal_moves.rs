//! The arbiter's `illegal MOVE` entry: the position an illegal move that stood leaves, play
//! going on from it, what is refused (a legal move, a player entering one, a move that cannot
//! stand) and the entry through the kernel, marked and verified.

use std::collections::BTreeMap;

use kifu_core::game::Match;
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};
use kifu_core::rules::{Setup, Turn, View};

const ARBITER: Actor = Actor::Arbiter;

fn start(game: &str, fen: Option<&str>) -> Box<dyn Match> {
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: fen,
    };
    crate::registry().find(game).unwrap().start(&setup).unwrap()
}

/// Plays moves by whoever is to move.
fn play(m: &mut Box<dyn Match>, moves: &[&str]) {
    for text in moves {
        let Turn::Seat { seat } = m.turn() else {
            panic!("game over before {text}");
        };
        m.apply(Actor::Seat(seat), text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn fen(m: &dyn Match) -> String {
    m.state_json(View::Full)["fen"].as_str().unwrap().to_string()
}

/// The reason `text` by `actor` is refused, the game left as it was.
fn refused(m: &dyn Match, actor: Actor, text: &str) -> String {
    let mut copy = m.clone_box();
    match copy.apply(actor, text) {
        Ok(c) => panic!("'{text}' was taken as '{c}'"),
        Err(e) => e.reason,
    }
}

#[test]
fn an_illegal_king_move_stands_as_a_plain_transfer() {
    let mut m = start("chess", None);
    play(&mut m, &["e4", "e5"]);
    let canonical = m.apply(ARBITER, "illegal Ke1-e3").unwrap();
    assert_eq!(canonical, "illegal e1e3");
    // The king jumped two squares; white's castling is gone, the clocks move on, black moves.
    assert_eq!(
        fen(m.as_ref()),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR b kq - 1 2"
    );
    assert_eq!(m.turn(), Turn::seat(1));
    play(&mut m, &["Nf6", "Kd3", "Nxe4"]);
    assert_eq!(m.turn(), Turn::seat(0));
}

#[test]
fn a_move_that_leaves_the_king_in_check_stands_and_the_king_is_never_taken() {
    let mut m = start("chess", None);
    play(&mut m, &["e4", "f5", "Qh5+"]);
    // Black ignores the check.
    assert_eq!(m.apply(ARBITER, "illegal a7a6").unwrap(), "illegal a7a6");
    assert_eq!(
        fen(m.as_ref()),
        "rnbqkbnr/1pppp1pp/p7/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3"
    );
    // White may not take the king: it is no move, and it is not listed.
    assert!(refused(m.as_ref(), Actor::Seat(0), "Qxe8").contains("a king is never taken"));
    assert!(!m.legal().unwrap().iter().any(|c| c.starts_with("Qxe8")));
    // The state, read back from its snapshot, is the same game.
    let restored = crate::registry().find("chess").unwrap().restore(&m.snapshot()).unwrap();
    assert_eq!(restored.legal(), m.legal());
    play(&mut m, &["Nf3"]);
    // Black, still in check, must now get out of it.
    let moves: Vec<String> = m
        .legal()
        .unwrap()
        .into_iter()
        .filter(|c| c.contains(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(moves, ["g6"]);
    play(&mut m, &["g6"]);
}

#[test]
fn an_illegal_entry_for_a_legal_move_is_refused() {
    let mut m = start("chess", None);
    let why = refused(m.as_ref(), ARBITER, "illegal e2e4");
    assert!(why.contains("legal move here (e4)"), "{why}");
    play(&mut m, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    for castle in ["illegal e1g1", "illegal e1h1", "illegal Ke1g1"] {
        let why = refused(m.as_ref(), ARBITER, castle);
        assert!(why.contains("(O-O)"), "{castle}: {why}");
    }
    // Castling onto an attacked square is illegal: the king alone goes to g1.
    let mut m = start("chess", Some("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1"));
    assert!(m.legal().unwrap().iter().all(|c| c != "O-O"));
    m.apply(ARBITER, "illegal e1g1").unwrap();
    assert_eq!(fen(m.as_ref()), "4k1r1/8/8/8/8/8/8/6KR b - - 1 1");
}

#[test]
fn only_the_arbiter_enters_an_illegal_move() {
    let m = start("chess", None);
    let why = refused(m.as_ref(), Actor::Seat(0), "illegal e2e5");
    assert!(
        why.contains("only the arbiter") && why.contains("arbiter:illegal e2e5"),
        "{why}"
    );
    let why = refused(m.as_ref(), ARBITER, "e4");
    assert!(why.contains("'illegal MOVE'"), "{why}");
    assert!(refused(m.as_ref(), ARBITER, "resign").contains("'illegal MOVE'"));
    assert!(refused(m.as_ref(), Actor::Chance, "illegal e2e5").contains("only the arbiter"));
}

#[test]
fn an_illegal_move_that_cannot_stand_is_refused_with_the_reason() {
    let m = start("chess", None);
    for (text, why) in [
        ("illegal e3e4", "no piece on e3"),
        ("illegal e7e5", "holds a black pawn: the side to move is white"),
        ("illegal e1e2", "a piece never takes one of its own side"),
        ("illegal e2e2", "moves nothing"),
        ("illegal Qb1c3", "b1 holds a knight, not a queen"),
        ("illegal e2e5q", "only a pawn reaching its last rank promotes"),
        ("illegal N@f3", "not a drop"),
        ("illegal", "takes its move in the same command"),
        ("illegal e2", "write the move as"),
        ("illegal e2e5 e7e5", "write the move as"),
    ] {
        let got = refused(m.as_ref(), ARBITER, text);
        assert!(got.contains(why), "{text}: {got}");
    }
    // The king is never taken; a pawn on the last rank is replaced by a piece.
    let m = start("chess", Some("4k3/1P6/8/8/8/8/8/R3K3 w - - 0 1"));
    assert!(refused(m.as_ref(), ARBITER, "illegal a1e8").contains("takes the black king"));
    assert!(refused(m.as_ref(), ARBITER, "illegal b7c8").contains("name it, as in 'illegal b7c8q'"));
    assert!(refused(m.as_ref(), ARBITER, "illegal b7c8k").contains("does not promote to a king"));
    let mut promoted = m.clone_box();
    assert_eq!(promoted.apply(ARBITER, "illegal b7-c8=N").unwrap(), "illegal b7c8n");
    assert_eq!(fen(promoted.as_ref()), "2N1k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    // A pawn moved back onto its own first rank cannot stand on the board.
    let m = start("chess", Some("4k3/8/8/8/8/8/4P3/K7 w - - 0 1"));
    assert!(refused(m.as_ref(), ARBITER, "illegal e2e1").contains("cannot stand"));
    // The game over, nothing more is entered.
    let mut m = start("chess", None);
    play(&mut m, &["resign"]);
    assert!(refused(m.as_ref(), ARBITER, "illegal e2e5").contains("game is over"));
}

#[test]
fn a_mate_made_by_an_illegal_move_does_not_end_the_game() {
    let mut m = start("chess", None);
    // The queen jumps over the e7 pawn: Fool's mate's position, but by an illegal move.
    play(&mut m, &["f3", "d6", "g4"]);
    m.apply(ARBITER, "illegal Qd8h4").unwrap();
    assert_eq!(m.turn(), Turn::seat(0), "FIDE 5.1.1: only a legal move mates");
    assert_eq!(m.legal().unwrap(), ["resign", "draw offer"]);
    play(&mut m, &["resign"]);
    assert!(matches!(m.turn(), Turn::Over { .. }));
}

#[test]
fn variants_make_the_move_their_way_and_keep_their_kings() {
    // Crazyhouse: the piece taken goes into the pocket.
    let mut m = start("crazyhouse", None);
    play(&mut m, &["e4", "d5"]);
    m.apply(ARBITER, "illegal Qd1xd5").unwrap();
    assert!(fen(m.as_ref()).contains("[P]"), "{}", fen(m.as_ref()));
    // Atomic: a capture explodes, and one that blows up a king cannot stand.
    let m = start("atomic", Some("4k3/8/8/8/8/8/3p4/4K2R w - - 0 1"));
    assert!(refused(m.as_ref(), ARBITER, "illegal Rh1d2").contains("without a king"));
    // Antichess: kings are not royal, so one may be taken.
    let mut m = start("antichess", Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    m.apply(ARBITER, "illegal a1e8").unwrap();
    assert!(matches!(m.turn(), Turn::Over { .. }), "black lost every piece");
}

fn header() -> Header {
    let mut header = Header::new("chess", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    header.id = Some([7; 16]);
    header
}

#[test]
fn through_the_kernel_the_entry_is_marked_and_verified() {
    let mut replay = Replay::start(crate::registry(), &header()).unwrap();
    let mut record = Record::new(header());
    for (actor, text) in [
        (None, "e4"),
        (None, "e5"),
        (Some(ARBITER), "illegal Ke1-e3"),
        (None, "Nf6"),
    ] {
        record.entries.push(replay.play(actor, text, None).unwrap());
    }
    assert_eq!(record.entries[2].actor, ARBITER);
    assert_eq!(record.entries[2].command, "illegal e1e3");
    assert_eq!(replay.remarks().len(), 1);
    assert_eq!(replay.remarks()[0].seq, 3);
    assert_eq!(
        replay.remarks()[0].text,
        "illegal move Ke1e3 by white, stood (FIDE 7.5)"
    );
    let report = verify_record(crate::registry(), &record);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(report.remarks, replay.remarks());
    // A player cannot enter it through the kernel either.
    let err = replay.play(Some(Actor::Seat(0)), "illegal e3e5", None).unwrap_err();
    assert!(err.reason.contains("only the arbiter"), "{}", err.reason);
    // A record whose 'illegal' entry was a legal move fails verification at that entry.
    let mut forged = Record::new(header());
    forged.entries.push(record.entries[0].clone());
    forged.entries[0].actor = ARBITER;
    forged.entries[0].command = "illegal e2e4".into();
    forged.entries[0].state = None;
    let failure = verify_record(crate::registry(), &forged).failure.unwrap();
    assert_eq!(failure.seq, 1);
    assert!(failure.reason.contains("legal move here"), "{}", failure.reason);
    // Not canonical: the verifier asks for the UCI form.
    let mut loose = record.clone();
    loose.entries[2].command = "illegal Ke1-e3".into();
    let failure = verify_record(crate::registry(), &loose).failure.unwrap();
    assert!(failure.reason.contains("expected 'illegal e1e3'"), "{}", failure.reason);
}

#[test]
fn a_correction_withdraws_an_illegal_move_and_its_mark_with_it() {
    let mut replay = Replay::start(crate::registry(), &header()).unwrap();
    for (actor, text) in [(None, "e4"), (None, "e5"), (Some(ARBITER), "illegal e1e3")] {
        replay.play(actor, text, None).unwrap();
    }
    replay
        .play(Some(ARBITER), "correct 2 claimed in time: the king went back", None)
        .unwrap();
    assert_eq!(replay.remarks().len(), 1, "the log still shows it");
    assert!(replay.remarks_in_force().is_empty(), "the game as it stands does not");
    replay.play(None, "Nf3", None).unwrap();
}

#[test]
fn notations_write_the_illegal_move_or_say_why_they_cannot() {
    use crate::notation::{FEN, PGN, UCI};
    use kifu_core::format::Format;
    let mut replay = Replay::start(crate::registry(), &header()).unwrap();
    let mut record = Record::new(header());
    for (actor, text) in [
        (None, "e4"),
        (None, "e5"),
        (Some(ARBITER), "illegal Ke1-e3"),
        (None, "Nf6"),
        (None, "Kd3"),
        (Some(ARBITER), "illegal Qd8-d4"),
    ] {
        record.entries.push(replay.play(actor, text, None).unwrap());
    }
    let pgn = PGN.write(&record).unwrap();
    let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    let stood = "{illegal move, stood (FIDE 7.5)}";
    assert!(
        movetext.ends_with(&format!("1. e4 e5 2. Ke1e3 {stood} 2... Nf6 3. Kd3 Qd8d4+ {stood} *")),
        "{pgn}"
    );
    let why = UCI.write(&record).unwrap_err().reason;
    assert!(
        why.contains("move 3 ('illegal e1e3') is an illegal move that stood"),
        "{why}"
    );
    assert_eq!(
        FEN.write(&record).unwrap(),
        "rnb1kb1r/pppp1ppp/5n2/4p3/3qP3/3K4/PPPP1PPP/RNBQ1BNR w kq - 4 4\n"
    );
    // Read back, the illegal move is refused like any illegal move in a file.
    let drafts = PGN.read(&pgn);
    let draft = drafts.into_iter().next().unwrap().unwrap();
    let why = kifu_core::format::build(crate::registry(), &draft, None)
        .unwrap_err()
        .reason;
    assert!(why.contains("Ke1e3"), "{why}");
}

#[test]
fn pgn_writes_pawn_captures_and_promotions_that_stood() {
    use crate::notation::PGN;
    use kifu_core::format::Format;
    let mut header = header();
    header.start = Some("4k3/3r3P/3n4/8/4P3/8/8/4K3 w - - 0 1".into());
    let mut replay = Replay::start(crate::registry(), &header).unwrap();
    let mut record = Record::new(header);
    for (actor, text) in [
        (Some(ARBITER), "illegal e4xd6"),
        (None, "Rd8"),
        (Some(ARBITER), "illegal h7-g8=Q"),
    ] {
        record.entries.push(replay.play(actor, text, None).unwrap());
    }
    let pgn = PGN.write(&record).unwrap();
    let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    let stood = "{illegal move, stood (FIDE 7.5)}";
    assert!(
        movetext.ends_with(&format!("1. e4xd6 {stood} 1... Rd8 2. h7g8=Q+ {stood} *")),
        "{pgn}"
    );
}

/// `entry_move` trims only the text's start before the keyword: it finds what trimming both
/// ends first found, for blanks of every kind on either side.
#[test]
fn an_illegal_entry_is_found_as_when_the_text_was_trimmed_first() {
    let trimmed_first = |text: &str| -> Option<String> {
        let rest = text.trim().strip_prefix("illegal")?;
        (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim().to_string())
    };
    let mut compared = 0;
    for before in ["", " ", "\t", "\u{3000}", " \n "] {
        for word in ["illegal", "illegalx", "Illegal", "illega", "Nf3", "resign", ""] {
            for between in ["", " ", "\t", "\u{2003}", "  "] {
                for rest in ["", "e1g1", "e7-e8=Q", "x", "\u{2003}"] {
                    for after in ["", " ", "\u{3000}", " \t"] {
                        let text = format!("{before}{word}{between}{rest}{after}");
                        assert_eq!(
                            crate::illegal::entry_move(&text).map(str::to_string),
                            trimmed_first(&text),
                            "{text:?}"
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert_eq!(compared, 5 * 7 * 5 * 5 * 4);
}
