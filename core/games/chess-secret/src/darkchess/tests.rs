//! Dark chess from the published rules (Wikipedia "Dark chess", whose rules open-spiel's
//! `dark_chess` follows), driven through the kernel's replay: what each side sees, moves
//! without check, the king's capture, the draws, and the views of the log.

use kifu_core::chance::ChanceRng;
use kifu_core::format::Format;
use kifu_core::record::{text, Actor, ChanceMode, Header, Record};
use kifu_core::replay::{log_view, verify_record, verify_text, Replay};
use kifu_core::{Turn, View};

use super::pgn::FORMAT;
use crate::registry;

const WHITE: Actor = Actor::Seat(0);
const BLACK: Actor = Actor::Seat(1);

fn header(start: Option<&str>) -> Header {
    crate::testing::header("darkchess", start, ChanceMode::Observed)
}

struct Game {
    replay: Replay,
    record: Record,
}

impl Game {
    /// A game without a key (`key ?`): moves are stored bare.
    fn new(start: Option<&str>) -> Game {
        Game::keyed(start, "?")
    }
    /// A game whose key chance enters first (`key HEX`, or `?`).
    fn keyed(start: Option<&str>, key: &str) -> Game {
        let header = header(start);
        let mut game = Game {
            replay: Replay::start(registry(), &header).unwrap(),
            record: Record::new(header),
        };
        let entry = game
            .replay
            .play(Some(Actor::Chance), &format!("key {key}"), None)
            .unwrap();
        game.record.entries.push(entry);
        game
    }
    /// Plays moves, each by whoever is to move (`e4 salt=HEX` is one move); returns their
    /// canonical texts.
    fn moves(&mut self, moves: &str) -> Vec<String> {
        let mut typed: Vec<String> = Vec::new();
        for word in moves.split_whitespace() {
            match typed.last_mut() {
                Some(last) if word.starts_with("salt=") => *last = format!("{last} {word}"),
                _ => typed.push(word.to_string()),
            }
        }
        typed
            .iter()
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
        assert_eq!(self.replay.head(), head, "nothing changed");
        reason
    }
    /// A view's FEN (`?` on unseen squares).
    fn seen(&self, view: View) -> String {
        self.replay.current().state_json(view)["fen"]
            .as_str()
            .unwrap()
            .to_string()
    }
    fn visible(&self, view: View) -> Vec<String> {
        let json = self.replay.current().state_json(view);
        json["visible"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    }
    fn legal(&self) -> Vec<String> {
        self.replay.current().legal().unwrap()
    }
    fn over(&self) -> Option<kifu_core::Outcome> {
        crate::testing::over(&self.replay)
    }
}

#[test]
fn at_the_start_each_side_sees_its_own_half() {
    // Every square of ranks 3 and 4 is reached by a pawn step or a knight; nothing beyond.
    let game = Game::new(None);
    assert_eq!(
        game.seen(View::Seat(0)),
        "????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1"
    );
    assert_eq!(
        game.seen(View::Seat(1)),
        "rnbqkbnr/pppppppp/8/8/????????/????????/????????/???????? w kq - ? 1"
    );
    // The public sees what both sides see: nothing yet.
    assert_eq!(
        game.seen(View::Public),
        "????????/????????/????????/????????/????????/????????/????????/???????? w - - ? 1"
    );
    assert_eq!(game.legal().len(), 20);
}

#[test]
fn a_piece_in_front_of_a_pawn_stays_hidden() {
    // Wikipedia: "it is always clear when an enemy piece is directly in front of a pawn,
    // because that square will be hidden (as that is not a legal move for the pawn)".
    let mut game = Game::new(None);
    game.moves("e4 e5");
    let white = game.visible(View::Seat(0));
    assert!(!white.contains(&"e5".to_string()), "{white:?}");
    let black = game.visible(View::Seat(1));
    assert!(!black.contains(&"e4".to_string()), "{black:?}");
    // After Nf3 the knight attacks e5, and the pawn there comes into sight.
    game.moves("Nf3");
    assert_eq!(
        game.seen(View::Seat(0)),
        "????????/????????/1???????/?1??p?1?/4P?2/4?N2/PPPP1PPP/RNBQKB1R b KQ - ? 2"
    );
}

#[test]
fn a_pawn_sees_diagonally_only_what_it_can_take() {
    let mut game = Game::new(None);
    game.moves("e4 d5");
    // exd5 is a move, so d5 and the pawn on it are seen; f5 (empty) is not a pawn's move,
    // nor any piece's; e5 is the e-pawn's step, b5 and a6 the bishop's, h5 the queen's; e3,
    // which the e-pawn left, no piece reaches.
    assert_eq!(
        game.seen(View::Seat(0)),
        "????????/????????/1???????/?1?p1??1/4P3/4?3/PPPP1PPP/RNBQKBNR w KQ - ? 2"
    );
    let visible = game.visible(View::Seat(0));
    assert!(visible.contains(&"d5".to_string()));
    assert!(!visible.contains(&"f5".to_string()));
}

#[test]
fn the_king_may_move_into_attack_and_is_then_taken() {
    // No check: moving into attack is legal, and the capture of the king wins.
    let mut game = Game::new(Some("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"));
    game.moves("Kd1");
    assert_eq!(game.over(), None);
    let taken = game.moves("Rxd1");
    assert_eq!(taken, ["Rxd1#"]);
    let outcome = game.over().expect("the king was taken");
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(outcome.reason, "Black took the king");
    // The board after the end has no white king.
    let full = game.replay.current().state_json(View::Full);
    assert_eq!(
        full["fen"].as_str().unwrap().split(' ').next(),
        Some("4k3/8/8/8/8/8/8/3r4")
    );
}

#[test]
fn a_king_left_in_attack_may_be_ignored_by_the_attacker() {
    // Failing to move out of check is legal, and the attacker need not take the king.
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"));
    game.moves("Ke2 Ra2");
    assert_eq!(game.over(), None, "the rook did not take");
    game.moves("Kd3 Ra3");
    assert_eq!(game.moves("Kd4"), ["Kd4"]);
    assert!(game.legal().contains(&"Ra4".to_string()));
}

#[test]
fn no_move_is_marked_as_check() {
    let mut game = Game::new(None);
    let made = game.moves("e4 f6 Qh5");
    assert_eq!(made, ["e4", "f6", "Qh5"], "no + after Qh5 although it attacks e8");
    assert!(game.legal().contains(&"Nh6".to_string()));
    // A king next to its attacker is a move like any other.
    assert!(game.legal().contains(&"Kf7".to_string()));
}

#[test]
fn castling_out_of_through_and_into_attack_is_legal() {
    // Wikipedia: "castling is allowed out of check, into check, and through the positions
    // attacked by opponent pieces". The rook on e8 checks, the one on f8 covers f1, the
    // bishop on c5 covers g1.
    let start = "4rr1k/8/8/2b5/8/8/8/R3K2R w KQ - 0 1";
    let mut game = Game::new(Some(start));
    assert!(game.legal().contains(&"O-O".to_string()));
    assert!(game.legal().contains(&"O-O-O".to_string()));
    game.moves("O-O");
    let fen = game.replay.current().state_json(View::Full)["fen"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(fen, "4rr1k/8/8/2b5/8/8/8/R4RK1 b - - 1 1");
    // Black may now take the king on g1.
    assert_eq!(game.moves("Bxg1"), ["Bxg1#"]);
}

#[test]
fn castling_still_needs_the_squares_between_empty() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/R2QK1NR w KQ - 0 1"));
    let legal = game.legal();
    assert!(!legal.iter().any(|m| m.starts_with("O-O")), "{legal:?}");
    let reason = game.refused(WHITE, "O-O");
    assert!(reason.contains("castl") || reason.contains("O-O"), "{reason}");
}

#[test]
fn a_castling_king_sees_its_target_square() {
    // The king's target g1 is seen through castling; the rook's square h1 is its own piece.
    let game = Game::new(Some("4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1"));
    let visible = game.visible(View::Seat(0));
    for square in ["g1", "f1", "h1", "d1", "d2", "e2"] {
        assert!(visible.contains(&square.to_string()), "{square} in {visible:?}");
    }
    // h1's rook is blocked by h2, and the castling move is O-O.
    assert!(game.legal().contains(&"O-O".to_string()));
}

#[test]
fn en_passant_shows_the_pawn_to_take_for_one_turn_only() {
    // Wikipedia: "the threatened pawn and the square it moved through are both visible to the
    // capturing player, but only until the end of the turn".
    let mut game = Game::new(Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    game.moves("d5");
    let white = game.visible(View::Seat(0));
    assert!(
        white.contains(&"d6".to_string()) && white.contains(&"d5".to_string()),
        "{white:?}"
    );
    assert!(
        game.seen(View::Seat(0)).contains(" w - d6 ? "),
        "{}",
        game.seen(View::Seat(0))
    );
    // Black's view carries no en passant square: it is White's capture.
    assert!(
        game.seen(View::Seat(1)).contains(" w - - ? "),
        "{}",
        game.seen(View::Seat(1))
    );
    game.moves("Ke2 Ke7");
    let white = game.visible(View::Seat(0));
    assert!(!white.contains(&"d5".to_string()), "{white:?}");
    assert!(!game.legal().contains(&"exd6".to_string()));
}

#[test]
fn en_passant_is_a_move_even_where_chess_would_forbid_it() {
    // The pawn on e5 is pinned against its king by the rook on a5; chess forbids exd6, dark
    // chess has no pins. The FEN keeps the square (chess's FEN would leave it out).
    let mut game = Game::new(Some("4k3/3p4/8/r3P2K/8/8/8/8 b - - 0 1"));
    game.moves("d5");
    let full = game.replay.current().state_json(View::Full);
    assert_eq!(full["fen"], "4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 2");
    assert_eq!(game.moves("exd6"), ["exd6"]);
    assert_eq!(game.moves("Rxh5"), ["Rxh5#"]);
}

#[test]
fn a_pinned_piece_moves_and_is_named_apart_from_its_twin() {
    // The bishop on b4 pins the knight on c3 to the king: chess allows only Ng1-e2 (SAN
    // "Ne2"); dark chess has no pins, both knights reach e2, and SAN names the file.
    let mut game = Game::new(Some("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1"));
    let legal = game.legal();
    assert!(
        legal.contains(&"Nce2".to_string()) && legal.contains(&"Nge2".to_string()),
        "{legal:?}"
    );
    let reason = game.refused(WHITE, "Ne2");
    assert_eq!(reason, "'Ne2' is ambiguous: it could be Nge2 or Nce2");
    assert_eq!(game.moves("c3e2"), ["Nce2"]);
    assert_eq!(game.moves("Bxe1"), ["Bxe1#"], "the king left in attack is taken");
}

#[test]
fn a_move_that_is_not_one_is_refused_with_the_reason() {
    let mut game = Game::new(None);
    let reason = game.refused(WHITE, "e5");
    assert!(!reason.is_empty(), "{reason}");
    let reason = game.refused(WHITE, "Ke2");
    assert!(!reason.is_empty(), "a king move through its own pawn: {reason}");
    let reason = game.refused(BLACK, "e5");
    assert!(
        reason.contains("p1") || reason.contains("turn") || reason.contains("White"),
        "{reason}"
    );
    let reason = game.refused(Actor::Arbiter, "e4");
    assert!(!reason.is_empty());
}

#[test]
fn threefold_repetition_draws() {
    let mut game = Game::new(None);
    game.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(game.over(), None);
    game.moves("Ng8");
    let outcome = game.over().expect("the start position stood a third time");
    assert!(outcome.winners.is_empty());
    assert_eq!(outcome.reason, "threefold repetition");
}

#[test]
fn fifty_quiet_moves_draw() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"));
    game.moves("Ra2");
    assert_eq!(game.over(), None);
    game.moves("Kd7");
    let outcome = game.over().expect("a hundred quiet half-moves");
    assert!(outcome.winners.is_empty());
    assert_eq!(outcome.reason, "fifty moves without a capture or a pawn move");
}

#[test]
fn a_side_without_a_move_is_stalemated() {
    // Black's king is walled in by its own men: bishop and rook boxed in, the pawns blocked
    // with nothing to take; a king may walk into attack, but here it has nowhere to walk.
    let start = "kb6/prp5/PpP5/1P6/8/8/8/7K w - - 0 1";
    let mut game = Game::new(Some(start));
    assert_eq!(
        game.seen(View::Seat(1)),
        "kb??????/prp?????/?p??????/????????/????????/????????/????????/???????? w - - ? 1"
    );
    game.moves("Kg1");
    let outcome = game.over().expect("Black has no move");
    assert!(outcome.winners.is_empty());
    assert_eq!(outcome.reason, "stalemate: Black has no move");
}

#[test]
fn a_start_position_with_both_kings_in_attack_is_taken() {
    // Not a legal chess position (the side not to move is in check): a dark chess one. Each
    // rook attacks the other king; White, to move, takes first.
    let start = "4k3/8/8/8/8/8/4R3/4K2r w - - 0 1";
    assert!(kifu_chess::fen::parse_fen(kifu_chess::Variant::Standard, start).is_err());
    let mut game = Game::new(Some(start));
    assert_eq!(game.moves("Rxe8"), ["Rxe8#"]);
    assert_eq!(game.over().unwrap().winners, vec![0]);
    let too_long = header(Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"));
    assert!(Replay::start(registry(), &too_long).is_err());
    let kingless = header(Some("8/8/8/8/8/8/8/4K3 w - - 0 1"));
    let refused = Replay::start(registry(), &kingless).err().expect("no black king");
    assert!(refused.reason.contains("king"), "{}", refused.reason);
}

#[test]
fn a_seat_log_shows_its_own_moves_and_hides_the_others() {
    let mut game = Game::new(None);
    game.moves("e4 e5 Nf3");
    let entry = game.replay.play(Some(BLACK), "resign", None).unwrap();
    game.record.entries.push(entry);
    let texts = |view: View| -> Vec<String> {
        log_view(registry(), &game.record, view)
            .unwrap()
            .into_iter()
            .map(|e| e.command)
            .collect()
    };
    assert_eq!(texts(View::Full), ["key ?", "e4", "e5", "Nf3", "resign"]);
    assert_eq!(texts(View::Seat(0)), ["key ?", "e4", "?", "Nf3", "resign"]);
    assert_eq!(texts(View::Seat(1)), ["key ?", "?", "e5", "?", "resign"]);
    assert_eq!(texts(View::Public), ["key ?", "?", "?", "?", "resign"]);
    for view in [View::Seat(0), View::Seat(1), View::Public] {
        assert!(
            log_view(registry(), &game.record, view)
                .unwrap()
                .iter()
                .all(|e| e.state.is_none()),
            "{view:?}: no state hash to test guesses of the hidden position against"
        );
    }
    assert_eq!(game.over().unwrap().winners, vec![0]);
}

#[test]
fn the_public_sees_only_what_both_sides_see() {
    let mut game = Game::new(None);
    game.moves("e4 d5");
    // d5's pawn is seen by White (exd5) and by Black (its own); e4 likewise (dxe4).
    // a6: Bf1 and Nb8 (or a7-a6); b5: Bf1 and b7-b5; h3: h2-h3 and Bc8; and so on.
    let public = game.visible(View::Public);
    assert_eq!(public, ["h3", "d4", "e4", "g4", "b5", "d5", "e5", "h5", "a6"]);
    assert_eq!(
        game.seen(View::Public),
        "????????/????????/1???????/?1?p1??1/???1P?1?/???????1/????????/???????? w - - ? 2"
    );
    let white: Vec<String> = game.visible(View::Seat(0));
    let black: Vec<String> = game.visible(View::Seat(1));
    assert!(public.iter().all(|s| white.contains(s) && black.contains(s)));
}

#[test]
fn views_never_show_an_unseen_piece() {
    // Everything a view prints (text, JSON, picture) leaves out the black queen that White
    // does not see.
    let game = Game::new(Some("3qk3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    let current = game.replay.current();
    assert!(current.render(View::Full).contains('q'));
    for view in [View::Seat(0), View::Public] {
        assert!(!current.render(view).contains('q'), "{}", current.render(view));
        let json = current.state_json(view).to_string();
        assert!(!json.contains("\"q\""), "{json}");
        assert!(!json.contains("3qk3"), "{json}");
        let svg = current.svg(view).unwrap();
        assert!(!svg.contains('♛'), "no black queen drawn");
        assert!(svg.contains("class=\"fog sq"), "unseen squares are greyed");
    }
    let svg = current.svg(View::Seat(1)).unwrap();
    assert!(svg.contains('♛'), "Black sees its queen");
}

#[test]
fn a_game_travels_in_pgn_with_its_variant_tag_and_back() {
    let mut game = Game::new(None);
    game.moves("e4 d5 exd5 Qxd5 Nc3 Qe5 Qe2 Qxe2 Bxe2 e6 Nb5 Bb4 Nxc7 Kd8 Nxa8");
    let written = FORMAT.write(&game.record).unwrap();
    assert!(written.contains("[Variant \"Dark chess\"]"), "{written}");
    assert!(written.contains("1. e4 d5 2. exd5 Qxd5 3. Nc3"), "{written}");
    assert!(written.trim_end().ends_with('*'), "{written}");
    let drafts = FORMAT.read(&written);
    let draft = drafts[0].as_ref().unwrap();
    assert_eq!(draft.game, "darkchess");
    let texts: Vec<&str> = draft.moves.iter().map(|m| m.text.as_str()).collect();
    let entries: Vec<&str> = game.record.entries.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(texts, entries);
    // Another variant's file is refused at its tag's line; a resignation is read from the result.
    let other = written.replace("Dark chess", "Atomic");
    let refused = FORMAT.read(&other).remove(0).unwrap_err();
    assert!(refused.to_string().contains("not Dark chess"), "{refused}");
    let resigned = FORMAT
        .read("[Variant \"Fog of War\"]\n[Result \"0-1\"]\n\n1.e4 e5 0-1\n")
        .remove(0)
        .unwrap();
    assert_eq!(
        resigned.moves.last().map(|m| (m.actor, m.text.as_str())),
        Some((Some(WHITE), "resign"))
    );
    let first: Vec<&str> = resigned.moves.iter().take(2).map(|m| m.text.as_str()).collect();
    assert_eq!(first, ["key ?", "e4"], "a file carries no key");
}

#[test]
fn a_record_from_black_to_move_numbers_its_pgn_from_there() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/3r4/4K3 b - - 0 30"));
    game.moves("Rd3 Ke2 Re3");
    let written = FORMAT.write(&game.record).unwrap();
    assert!(written.contains("30... Rd3 31. Ke2 Re3"), "{written}");
    assert!(
        written.contains("[FEN \"4k3/8/8/8/8/8/3r4/4K3 b - - 0 30\"]"),
        "{written}"
    );
}

/// A seeded random game: the key drawn from the seed, each move drawn from the legal list by
/// a stream of the seed.
fn random_game(seed: &[u8]) -> Record {
    let header = crate::testing::header(
        "darkchess",
        None,
        ChanceMode::Seeded {
            commitment: kifu_core::chance::commitment(seed),
        },
    );
    let mut game = Game {
        replay: Replay::start(registry(), &header).unwrap(),
        record: Record::new(header),
    };
    game.replay.set_seed(seed).unwrap();
    let drawn = game.replay.draw_chance(None).unwrap();
    assert!(drawn[0].command.starts_with("key "), "{:?}", drawn[0]);
    game.record.entries.extend(drawn);
    for ply in 0..600u64 {
        if game.over().is_some() {
            break;
        }
        let legal = game.legal();
        let pick = ChanceRng::for_entry(seed, ply).below(legal.len() as u64) as usize;
        game.moves(&legal[pick]);
    }
    if game.over().is_some() {
        let reveal = game.replay.reveal(None).unwrap();
        game.record.entries.push(reveal);
    }
    game.record
}

#[test]
fn seeded_random_games_end_and_verify() {
    let mut taken = 0;
    for n in 0..12u8 {
        let record = random_game(&[n; 16]);
        let report = verify_record(registry(), &record);
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        assert_eq!(
            report.seed,
            kifu_core::replay::SeedCheck::Checked,
            "game {n}: the key checked against the seed"
        );
        let Some(Turn::Over { outcome }) = report.turn else {
            panic!("game {n} did not end in {} moves", record.entries.len());
        };
        taken += usize::from(outcome.reason.contains("took the king"));
        let moves = &record.entries[1..record.entries.len() - 1];
        assert!(
            moves.iter().all(|e| e.command.contains(" salt=")),
            "game {n}: every move salted"
        );
        // The text form reads back and verifies, chain and all.
        let again = verify_text(registry(), &text::read(&text::write(&record)).unwrap());
        assert!(again.failure.is_none(), "game {n}: {:?}", again.failure);
    }
    assert!(taken >= 10, "most random games end by a king's capture ({taken} of 12)");
}

#[test]
fn with_a_key_every_move_is_salted_and_no_view_but_the_arbiters_holds_another_sides_salt() {
    // Without a salt a seat could hash each of the other side's twenty-odd possible moves and
    // compare with the chain hash every view is given; the key makes each move's salt.
    let key = "000102030405060708090a0b0c0d0e0f";
    let mut game = Game::keyed(None, key);
    let made = game.moves("e4 e5");
    let salt = |ply: u32| super::salt::hex(&super::salt::from_key(&super::salt::read(key).unwrap(), ply));
    assert_eq!(made, [format!("e4 salt={}", salt(0)), format!("e5 salt={}", salt(1))]);
    // A salt typed is kept as typed, and read back.
    let own = "ffeeddccbbaa99887766554433221100";
    assert_eq!(game.moves(&format!("Nf3 salt={own}")), [format!("Nf3 salt={own}")]);
    let white: Vec<String> = log_view(registry(), &game.record, View::Seat(0))
        .unwrap()
        .into_iter()
        .map(|e| e.command)
        .collect();
    assert_eq!(
        white,
        [
            "key ?".to_string(),
            made[0].clone(),
            "?".into(),
            format!("Nf3 salt={own}")
        ]
    );
    for view in [View::Seat(0), View::Seat(1), View::Public] {
        let json = game.replay.current().state_json(view).to_string();
        assert!(!json.contains(key) && !json.contains("salt"), "{view:?}: {json}");
    }
    // Text that is not a salt is refused with the reason.
    let reason = game.refused(BLACK, "Nc6 salt=xyz");
    assert!(reason.contains("32 lower-case hex digits"), "{reason}");
    // The key comes first, once, from chance alone.
    let reason = game.refused(Actor::Chance, &format!("key {key}"));
    assert!(!reason.is_empty());
    let mut fresh = Game::new(None);
    fresh.record.entries.clear();
    let header = header(None);
    fresh.replay = Replay::start(registry(), &header).unwrap();
    assert!(matches!(fresh.replay.turn(), Turn::Chance));
    let reason = fresh.refused(WHITE, "e4");
    assert!(!reason.is_empty());
    let reason = fresh.refused(Actor::Chance, "e4");
    assert!(reason.contains("key"), "{reason}");
}
