//! Kriegspiel from the published rules (Wikipedia "Kriegspiel (chess)", the ICC rules as
//! open-spiel implements them), driven through the kernel's replay: the attempts, the umpire's
//! words after each, the ends, bad input refused, and what each view is shown.

use kifu_core::format::Format;
use kifu_core::record::{text, Actor, ChanceMode, Record};
use kifu_core::replay::{log_view, verify_record, Replay};
use kifu_core::{Turn, View};

use super::pgn::FORMAT;
use crate::registry;

const WHITE: Actor = Actor::Seat(0);
const BLACK: Actor = Actor::Seat(1);

struct Game {
    replay: Replay,
    record: Record,
}

impl Game {
    fn new(start: Option<&str>) -> Game {
        Game::keyed(start, "?")
    }
    fn keyed(start: Option<&str>, key: &str) -> Game {
        let header = crate::testing::header("kriegspiel", start, ChanceMode::Observed);
        let mut game = Game {
            replay: Replay::start(registry(), &header).unwrap(),
            record: Record::new(header),
        };
        game.play(Actor::Chance, &format!("key {key}"));
        game
    }
    fn play(&mut self, actor: Actor, text: &str) -> String {
        let entry = self
            .replay
            .play(Some(actor), text, None)
            .unwrap_or_else(|f| panic!("{text}: {f}"));
        self.record.entries.push(entry.clone());
        entry.command
    }
    /// Makes an attempt by whoever is to move and returns the umpire's words (as the other
    /// seat's log shows them).
    fn try_move(&mut self, text: &str) -> String {
        let Turn::Seat { seat } = self.replay.turn() else {
            panic!("no seat to move: {}", self.replay.turn());
        };
        let heard = self
            .replay
            .current()
            .redact(Actor::Seat(seat), text, View::Seat(1 - seat));
        let command = self.play(Actor::Seat(seat), text);
        assert!(
            heard.starts_with("? {"),
            "the other seat sees no move: {heard} for {command}"
        );
        heard[3..heard.len() - 1].to_string()
    }
    /// Several attempts; their words.
    fn tries(&mut self, moves: &str) -> Vec<String> {
        moves.split_whitespace().map(|m| self.try_move(m)).collect()
    }
    fn refused(&mut self, actor: Actor, text: &str) -> String {
        let head = self.replay.head();
        let reason = self.replay.play(Some(actor), text, None).unwrap_err().reason;
        assert_eq!(self.replay.head(), head, "nothing changed");
        reason
    }
    fn fen(&self, view: View) -> String {
        self.replay.current().state_json(view)["fen"]
            .as_str()
            .unwrap()
            .to_string()
    }
    fn legal(&self) -> Vec<String> {
        self.replay.current().legal().unwrap()
    }
    fn over(&self) -> Option<kifu_core::Outcome> {
        crate::testing::over(&self.replay)
    }
}

#[test]
fn at_the_start_white_may_try_the_twenty_moves_and_fourteen_pawn_tries() {
    // open-spiel lists 34 actions here too: 16 pawn steps, 4 knight moves, and each pawn's
    // diagonal steps (the a- and h-pawns one each), which only the umpire can judge.
    let game = Game::new(None);
    let legal = game.legal();
    assert_eq!(legal.len(), 34, "{legal:?}");
    for attempt in ["e2e4", "g1f3", "e2d3", "a2b3", "h2g3"] {
        assert!(legal.contains(&attempt.to_string()), "{attempt}");
    }
    assert!(!legal.contains(&"a2h3".to_string()));
    assert!(
        !legal.contains(&"f1c4".to_string()),
        "the bishop is shut in by its own pawns"
    );
}

#[test]
fn each_seat_sees_only_its_own_men() {
    let game = Game::new(None);
    assert_eq!(game.fen(View::Seat(0)), "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - ? 1");
    assert_eq!(game.fen(View::Seat(1)), "rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - ? 1");
    assert_eq!(game.fen(View::Public), "8/8/8/8/8/8/8/8 w - - ? 1");
    assert_eq!(
        game.fen(View::Full),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn an_illegal_attempt_is_an_entry_and_the_turn_stays() {
    let mut game = Game::new(None);
    assert_eq!(game.tries("e2e4 e7e5"), ["White has moved", "Black has moved"]);
    // The e-pawn cannot step onto the black pawn it cannot see.
    assert_eq!(game.try_move("e4e5"), "illegal");
    assert_eq!(game.replay.turn(), Turn::seat(0));
    assert_eq!(game.record.entries.len(), 4, "the key and three attempts");
    // The same attempt may not be made again on this board; nothing is stored.
    assert_eq!(
        game.refused(WHITE, "e4e5"),
        "e4e5 was refused as illegal in this position already"
    );
    assert!(!game.legal().contains(&"e4e5".to_string()));
    assert_eq!(game.try_move("g1f3"), "White has moved");
}

#[test]
fn a_capture_is_announced_with_its_square_and_the_pawn_tries_are_counted() {
    let mut game = Game::new(None);
    assert_eq!(game.try_move("e4"), "White has moved");
    // After 1...d5 White's e-pawn can take on d5: one pawn try.
    assert_eq!(game.try_move("d5"), "Black has moved, 1 pawn try");
    assert_eq!(game.try_move("exd5"), "White has moved, pawn captured on d5");
    assert_eq!(game.try_move("Qxd5"), "Black has moved, pawn captured on d5");
    assert_eq!(game.try_move("Nc3"), "White has moved");
    // The knight on c3 attacks the queen: taking it is a piece captured.
    game.try_move("a6");
    assert_eq!(game.try_move("Nxd5"), "White has moved, piece captured on d5");
}

#[test]
fn a_rook_may_try_to_pass_an_unseen_man_and_is_refused() {
    let mut game = Game::new(Some("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1"));
    assert!(
        game.legal().contains(&"a1a8".to_string()),
        "its own board shows the file free"
    );
    assert_eq!(game.try_move("a1a8"), "illegal");
    assert_eq!(game.try_move("Ra4"), "White has moved, pawn captured on a4");
}

#[test]
fn checks_are_announced_by_their_line() {
    // File and rank.
    let mut game = Game::new(Some("3k4/8/8/8/8/8/8/R3K3 w - - 0 1"));
    assert_eq!(game.try_move("Rd1"), "White has moved, check on the file");
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/4K2R w - - 0 1"));
    assert_eq!(game.try_move("Rh8"), "White has moved, check on the rank");
    // The diagonals through e8: a4-e8 (five squares) is the long one, e8-h5 (four) the short.
    let start = "4k3/p7/8/8/8/3B4/8/4K3 w - - 0 1";
    let mut game = Game::new(Some(start));
    assert_eq!(game.try_move("Bb5"), "White has moved, check on the long diagonal");
    let mut game = Game::new(Some(start));
    assert_eq!(game.try_move("Bg6"), "White has moved, check on the short diagonal");
    let mut game = Game::new(Some("4k3/p7/8/8/4N3/8/8/4K3 w - - 0 1"));
    assert_eq!(game.try_move("Nf6"), "White has moved, check by a knight");
}

#[test]
fn a_double_check_names_both_lines() {
    // The knight uncovers the rook's file, and from f6 checks too.
    let start = "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1";
    let mut game = Game::new(Some(start));
    assert_eq!(
        game.try_move("Nc5"),
        "White has moved, check on the file",
        "c5 does not attack e8: only the rook checks"
    );
    let mut game = Game::new(Some(start));
    assert_eq!(
        game.try_move("Nf6"),
        "White has moved, check on the file, check by a knight"
    );
}

#[test]
fn en_passant_is_announced_on_the_taken_pawns_square() {
    let mut game = Game::new(Some("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"));
    assert_eq!(game.try_move("e2e4"), "White has moved, 1 pawn try");
    assert_eq!(game.try_move("d4e3"), "Black has moved, pawn captured on e4");
    assert_eq!(game.fen(View::Full), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

#[test]
fn a_pinned_piece_may_be_tried_and_is_refused() {
    let mut game = Game::new(Some("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"));
    assert_eq!(game.try_move("Nc3"), "illegal");
    assert_eq!(game.try_move("Nd4"), "illegal");
    assert_eq!(game.try_move("Kd2"), "White has moved");
}

#[test]
fn castling_through_an_unseen_attack_is_refused() {
    let mut game = Game::new(Some("6k1/8/8/8/8/8/5r2/4K2R w K - 0 1"));
    assert!(game.legal().contains(&"e1g1".to_string()));
    assert_eq!(game.try_move("O-O"), "illegal");
    assert_eq!(game.try_move("Rh2"), "White has moved");
}

#[test]
fn checkmate_ends_the_game_at_once() {
    // Fool's mate: the umpire says so after the mating move (open-spiel waits until the mated
    // side has tried every attempt).
    let mut game = Game::new(None);
    game.tries("f3 e5 g4");
    assert_eq!(
        game.try_move("Qh4"),
        "Black has moved, check on the short diagonal; checkmate, Black wins"
    );
    let outcome = game.over().unwrap();
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(outcome.reason, "checkmate");
    assert!(game.legal().is_empty());
    assert!(game.refused(WHITE, "e2e3").starts_with("the game is over"));
}

#[test]
fn stalemate_insufficient_material_and_fifty_moves_draw() {
    let mut game = Game::new(Some("k7/8/8/1Q6/8/8/8/K7 w - - 0 1"));
    assert_eq!(
        game.try_move("Qb6"),
        "White has moved; drawn: stalemate: Black has no move"
    );
    let mut game = Game::new(Some("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"));
    assert_eq!(
        game.try_move("Kxd2"),
        "White has moved, pawn captured on d2; drawn: insufficient material"
    );
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 60"));
    assert_eq!(
        game.try_move("Ra2"),
        "White has moved; drawn: fifty moves without a capture or a pawn move"
    );
}

#[test]
fn threefold_repetition_draws() {
    let mut game = Game::new(None);
    game.tries("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(game.over(), None);
    assert_eq!(game.try_move("Ng8"), "Black has moved; drawn: threefold repetition");
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"));
    assert_eq!(
        game.refused(WHITE, "Nd2"),
        "'Nd2' is ambiguous: it could be b1d2 or f1d2"
    );
    assert_eq!(
        game.refused(WHITE, "e1e3"),
        "'e1e3' is not a move your pieces could try here"
    );
    assert_eq!(
        game.refused(WHITE, "Nb1d3"),
        "'Nb1d3' is not a move your pieces could try here"
    );
    assert_eq!(game.refused(BLACK, "e8e7"), "p2 may not act now: p1 to act");
    assert_eq!(
        game.refused(Actor::Arbiter, "e1e2"),
        "only the players and chance (the key) act in Kriegspiel"
    );
    assert_eq!(game.try_move("Nbd2"), "White has moved");
}

#[test]
fn the_logs_show_each_seat_its_own_attempts_and_everyone_the_umpire() {
    let mut game = Game::keyed(None, "000102030405060708090a0b0c0d0e0f");
    game.tries("e2e4 d7d5 e4f5 e4d5");
    let full: Vec<String> = game.record.entries.iter().map(|e| e.command.clone()).collect();
    assert!(full[3].starts_with("e4f5 salt="), "{full:?}");
    let white: Vec<String> = log_view(registry(), &game.record, View::Seat(0))
        .unwrap()
        .into_iter()
        .map(|e| e.command)
        .collect();
    assert_eq!(white[0], "key ?");
    assert_eq!(white[1], format!("{} {{White has moved}}", full[1]));
    assert_eq!(white[2], "? {Black has moved, 1 pawn try}");
    assert_eq!(white[3], format!("{} {{illegal}}", full[3]));
    let black: Vec<String> = log_view(registry(), &game.record, View::Seat(1))
        .unwrap()
        .into_iter()
        .map(|e| e.command)
        .collect();
    assert_eq!(black[3], "? {illegal}");
    assert_eq!(black[4], "? {White has moved, pawn captured on d5}");
    let public = log_view(registry(), &game.record, View::Public).unwrap();
    assert!(public.iter().skip(1).all(|e| e.command.starts_with("? {")));
    assert!(
        public.iter().all(|e| e.state.is_none()),
        "no state hash to test guesses against"
    );
}

#[test]
fn show_gives_a_seat_its_men_the_umpires_last_words_and_its_refused_attempts() {
    let mut game = Game::new(None);
    game.tries("e2e4 d7d5 e4f5");
    let white = game.replay.render(View::Seat(0));
    let board = |text: &str| text.lines().take(8).collect::<String>();
    assert!(white.contains("umpire: illegal"), "{white}");
    assert!(white.contains("refused here: e4f5"), "{white}");
    assert!(!board(&white).contains('p'), "no black man: {white}");
    let black = game.replay.render(View::Seat(1));
    assert!(!black.contains("e4f5") && !board(&black).contains('P'), "{black}");
    assert!(black.contains("umpire: illegal"), "{black}");
    let json = game.replay.current().state_json(View::Seat(1));
    assert_eq!(json["refused"].as_array().unwrap().len(), 0);
    assert_eq!(json["attempts"].as_array().unwrap().len(), 0, "not Black's turn");
    let arbiter = game.replay.current().state_json(View::Full);
    assert_eq!(arbiter["refused"][0], "e4f5");
    assert_eq!(arbiter["black"], "rnbqkbnr/ppp1pppp/8/3p4/8/8/8/8 w kq - ? 2");
}

#[test]
fn every_legal_move_is_among_the_attempts_in_random_play() {
    // In seeded random games, each position's legal moves are all attempts its side may try,
    // and an attempt is legal exactly when the umpire lets it stand.
    use kifu_chess::movegen::legal_moves;
    use kifu_chess::uci::move_to_uci;
    use kifu_core::chance::ChanceRng;
    for seed in 0..4u8 {
        let mut game = Game::new(None);
        let mut rng = ChanceRng::for_entry(&[seed; 32], 0);
        for _ in 0..200 {
            if game.over().is_some() {
                break;
            }
            let fen = game.fen(View::Full);
            let pos = kifu_chess::fen::parse_state_fen(kifu_chess::Variant::Standard, &fen).unwrap();
            let listed = game.legal();
            let legal: Vec<String> = legal_moves(&pos).iter().map(|m| move_to_uci(&pos, m)).collect();
            for m in &legal {
                assert!(listed.contains(m), "{fen}: {m} is legal but not an attempt");
            }
            let pick = listed[rng.below(listed.len() as u64) as usize].clone();
            let words = game.try_move(&pick);
            assert_eq!(words == "illegal", !legal.contains(&pick), "{fen}: {pick}: {words}");
        }
    }
}

#[test]
fn pgn_carries_the_refused_attempts_and_reads_back_as_the_same_game() {
    let mut game = Game::new(None);
    game.tries("e2e4 e7e5 e4e5 g1f3 b8c6 f1c4 g8f6 f3g5 f8c5 g5f7 d8e7 f7h8");
    let text = FORMAT.write(&game.record).unwrap();
    assert!(text.contains("[Variant \"Kriegspiel\"]"), "{text}");
    assert!(
        text.contains("1. e4 e5 2. {refused: e4e5} Nf3 Nc6 3. Bc4 Nf6 4. Ng5 Bc5 5. Nxf7 Qe7 6. Nxh8 *"),
        "{text}"
    );
    let drafts = FORMAT.read(&text);
    let draft = drafts[0].as_ref().unwrap();
    let typed: Vec<&str> = draft.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(typed[..4], ["key ?", "e4", "e5", "e4e5"]);
    // Replayed, the draft gives the same commands.
    let header = crate::testing::header("kriegspiel", None, ChanceMode::Observed);
    let mut replay = Replay::start(registry(), &header).unwrap();
    let commands: Vec<String> = draft
        .moves
        .iter()
        .map(|m| replay.play(m.actor, &m.text, None).unwrap().command)
        .collect();
    let recorded: Vec<String> = game.record.entries.iter().map(|e| e.command.clone()).collect();
    assert_eq!(commands, recorded);
    // A PGN of another variant is refused with its line.
    let wrong = FORMAT.read("[Variant \"Dark chess\"]\n\n1. e4 *\n");
    let error = wrong[0].as_ref().unwrap_err();
    assert_eq!((error.game, error.line), (Some(1), Some(1)));
}

#[test]
fn a_resignation_and_a_mate_travel_in_pgn() {
    let mut game = Game::new(None);
    game.tries("f3 e5 g4 Qh4");
    let text = FORMAT.write(&game.record).unwrap();
    assert!(text.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{text}");
    let mut game = Game::new(None);
    game.tries("e4");
    game.play(BLACK, "resign");
    let text = FORMAT.write(&game.record).unwrap();
    assert!(text.contains("1. e4 1-0"), "{text}");
    let draft = FORMAT.read(&text).remove(0).unwrap();
    assert_eq!(draft.moves.last().unwrap().text, "resign");
}

#[test]
fn the_record_verifies_and_round_trips_through_kifu_text() {
    let mut game = Game::keyed(None, "ffeeddccbbaa99887766554433221100");
    game.tries("e2e4 d7d5 e4f5 e4d5 d8d5");
    let report = verify_record(registry(), &game.record);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    let written = text::write(&game.record);
    let read = text::read(&written).unwrap();
    assert_eq!(read.record.entries, game.record.entries);
    // A salt made from the key: typing the move bare gives the same entry.
    assert!(game.record.entries[1].command.starts_with("e2e4 salt="));
}
